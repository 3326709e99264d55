import type { Caller } from '../caller.js';

/** What an authenticator sees of a request: its headers, names in lower case. */
export interface AuthenticationRequest {
  readonly headers: Readonly<Record<string, string | undefined>>;
}

/**
 * Resolves the caller of a request. Return `undefined` for no (or unusable) credentials; when the
 * request carried an `Authorization` header and no caller comes back, the answer is 401.
 */
export type Authenticator = (
  request: AuthenticationRequest,
) => Promise<Caller | undefined> | Caller | undefined;

const bearerPattern = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i;

/** Reads the token of an `Authorization: Bearer <token>` header, or `undefined`. */
export function readBearerToken(request: AuthenticationRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return bearerPattern.exec(header)?.[1];
}

/**
 * Whether an `Authorization` header uses the Bearer scheme. A refused Bearer token is answered with
 * `error="invalid_token"`; any other scheme (`Basic`) gets the bare challenge, as RFC 6750 §3.1 asks
 * for a request made "using an unsupported authentication method".
 */
export function usesBearerScheme(header: string | undefined): boolean {
  return header !== undefined && /^Bearer(?:[ \t]|$)/i.test(header);
}

/** An authenticator that maps fixed bearer tokens to callers (for development, tests and service keys). */
export function staticTokens(tokens: Readonly<Record<string, Caller>>): Authenticator {
  const byToken = new Map(Object.entries(tokens));
  return (request) => {
    const token = readBearerToken(request);
    return token === undefined ? undefined : byToken.get(token);
  };
}
