import { type Caller, coreErrors } from '@opwire/core';
import { type Authenticator, readBearerToken } from '@opwire/core/surface';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';

/** How to verify bearer JWTs and turn their claims into a caller. */
export interface JwtAuthenticatorOptions {
  /** A shared secret for HMAC-signed tokens (HS256/384/512). */
  readonly secret?: string | Uint8Array;
  /** A JWKS URL (fetched and cached by `jose`), a key set object, or a `jose` key resolver. */
  readonly jwks?: string | URL | JSONWebKeySet | JWTVerifyGetKey;
  readonly issuer?: string | string[];
  readonly audience?: string | string[];
  readonly algorithms?: string[];
  /** Maps verified claims to a caller; returning `undefined` rejects the token. */
  readonly toCaller: (claims: JWTPayload) => Caller | undefined | Promise<Caller | undefined>;
}

// jose codes that mean the client sent a bad token; anything else (JWKS unreachable) is our problem.
const rejectedTokenCodes = new Set([
  'ERR_JWT_EXPIRED',
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWT_INVALID',
  'ERR_JWS_INVALID',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
]);

/** An authenticator that verifies `Authorization: Bearer <jwt>` with `jose` (secret or JWKS). */
export function jwtAuthenticator(options: JwtAuthenticatorOptions): Authenticator {
  const key = resolveKey(options);
  // jose's option types take no explicit `undefined`: only the checks asked for are named.
  const verifyOptions = {
    ...(options.issuer === undefined ? {} : { issuer: options.issuer }),
    ...(options.audience === undefined ? {} : { audience: options.audience }),
    ...(options.algorithms === undefined ? {} : { algorithms: options.algorithms }),
  };
  return async (request) => {
    const token = readBearerToken(request);
    if (token === undefined) return undefined;
    let claims: JWTPayload;
    try {
      const verified =
        typeof key === 'function'
          ? await jwtVerify(token, key, verifyOptions)
          : await jwtVerify(token, key, verifyOptions);
      claims = verified.payload;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && rejectedTokenCodes.has(code)) return undefined;
      throw coreErrors.UNAVAILABLE({ cause: error });
    }
    return options.toCaller(claims);
  };
}

function resolveKey(options: JwtAuthenticatorOptions): Uint8Array | JWTVerifyGetKey {
  if ((options.secret === undefined) === (options.jwks === undefined)) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: 'jwtAuthenticator needs exactly one of `secret` or `jwks`' },
    });
  }
  if (options.secret !== undefined) {
    return typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
  }
  const jwks = options.jwks as NonNullable<JwtAuthenticatorOptions['jwks']>;
  if (typeof jwks === 'function') return jwks;
  if (typeof jwks === 'string' || jwks instanceof URL) return createRemoteJWKSet(new URL(jwks));
  return createLocalJWKSet(jwks);
}
