import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consoleLogger, type Locale, type Opwire } from '@opwire/core';
import type { Answer } from './answer.js';
import { createDispatcher, type RouteInfo } from './create-dispatcher.js';
import type { HttpOptions } from './http-options.js';
import { type AnswerWriter, NodeExchange, trackConnection } from './node-exchange.js';
import type { OpenApiDocument } from './openapi.js';
import { applyLimits, checkingInterval, resolveLimits } from './server-limits.js';
import { writeAnswer } from './write-answer.js';

/** Where to listen; port 0 (the default) picks a free one. */
export interface ListenOptions {
  readonly port?: number;
  readonly host?: string | undefined;
}

/** An Opwire app served over `node:http`. */
export interface HttpServer {
  /** Starts listening and resolves with the base URL (`http://127.0.0.1:3000`). */
  listen(options?: ListenOptions): Promise<{ readonly url: string; readonly port: number }>;
  /**
   * The OpenAPI 3.1 document also served at `GET /openapi.json`: in English, or with operations' summaries
   * and descriptions in `locale` (as `Accept-Language` asks for it).
   */
  openapi(locale?: Locale): OpenApiDocument;
  /** Every route served, generated ones with their operation id. */
  routes(): readonly RouteInfo[];
  /**
   * Stops accepting and lets in-flight requests finish (up to `shutdownTimeoutMs`); then cancels what still runs,
   * as a client going away would, waits for those calls to end and be audited (up to `shutdownGraceMs`), and
   * runs `onClose`.
   */
  close(): Promise<void>;
  /** The underlying Node server. */
  readonly server: Server;
}

/** Serves an app's HTTP-exposed operations, OpenAPI, docs and health over `node:http` + `find-my-way`. */
export function createHttpServer(app: Opwire, options: HttpOptions = {}): HttpServer {
  const dispatcher = createDispatcher(app, options);
  const logger = options.logger ?? app.logger ?? consoleLogger;
  const calls = dispatcher.calls;
  let closing = false;
  let closed: Promise<void> | undefined;

  const settled = () => calls.end();
  const answer: AnswerWriter = (response: ServerResponse, result: Answer, unreadBody: boolean) => {
    try {
      const streaming = writeAnswer(response, result, closing || unreadBody);
      if (streaming) streaming.then(settled, settled);
      else settled();
    } catch (error) {
      logger.error('http write failed', { error });
      response.destroy();
      settled();
    }
  };
  const limits = resolveLimits(options.limits ?? {});
  const serve = (request: IncomingMessage, response: ServerResponse, continueExpected = false) => {
    calls.begin();
    dispatcher.dispatch(new NodeExchange(request, response, answer, continueExpected));
  };
  // Node keeps only the first of a repeated Authorization or Content-Type (and a few others) and drops the rest,
  // so a request carrying two credentials would be served as the first one's caller. Joined instead (`a, b`,
  // as a fetch `Request` carries them), a repeat no single value holds is refused, the same on both servers.
  // An HTTP/1.1 request without `Host` Node would answer with a bare 400 of its own: the dispatcher refuses it
  // instead, as problem+json with a request id, the CORS headers and the language the request asked for.
  const server = createServer(
    {
      connectionsCheckingInterval: checkingInterval(limits),
      joinDuplicateHeaders: true,
      requireHostHeader: false,
    },
    serve,
  );
  server.on('connection', trackConnection);
  // Node would send `100 Continue` before any route ran: a client would then upload a body the route refuses
  // from its headers alone (413, 401, 415) and, cut off mid-upload, never read the answer. The exchange sends it
  // when a route starts reading the body.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) =>
    serve(request, response, true),
  );
  applyLimits(server, limits, {
    corsHeadersFor: dispatcher.corsHeadersFor,
    accessLogger: options.accessLog ? logger : undefined,
  });

  const shutdown = async () => {
    closing = true;
    dispatcher.close();
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const deadline = delay(options.shutdownTimeoutMs ?? 10_000);
    await Promise.race([calls.settled(), deadline.passed]);
    server.closeIdleConnections();
    await Promise.race([stopped, deadline.passed]);
    deadline.clear();
    // What still runs is cancelled as a client going away cancels it (a detached call through the calls' own
    // signal), then given a moment to end and write its audit record while the stores are still open.
    calls.cancel();
    server.closeAllConnections();
    const grace = delay(options.shutdownGraceMs ?? 5_000);
    await Promise.race([calls.settled(), grace.passed]);
    grace.clear();
    await options.onClose?.();
  };

  return {
    server,
    openapi: (locale = 'en') => dispatcher.documentIn(locale),
    routes: () => dispatcher.routes,
    listen(listenOptions = {}) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(listenOptions.port ?? 0, listenOptions.host ?? '127.0.0.1', () => {
          server.off('error', reject);
          const { address, port } = server.address() as AddressInfo;
          const host = address.includes(':') ? `[${address}]` : address;
          resolve({ url: `http://${host}:${port}`, port });
        });
      });
    },
    close() {
      closed ??= shutdown();
      return closed;
    },
  };
}

/** A timer as a promise, with a way to stop it early. */
function delay(milliseconds: number): { readonly passed: Promise<void>; clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  const passed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, milliseconds);
  });
  return { passed, clear: () => clearTimeout(timer) };
}
