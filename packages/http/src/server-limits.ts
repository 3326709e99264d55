import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { coreErrors, type Logger, type OpwireError } from '@opwire/core';
import { requestedLocale } from '@opwire/core/surface';
import { joinVary } from './answer.js';
import { httpErrors } from './http-errors.js';
import { parserErrorReason } from './parser-error-reason.js';
import { toProblemJson } from './problem-json.js';
import { recordRefusal, requestInPacket } from './refused-request.js';
import { givenRequestId } from './request-preamble.js';
import { cutStalledSends } from './send-timeout.js';

/** How long a client may take (to send, and to take its answers) and how many may connect; every field has a default. */
export interface ServerLimits {
  /** Milliseconds to receive a request's headers (slowloris); default 10 000 (Node: 60 000). */
  readonly headersTimeoutMs?: number;
  /** Milliseconds to receive a whole request, body included (a trickled body); default 30 000 (Node: 300 000). */
  readonly requestTimeoutMs?: number;
  /** Milliseconds an idle keep-alive connection stays open; default 5 000. */
  readonly keepAliveTimeoutMs?: number;
  /** Connections open at once; past it new ones are closed at once and open ones continue. Default 10 000. */
  readonly maxConnections?: number;
  /**
   * Milliseconds a connection's answer may wait to be sent with no byte of it taken by the client (one that stops
   * reading); then the connection is closed and its call cancelled. An event stream waiting for its next event,
   * its output sent, is not waiting to be sent. Default 30 000.
   */
  readonly sendTimeoutMs?: number;
}

/** The limits in force, defaults filled in. */
export function resolveLimits(limits: ServerLimits): Required<ServerLimits> {
  const resolved = {
    headersTimeoutMs: limits.headersTimeoutMs ?? 10_000,
    requestTimeoutMs: limits.requestTimeoutMs ?? 30_000,
    keepAliveTimeoutMs: limits.keepAliveTimeoutMs ?? 5_000,
    maxConnections: limits.maxConnections ?? 10_000,
    sendTimeoutMs: limits.sendTimeoutMs ?? 30_000,
  };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isInteger(value) || value <= 0) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: { reason: `limits.${name} must be a positive integer, got ${value}` },
      });
    }
  }
  // Node requires the headers to arrive no later than the whole request.
  if (resolved.headersTimeoutMs > resolved.requestTimeoutMs)
    resolved.headersTimeoutMs = resolved.requestTimeoutMs;
  return resolved;
}

/** How often Node checks the timeouts: a quarter of the shortest, between 50 ms and 1 s (Node's default is 30 s). */
export function checkingInterval(limits: Required<ServerLimits>): number {
  return Math.max(
    50,
    Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)),
  );
}

/** What the answers to Node's own refusals take from the server's options. */
export interface RefusalOptions {
  /** The CORS headers an answer to this origin carries, if any. */
  readonly corsHeadersFor: (origin: string | undefined) => Readonly<Record<string, string>> | undefined;
  /** Writes their access lines, or `undefined` when the access log is off. */
  readonly accessLogger: Logger | undefined;
}

/**
 * Applies the limits to a Node server and answers Node's own rejections as problem+json, each with an
 * `X-Request-Id`, an access line and a SERVER span as the dispatcher's answers have.
 */
export function applyLimits(server: Server, limits: Required<ServerLimits>, refusals: RefusalOptions): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  cutStalledSends(server, limits.sendTimeoutMs);
  server.on('clientError', (error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex) =>
    answerClientError(error, socket, refusals),
  );
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) =>
    refuseExpectation(request, response, refusals),
  );
}

/**
 * Answers an `Expect` other than `100-continue` with 417 (RFC 9110 §10.1.1) as a problem+json document that names
 * it, where Node's own answer has no body. The connection is closed: a body the client sends anyway is not read.
 */
function refuseExpectation(
  request: IncomingMessage,
  response: ServerResponse,
  refusals: RefusalOptions,
): void {
  const startedAt = performance.now();
  const locale = requestedLocale({ 'accept-language': request.headers['accept-language'] }) ?? 'en';
  const asked = request.headers.expect ?? '';
  const expectation = asked.length > 100 ? `${asked.slice(0, 100)}…` : asked;
  const problem = toProblemJson(httpErrors.EXPECTATION_FAILED({ params: { expectation } }), locale);
  const body = JSON.stringify({ ...problem, status: 417, title: reasons[417] });
  const cors = refusals.corsHeadersFor(request.headers.origin);
  const headers = request.headers as Record<string, string | undefined>;
  const refused = {
    method: request.method,
    path: request.url?.split('?', 1)[0],
    headers,
    scheme: schemeOf(request.socket),
  };
  const requestId = recordRefusal(refused, 417, { logger: refusals.accessLogger, startedAt });
  response.writeHead(417, {
    ...cors,
    'content-type': 'application/problem+json',
    'content-language': locale,
    vary: cors?.vary === undefined ? 'Accept-Language' : joinVary(cors.vary, 'Accept-Language'),
    'content-length': Buffer.byteLength(body),
    'x-request-id': requestId,
    connection: 'close',
  });
  response.end(body);
}

const reasons: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
};

/**
 * Answers a request Node refused before any route saw it (bad framing, a bad `Content-Length`, request
 * smuggling shapes, headers too large, a timeout) with a problem+json document, when the socket still takes one.
 */
function answerClientError(
  error: Error & { code?: string; reason?: unknown; rawPacket?: unknown },
  socket: Duplex,
  refusals: RefusalOptions,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  let status = 400;
  let problem: OpwireError;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    problem = httpErrors.HEADERS_TOO_LARGE();
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    problem = httpErrors.REQUEST_TIMEOUT();
  } else {
    problem = httpErrors.MALFORMED_REQUEST({
      params: {
        reason: parserErrorReason(error.code, typeof error.reason === 'string' ? error.reason : undefined),
      },
    });
  }
  // What Node read of the request: its headers decide the answer's language, CORS headers and request id.
  const refused = requestInPacket(error.rawPacket, schemeOf(socket));
  const sent = refused.headers;
  const locale = requestedLocale(sent) ?? 'en';
  const body = JSON.stringify({ ...toProblemJson(problem, locale), status, title: reasons[status] });
  // A request a route already serves gets its access line and span from the dispatcher, under an id not known
  // here: only the client's own is echoed, as a new one would name no line.
  const inFlight = requestInFlight(socket);
  const requestId =
    inFlight === undefined
      ? recordRefusal(refused, status, { logger: refusals.accessLogger })
      : givenRequestId(inFlight.headers as Record<string, string | undefined>);
  // A browser reads the answer only with the CORS headers its origin is allowed (the headers Node read).
  const cors = Object.entries(refusals.corsHeadersFor(sent.origin) ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status]}\r\ncontent-type: application/problem+json\r\n` +
      `content-language: ${locale}\r\n${cors}` +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      `${requestId === undefined ? '' : `x-request-id: ${requestId}\r\n`}connection: close\r\n\r\n${body}`,
  );
}

/**
 * The request a route is already serving when Node refuses it (its body trickled past the request timeout, or
 * broke its framing), or `undefined` when the refused request never reached one.
 */
function requestInFlight(socket: Duplex): IncomingMessage | undefined {
  const request = (socket as { _httpMessage?: { req?: IncomingMessage } | null })._httpMessage?.req;
  return request === undefined || request.complete ? undefined : request;
}

function schemeOf(socket: unknown): string {
  return (socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}
