import { coreErrors } from '@opwire/core';
import { checkOrigins, isOriginAllowed } from '@opwire/core/surface';
import type { PlainAnswer } from './answer.js';

/** Cross-origin resource sharing for browsers on other origins. */
export interface CorsOptions {
  /** Origins allowed to call (`parseOrigins(process.env.CORS_ORIGINS)`), or `['*']` for any. */
  readonly origins: readonly string[];
  /** Methods a preflight allows; defaults to GET, HEAD, POST, PUT, PATCH, DELETE. */
  readonly methods?: readonly string[];
  /** Request headers a preflight allows; defaults to the ones the request asks for. */
  readonly headers?: readonly string[];
  /** Response headers a browser script may read; defaults to `x-request-id`, `retry-after`, `idempotent-replayed`. */
  readonly exposeHeaders?: readonly string[];
  /** Send `Access-Control-Allow-Credentials: true` (cookies); not allowed with `*`. */
  readonly credentials?: boolean;
  /** How long a browser may cache a preflight, in seconds; defaults to 600. */
  readonly maxAgeSeconds?: number;
}

/** What the dispatcher does with CORS: the preflight answer and the headers of an allowed origin. */
export interface CompiledCors {
  /** The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`), before any route or authentication. */
  preflight(headers: Readonly<Record<string, string | undefined>>): PlainAnswer;
  /** The headers an answer to this origin carries (only `Vary` when it is not allowed). */
  headersFor(origin: string | undefined): Readonly<Record<string, string>>;
}

const vary = { vary: 'Origin' };

/** The response headers a browser script may read when `exposeHeaders` is not given. */
export const defaultExposeHeaders: readonly string[] = ['x-request-id', 'retry-after', 'idempotent-replayed'];

/** Checks the options once and precomputes the headers. */
export function compileCors(options: CorsOptions): CompiledCors {
  // Checked as CORS_ORIGINS is: `https://a.example/` would be kept as written and never match a browser's Origin.
  const origins = checkOrigins(options.origins);
  const any = origins.includes('*');
  if (any && options.credentials) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: 'cors: credentials cannot be allowed for every origin ("*"); list the origins' },
    });
  }
  const methods = (options.methods ?? ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']).join(', ');
  const expose = (options.exposeHeaders ?? defaultExposeHeaders).join(', ');
  const common: Record<string, string> = {};
  if (options.credentials) common['access-control-allow-credentials'] = 'true';
  const cache = new Map<string, Readonly<Record<string, string>>>();
  const allowedHeaders = (origin: string) => {
    let headers = cache.get(origin);
    if (headers === undefined) {
      headers = {
        'access-control-allow-origin': any && !options.credentials ? '*' : origin,
        ...common,
        ...vary,
      };
      if (cache.size < 1000) cache.set(origin, headers);
    }
    return headers;
  };
  return {
    headersFor(origin) {
      if (!isOriginAllowed(origins, origin)) return vary;
      const headers = allowedHeaders(origin as string);
      return expose === '' ? headers : { ...headers, 'access-control-expose-headers': expose };
    },
    preflight(headers) {
      const origin = headers.origin;
      if (!isOriginAllowed(origins, origin)) {
        // No CORS headers: the browser refuses the cross-origin call; other clients never preflight.
        return { status: 204, headers: { ...vary }, body: undefined };
      }
      const requested = headers['access-control-request-headers'];
      const allowHeaders = options.headers ? options.headers.join(', ') : requested;
      return {
        status: 204,
        headers: {
          ...allowedHeaders(origin as string),
          'access-control-allow-methods': methods,
          ...(allowHeaders ? { 'access-control-allow-headers': allowHeaders } : {}),
          'access-control-max-age': String(options.maxAgeSeconds ?? 600),
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
        body: undefined,
      };
    },
  };
}
