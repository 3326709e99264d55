import type { Logger } from '@opwire/core';
import { requestIdOf } from './request-preamble.js';
import { type RefusedRequest, traceRefusal } from './server-span.js';

const requestLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) ([^\s]+) HTTP\/\d\.\d$/;
const headerLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

/**
 * What Node had received of a request it refused, read from the bytes it hands over (`rawPacket`, the last chunk
 * it parsed): the request line when it is one, and every whole header line of the head, names in lower case and
 * repeats joined with `, ` as the server joins them. Nothing is known of a request with no bytes (a timeout).
 */
export function requestInPacket(rawPacket: unknown, scheme: string): RefusedRequest {
  const headers: Record<string, string> = {};
  if (!Buffer.isBuffer(rawPacket)) return { method: undefined, path: undefined, headers, scheme };
  const lines = rawPacket.subarray(0, 65_536).toString('latin1').split('\r\n');
  const start = requestLine.exec(lines[0] ?? '');
  // The last piece has no line end: a header cut off there is not read.
  for (let index = 1; index < lines.length - 1; index++) {
    const line = lines[index] as string;
    if (line === '') break;
    const header = headerLine.exec(line);
    if (header === null) continue;
    const name = (header[1] as string).toLowerCase();
    const value = header[2] as string;
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return {
    method: start?.[1],
    path: start === null ? undefined : (start[2] as string).split('?', 1)[0],
    headers,
    scheme,
  };
}

/**
 * Records a request answered before the dispatcher saw it as the dispatcher records its own: the request id its
 * answer carries (the client's when well-formed), returned; the access line, when `logger` is given, with `null`
 * for what Node never read and for `durationMs` when Node does not say when the request began; and a SERVER span.
 */
export function recordRefusal(
  request: RefusedRequest,
  status: number,
  observer: { readonly logger: Logger | undefined; readonly startedAt?: number | undefined },
): string {
  const requestId = requestIdOf(request.headers);
  const logger = observer.logger;
  if (logger?.info) {
    const startedAt = observer.startedAt;
    logger.info('request', {
      method: request.method ?? null,
      route: null,
      path: request.path ?? null,
      status,
      durationMs: startedAt === undefined ? null : Math.round((performance.now() - startedAt) * 1000) / 1000,
      requestId,
    });
  }
  traceRefusal(request, status);
  return requestId;
}
