import {
  type Caller,
  coreErrors,
  createIdSequence,
  type Locale,
  type Logger,
  toOpwireError,
} from '@opwire/core';
import { type Authenticator, requestedLocale } from '@opwire/core/surface';
import { httpErrors } from './http-errors.js';

const requestIdPattern = /^[\w.:@/+=-]{1,128}$/;
// A random per-process prefix and a counter: unique like a UUID, at a fraction of the cost per request.
const nextRequestId = createIdSequence(crypto.randomUUID().slice(0, 18));

/** The request id to answer with: the client's `x-request-id` when well-formed, else a new unique id. */
export function requestIdOf(headers: Readonly<Record<string, string | undefined>>): string {
  const given = headers['x-request-id'];
  if (typeof given === 'string' && requestIdPattern.test(given)) return given;
  return nextRequestId();
}

/** The client's `x-request-id` when well-formed, else `undefined`. */
export function givenRequestId(headers: Readonly<Record<string, string | undefined>>): string | undefined {
  const given = headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : undefined;
}

/** The locale of an answer: `Accept-Language` first, then the caller's own, then English. */
export function localeOf(
  headers: Readonly<Record<string, string | undefined>>,
  caller: Caller | undefined,
): Locale {
  return requestedLocale(headers) ?? caller?.locale ?? 'en';
}

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json$/;

/**
 * Checks a request's body headers before reading anything: `PAYLOAD_TOO_LARGE` when the declared
 * length passes the limit, `UNSUPPORTED_CONTENT_ENCODING` when the body has a content coding other than
 * identity (nothing is decompressed; RFC 9110 §15.5.16), `UNSUPPORTED_MEDIA_TYPE` when a body is not JSON,
 * `UNSUPPORTED_CHARSET` when it says it is JSON in a charset other than UTF-8.
 */
export function checkBodyHeaders(headers: Readonly<Record<string, string | undefined>>, limit: number): void {
  const length = headers['content-length'];
  if (length !== undefined && Number(length) > limit) {
    throw httpErrors.PAYLOAD_TOO_LARGE({ params: { limit } });
  }
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && !onlyIdentity(encoding)) {
    throw httpErrors.UNSUPPORTED_CONTENT_ENCODING({ headers: { 'accept-encoding': 'identity' } });
  }
  const type = headers['content-type'];
  if (type === 'application/json') return;
  if (typeof type !== 'string') throw httpErrors.UNSUPPORTED_MEDIA_TYPE();
  const [mediaType = '', ...parameters] = type.toLowerCase().split(';');
  const charset = parameters
    .map((parameter) => parameter.trim())
    .find((parameter) => parameter.startsWith('charset='));
  if (!jsonMediaType.test(mediaType.trim())) throw httpErrors.UNSUPPORTED_MEDIA_TYPE();
  // JSON is UTF-8 (RFC 8259 §8.1): a body declared in another charset is refused as such, not as no JSON.
  if (charset !== undefined && !/^charset="?utf-8"?$/.test(charset)) {
    const named = charset.slice('charset='.length).replace(/^"|"$/g, '');
    throw httpErrors.UNSUPPORTED_CHARSET({
      params: { charset: named.length > 40 ? `${named.slice(0, 40)}…` : named || '""' },
    });
  }
}

/** Whether a `Content-Encoding` lists only `identity` (any case, comma-separated, blanks ignored). */
function onlyIdentity(encoding: string): boolean {
  const codings = encoding.split(',').map((coding) => coding.trim().toLowerCase());
  return codings.every((coding) => coding === 'identity' || coding === '');
}

/**
 * Resolves the caller. A request with an `Authorization` header that resolves to nobody is
 * `UNAUTHENTICATED`; an authenticator that breaks is logged and answered `UNAVAILABLE`.
 */
export async function authenticateRequest(
  authenticate: Authenticator | undefined,
  headers: Readonly<Record<string, string | undefined>>,
  logger: Logger,
): Promise<Caller | undefined> {
  if (!authenticate) return undefined;
  let caller: Caller | undefined;
  try {
    caller = await authenticate({ headers });
  } catch (error) {
    const failure = toOpwireError(error);
    if (failure.code === 'UNAUTHENTICATED') throw failure;
    logger.error('authenticator failed', { error: failure.cause ?? failure });
    throw failure.code === 'INTERNAL' ? coreErrors.UNAVAILABLE({ cause: error }) : failure;
  }
  if (caller === undefined && headers.authorization !== undefined) throw coreErrors.UNAUTHENTICATED();
  return caller;
}
