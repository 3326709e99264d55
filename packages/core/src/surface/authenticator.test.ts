import { describe, expect, it } from 'vitest';
import { readBearerToken, staticTokens, usesBearerScheme } from './authenticator.js';

const alice = { principalId: 'alice', tenant: 'acme', permissions: ['*'] };

describe('staticTokens', () => {
  const authenticate = staticTokens({ 'alice-token': alice });

  it('resolves a known bearer token to its caller', async () => {
    expect(await authenticate({ headers: { authorization: 'Bearer alice-token' } })).toBe(alice);
    expect(await authenticate({ headers: { authorization: 'bearer   alice-token ' } })).toBe(alice);
  });

  it.each([
    undefined,
    'Bearer bob-token',
    'Basic YWxpY2U6cHc=',
    'Bearer',
    'Bearer alice-token extra',
    'alice-token',
  ])('resolves %j to nobody', async (authorization) => {
    expect(await authenticate({ headers: { authorization } })).toBeUndefined();
  });

  it('does not resolve inherited object keys as tokens', async () => {
    expect(await authenticate({ headers: { authorization: 'Bearer constructor' } })).toBeUndefined();
  });
});

describe('readBearerToken', () => {
  it('reads token68 characters only', () => {
    expect(readBearerToken({ headers: { authorization: 'Bearer abc.DEF-_~+/==' } })).toBe('abc.DEF-_~+/==');
    expect(readBearerToken({ headers: { authorization: 'Bearer a"b' } })).toBeUndefined();
  });
});

describe('usesBearerScheme', () => {
  it.each([
    ['Bearer abc', true],
    ['bearer abc', true],
    ['Bearer', true],
    ['Bearer\tabc', true],
    ['Basic YWxpY2U6cHc=', false],
    ['Bearerabc', false],
    ['abc', false],
    [undefined, false],
  ])('reads %j as a Bearer attempt: %s', (header, expected) => {
    expect(usesBearerScheme(header)).toBe(expected);
  });
});
