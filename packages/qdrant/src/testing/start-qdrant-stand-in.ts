import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createOpenApiValidator } from './openapi-validator.js';
import { createStandInCollection, type StandInCollection } from './stand-in-collection.js';
import { StandInError } from './stand-in-error.js';
import { checkQdrantValidation } from './stand-in-validation.js';

/** A local stand-in for a Qdrant server: the REST subset the adapter uses, checked against Qdrant's API. */
export interface QdrantStandIn {
  readonly url: string;
  /**
   * Every request or answer that did not match Qdrant's OpenAPI document, every request Qdrant's validation
   * refuses (422), and every feature the stand-in lacks that was asked for; a test run against it should end with
   * none.
   */
  readonly problems: readonly string[];
  /** The operations served, in order, as `method path` of Qdrant's document. */
  readonly calls: readonly string[];
  /** Stops listening and cuts open connections: the server is gone. */
  stop(): Promise<void>;
  /** Listens again on the same port with the same collections: the server is back. */
  start(): Promise<void>;
  /** While on, requests are accepted and never answered, as from a server that hangs. */
  hang(on: boolean): void;
  /** Cuts the connection of the next call of `operation` without answering, as a server closing it would. */
  resetNext(operation: string): void;
  /** From now on demands this API key (`undefined`: none), as after a key rotation on the server. */
  requireApiKey(key: string | undefined): void;
  /** Answers a coming call of `operation` (`method path`) with a 500 instead of serving it: the next, or the one after `after` served. */
  failNext(operation: string, options?: { readonly after?: number }): void;
  close(): Promise<void>;
}

/** Where the stand-in listens and the API key it demands (none by default). */
export interface QdrantStandInOptions {
  readonly port?: number;
  readonly apiKey?: string;
  /** The version `GET /` reports; defaults to 1.19.0. */
  readonly version?: string;
}

type Json = Record<string, unknown>;
type Handler = (collections: Map<string, StandInCollection>, name: string, body: Json) => unknown;

const missing = (name: string) => new StandInError(404, `Not found: Collection \`${name}\` doesn't exist!`);
const collectionOf = (collections: Map<string, StandInCollection>, name: string) => {
  const collection = collections.get(name);
  if (!collection) throw missing(name);
  return collection;
};

const routes: ReadonlyArray<readonly [string, RegExp, Handler]> = [
  ['get /', /^\/$/, () => ({ title: 'qdrant - vector search engine', version: '1.19.0' })],
  [
    'get /collections/{collection_name}/exists',
    /^\/collections\/([^/]+)\/exists$/,
    (all, name) => ({ exists: all.has(name) }),
  ],
  [
    'get /collections/{collection_name}',
    /^\/collections\/([^/]+)$/,
    (all, name) => collectionOf(all, name).info(),
  ],
  [
    'put /collections/{collection_name}',
    /^\/collections\/([^/]+)$/,
    (all, name, body) => {
      if (all.has(name)) throw new StandInError(409, `Wrong input: Collection \`${name}\` already exists!`);
      all.set(name, createStandInCollection(body));
      return true;
    },
  ],
  ['delete /collections/{collection_name}', /^\/collections\/([^/]+)$/, (all, name) => all.delete(name)],
  [
    'put /collections/{collection_name}/index',
    /^\/collections\/([^/]+)\/index$/,
    (all, name, body) => collectionOf(all, name).createIndex(body),
  ],
  [
    'put /collections/{collection_name}/points',
    /^\/collections\/([^/]+)\/points$/,
    (all, name, body) => collectionOf(all, name).upsert(body),
  ],
  [
    'post /collections/{collection_name}/points/payload',
    /^\/collections\/([^/]+)\/points\/payload$/,
    (all, name, body) => collectionOf(all, name).setPayload(body),
  ],
  [
    'post /collections/{collection_name}/points/delete',
    /^\/collections\/([^/]+)\/points\/delete$/,
    (all, name, body) => collectionOf(all, name).deletePoints(body),
  ],
  [
    'post /collections/{collection_name}/points/scroll',
    /^\/collections\/([^/]+)\/points\/scroll$/,
    (all, name, body) => collectionOf(all, name).scroll(body),
  ],
  [
    'post /collections/{collection_name}/points/query',
    /^\/collections\/([^/]+)\/points\/query$/,
    (all, name, body) => collectionOf(all, name).query(body),
  ],
];

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

// Qdrant's `service.max_request_size_mb` (32 by default): a longer JSON body is refused before it is parsed.
const maxRequestBytes = 32 * 1024 * 1024;

/**
 * Why Qdrant's API-key check refuses a request, as the text of its 401 (plain text, not JSON), or `undefined` when
 * it lets it through: `GET /` is open to all, the key comes in `api-key` or as an `Authorization` bearer token.
 */
function authRefusal(request: IncomingMessage, path: string, apiKey: string): string | undefined {
  if (path === '/') return undefined;
  const bearer = request.headers.authorization?.startsWith('Bearer ')
    ? request.headers.authorization.slice('Bearer '.length)
    : undefined;
  const given = request.headers['api-key'] ?? bearer;
  if (given === undefined) return 'Must provide an API key or an Authorization bearer token';
  return given === apiKey ? undefined : 'Invalid API key or JWT';
}

/** Starts the stand-in on loopback; its state lives in memory until `close`. */
export async function startQdrantStandIn(options: QdrantStandInOptions = {}): Promise<QdrantStandIn> {
  const validator = createOpenApiValidator();
  const collections = new Map<string, StandInCollection>();
  const problems: string[] = [];
  const calls: string[] = [];
  const sockets = new Set<Socket>();
  let hanging = false;
  let apiKey = options.apiKey;
  const failing = new Map<string, number>();
  const resetting = new Set<string>();

  const answer = (response: ServerResponse, operation: string | undefined, status: number, body: Json) => {
    if (operation) {
      for (const problem of validator.checkResponse(operation, status, body))
        problems.push(`${operation}: ${problem}`);
    }
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = (request.method ?? 'GET').toLowerCase();
    const bytes = await readBody(request);
    if (hanging) return;
    const route = routes.find(
      ([operation, pattern]) => operation.startsWith(`${method} `) && pattern.test(url.pathname),
    );
    if (!route) {
      problems.push(`${method.toUpperCase()} ${url.pathname}: not an operation the stand-in serves`);
      return answer(response, undefined, 404, { status: { error: 'Not found' }, time: 0 });
    }
    const [operation, pattern, run] = route;
    calls.push(operation);
    const time = () => (performance.now() - started) / 1000;
    const refusal = apiKey === undefined ? undefined : authRefusal(request, url.pathname, apiKey);
    if (refusal !== undefined) {
      response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8' }).end(refusal);
      return;
    }
    if (resetting.delete(operation)) {
      request.socket.destroy();
      return;
    }
    const pending = failing.get(operation);
    if (pending !== undefined) {
      if (pending > 0) failing.set(operation, pending - 1);
      else failing.delete(operation);
    }
    if (pending === 0) {
      return answer(response, operation, 500, {
        status: { error: 'Service internal error: injected' },
        time: time(),
      });
    }
    if (bytes.length > maxRequestBytes) {
      problems.push(`${operation}: a body of ${bytes.length} bytes, over Qdrant's ${maxRequestBytes}`);
      return answer(response, operation, 400, {
        status: {
          error: `Payload error: JSON payload (${bytes.length} bytes) is larger than allowed (limit: ${maxRequestBytes} bytes).`,
        },
        time: time(),
      });
    }
    let body: Json | undefined;
    try {
      body = bytes.length === 0 ? undefined : (JSON.parse(bytes.toString('utf8')) as Json);
    } catch {
      problems.push(`${operation}: the body is not JSON`);
      return answer(response, operation, 400, {
        status: { error: 'Format error in JSON body' },
        time: time(),
      });
    }
    const invalid = validator.checkRequest(operation, Object.fromEntries(url.searchParams), body);
    if (invalid.length > 0) {
      problems.push(...invalid.map((problem) => `${operation}: ${problem}`));
      return answer(response, operation, 400, {
        status: { error: `Format error in JSON body: ${invalid[0]}` },
        time: time(),
      });
    }
    try {
      const name = decodeURIComponent(pattern.exec(url.pathname)?.[1] ?? '');
      checkQdrantValidation(operation, body ?? {});
      const result =
        operation === 'get /'
          ? { title: 'qdrant - vector search engine', version: options.version ?? '1.19.0' }
          : run(collections, name, body ?? {});
      answer(
        response,
        operation,
        200,
        operation === 'get /' ? (result as Json) : { result, status: 'ok', time: time() },
      );
    } catch (error) {
      if (!(error instanceof StandInError)) throw error;
      // A feature the stand-in lacks, or a body Qdrant's validation refuses, is a problem of the caller's test.
      if (error.status === 501 || error.status === 422) problems.push(`${operation}: ${error.message}`);
      answer(response, operation, error.status, { status: { error: error.message }, time: time() });
    }
  };
  // Idle connections stay open longer than clients keep them (undici: 10 s), so a reused one is never cut.
  const server = createServer({ keepAliveTimeout: 30_000 }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      problems.push(`stand-in failure: ${error instanceof Error ? error.stack : String(error)}`);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  const port = await listen(options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    problems,
    calls,
    stop,
    start: async () => {
      await listen(port);
    },
    hang(on) {
      hanging = on;
    },
    resetNext(operation) {
      resetting.add(operation);
    },
    requireApiKey(key) {
      apiKey = key;
    },
    failNext(operation, failOptions) {
      failing.set(operation, failOptions?.after ?? 0);
    },
    close: stop,
  };
}
