import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { coreErrors, type OpwireError } from '@opwire/core';
import { requestedLocale } from '@opwire/core/surface';
import { joinVary } from './answer.js';
import { httpErrors } from './http-errors.js';
import { parserErrorReason } from './parser-error-reason.js';
import { toProblemJson } from './problem-json.js';
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

/** Applies the limits to a Node server and answers Node's own rejections as problem+json. */
export function applyLimits(
  server: Server,
  limits: Required<ServerLimits>,
  corsHeadersFor: (origin: string | undefined) => Readonly<Record<string, string>> | undefined = () =>
    undefined,
): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  cutStalledSends(server, limits.sendTimeoutMs);
  server.on('clientError', (error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex) =>
    answerClientError(error, socket, corsHeadersFor),
  );
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) =>
    refuseExpectation(request, response, corsHeadersFor),
  );
}

/**
 * Answers an `Expect` other than `100-continue` with 417 (RFC 9110 §10.1.1) as a problem+json document that names
 * it, where Node's own answer has no body. The connection is closed: a body the client sends anyway is not read.
 */
function refuseExpectation(
  request: IncomingMessage,
  response: ServerResponse,
  corsHeadersFor: (origin: string | undefined) => Readonly<Record<string, string>> | undefined,
): void {
  const locale = requestedLocale({ 'accept-language': request.headers['accept-language'] }) ?? 'en';
  const asked = request.headers.expect ?? '';
  const expectation = asked.length > 100 ? `${asked.slice(0, 100)}…` : asked;
  const problem = toProblemJson(httpErrors.EXPECTATION_FAILED({ params: { expectation } }), locale);
  const body = JSON.stringify({ ...problem, status: 417, title: reasons[417] });
  const cors = corsHeadersFor(request.headers.origin);
  response.writeHead(417, {
    ...cors,
    'content-type': 'application/problem+json',
    'content-language': locale,
    vary: cors?.vary === undefined ? 'Accept-Language' : joinVary(cors.vary, 'Accept-Language'),
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}

/** The headers a refused request's answer depends on, from what Node could read of it (if it got that far). */
function headersIn(rawPacket: unknown): { origin?: string; 'accept-language'?: string } {
  if (!Buffer.isBuffer(rawPacket)) return {};
  const head = rawPacket.subarray(0, 65_536).toString('latin1');
  const origin = /\r\norigin:[ \t]*([^\r\n]*?)[ \t]*\r\n/i.exec(head)?.[1];
  const language = /\r\naccept-language:[ \t]*([^\r\n]*?)[ \t]*\r\n/i.exec(head)?.[1];
  return {
    ...(origin === undefined ? {} : { origin }),
    ...(language === undefined ? {} : { 'accept-language': language }),
  };
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
  corsHeadersFor: (origin: string | undefined) => Readonly<Record<string, string>> | undefined,
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
  const sent = headersIn(error.rawPacket);
  const locale = requestedLocale(sent) ?? 'en';
  const body = JSON.stringify({ ...toProblemJson(problem, locale), status, title: reasons[status] });
  // A browser reads the answer only with the CORS headers its origin is allowed (the headers Node read).
  const cors = Object.entries(corsHeadersFor(sent.origin) ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status]}\r\ncontent-type: application/problem+json\r\n` +
      `content-language: ${locale}\r\n${cors}` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
