import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isOpwireError } from '@opwire/core';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { jwtAuthenticator } from './jwt-authenticator.js';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const toCaller = (claims: { sub?: string; tenant?: unknown }) =>
  claims.sub && typeof claims.tenant === 'string'
    ? { principalId: claims.sub, tenant: claims.tenant, permissions: ['orders:read'] }
    : undefined;
const headersOf = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function hmacToken(claims: Record<string, unknown>, expiresIn = '5m', key = secret) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('alice')
    .setIssuer('https://issuer.test')
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(key));
}

describe('jwtAuthenticator with a shared secret', () => {
  const authenticate = jwtAuthenticator({ secret, issuer: 'https://issuer.test', toCaller });

  it('turns a valid token into a caller', async () => {
    expect(await authenticate(headersOf(await hmacToken({ tenant: 'acme' })))).toEqual({
      principalId: 'alice',
      tenant: 'acme',
      permissions: ['orders:read'],
    });
  });

  it.each([
    ['expired', () => hmacToken({ tenant: 'acme' }, '-1m')],
    [
      'signed with another key',
      () => hmacToken({ tenant: 'acme' }, '5m', 'another-secret-that-is-long-enough-too'),
    ],
    ['not a JWT', async () => 'not-a-jwt'],
    ['missing the claim toCaller needs', () => hmacToken({})],
  ])('rejects a token that is %s', async (_name, token) => {
    expect(await authenticate(headersOf(await token()))).toBeUndefined();
  });

  it('ignores requests without a bearer token', async () => {
    expect(await authenticate({ headers: {} })).toBeUndefined();
  });

  it('needs exactly one key source', () => {
    expect(() => jwtAuthenticator({ toCaller })).toThrow(/exactly one/);
  });
});

describe('jwtAuthenticator with a JWKS', () => {
  const servers: Array<ReturnType<typeof createServer>> = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('verifies RS256 tokens against keys fetched from a JWKS URL on loopback', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
    const authenticate = jwtAuthenticator({ jwks: url, toCaller });
    const token = await new SignJWT({ tenant: 'acme' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('alice')
      .setExpirationTime('5m')
      .sign(privateKey);
    expect(await authenticate(headersOf(token))).toMatchObject({ principalId: 'alice', tenant: 'acme' });
    const unknownKey = await new SignJWT({ tenant: 'acme' })
      .setProtectedHeader({ alg: 'RS256', kid: 'other' })
      .setSubject('alice')
      .setExpirationTime('5m')
      .sign((await generateKeyPair('RS256')).privateKey);
    expect(await authenticate(headersOf(unknownKey))).toBeUndefined();
  });

  it('answers UNAVAILABLE, not 401, when the JWKS cannot be fetched', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const authenticate = jwtAuthenticator({ jwks: `http://127.0.0.1:${port}/jwks.json`, toCaller });
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(privateKey);
    const failure = await Promise.resolve(authenticate(headersOf(token))).catch((error: unknown) => error);
    expect(isOpwireError(failure) && failure.code).toBe('UNAVAILABLE');
  });
});
