import type { Opwire } from '@opwire/core';
import { createFetchHandler } from '../create-fetch-handler.js';
import { createHttpServer, type HttpServer } from '../create-http-server.js';
import type { HttpOptions } from '../http-options.js';

/** One request as a test describes it. */
export interface TestRequest {
  readonly method?: string | undefined;
  readonly path: string;
  readonly token?: string | undefined;
  readonly headers?: Record<string, string> | undefined;
  /** A value to send as JSON, or raw text/bytes sent as they are. */
  readonly json?: unknown;
  readonly raw?: string | Uint8Array | undefined;
  /** Aborts the request (the client going away). */
  readonly signal?: AbortSignal | undefined;
}

/** A way to send test requests: over loopback to the node server, or straight to the fetch handler. */
export interface TestClient {
  send(request: TestRequest): Promise<Response>;
  close(): Promise<void>;
}

function toInit(request: TestRequest): RequestInit {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  let body: string | Uint8Array | undefined;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] ??= 'application/json';
  } else if (request.raw !== undefined) body = request.raw;
  return {
    method: request.method ?? 'GET',
    headers,
    ...(body === undefined ? {} : { body: body as NonNullable<RequestInit['body']> }),
    ...(request.signal ? { signal: request.signal } : {}),
  };
}

/** Serves an app with `createHttpServer` on 127.0.0.1 and sends requests with `fetch`. */
export async function serveOverLoopback(
  app: Opwire,
  options: HttpOptions = {},
): Promise<TestClient & { readonly url: string; readonly server: HttpServer }> {
  const server = createHttpServer(app, options);
  const { url } = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    server,
    send: (request) => fetch(`${url}${request.path}`, toInit(request)),
    close: () => server.close(),
  };
}

/** Serves an app with `createFetchHandler`, calling it directly with web `Request`s. */
export function serveThroughFetchHandler(app: Opwire, options: HttpOptions = {}): TestClient {
  const handler = createFetchHandler(app, options);
  return {
    send: (request) => handler(new Request(`http://opwire.test${request.path}`, toInit(request))),
    close: async () => handler.close(),
  };
}
