import { describe, expect, it } from 'vitest';
import { isOpwireError } from '../errors/opwire-error.js';
import { idempotency } from './idempotency.js';
import { rateLimit } from './rate-limit.js';

/** The reason an `INVALID_CONFIGURATION` thrown by `build` gives, or `'ok'` when it builds. */
function refusal(build: () => unknown): string {
  try {
    build();
    return 'ok';
  } catch (error) {
    if (isOpwireError(error) && error.code === 'INVALID_CONFIGURATION') {
      return String((error.params as { reason: string }).reason);
    }
    throw error;
  }
}

describe('the built-in middleware refuse options they could not honour, when the app is put together', () => {
  it.each([
    [{ ttlMs: 0 }, 'idempotency: ttlMs must be an integer ≥ 1'],
    [{ ttlMs: -1 }, 'idempotency: ttlMs must be an integer ≥ 1'],
    [{ ttlMs: 1.5 }, 'idempotency: ttlMs must be an integer ≥ 1'],
    [{ ttlMs: Number.NaN }, 'idempotency: ttlMs must be an integer ≥ 1'],
    [{ header: '' }, 'idempotency: header "" is not an HTTP header name'],
    [{ header: 'idempotency key' }, 'idempotency: header "idempotency key" is not an HTTP header name'],
    [{ header: 'schlüssel' }, 'idempotency: header "schlüssel" is not an HTTP header name'],
  ])('idempotency(%o) is INVALID_CONFIGURATION', (options, reason) => {
    expect(refusal(() => idempotency(options))).toBe(reason);
  });

  it('idempotency accepts its defaults, a positive ttlMs and a header name in any case', () => {
    expect(refusal(() => idempotency())).toBe('ok');
    expect(refusal(() => idempotency({ ttlMs: 1, header: 'X-Request-Key' }))).toBe('ok');
  });

  it.each([
    [{ limit: 0, windowMs: 1000 }, 'rateLimit: limit must be an integer ≥ 1'],
    [{ limit: 2.5, windowMs: 1000 }, 'rateLimit: limit must be an integer ≥ 1'],
    [{ limit: 5, windowMs: 0 }, 'rateLimit: windowMs must be an integer ≥ 1'],
    [{ limit: 5, windowMs: Number.POSITIVE_INFINITY }, 'rateLimit: windowMs must be an integer ≥ 1'],
  ])('rateLimit(%o) is INVALID_CONFIGURATION', (options, reason) => {
    expect(refusal(() => rateLimit(options))).toBe(reason);
  });

  it.each([
    [
      () => rateLimit({ limit: 5, windowMs: 1000, store: {} as never }),
      'rateLimit: store must have a hit() method (got an object without it).',
    ],
    [
      () => rateLimit({ limit: 5, windowMs: 1000, store: { hit: 1 } as never }),
      'rateLimit: store must have a hit() method (got an object without it).',
    ],
    [
      () => rateLimit({ limit: 5, windowMs: 1000, store: null as never }),
      'rateLimit: store must have a hit() method (got null).',
    ],
    [
      () => idempotency({ store: { begin: async () => undefined } as never }),
      'idempotency: store must have a complete() method (got an object without it).',
    ],
    [
      () => idempotency({ store: 'pg' as never }),
      'idempotency: store must have a begin() method (got a string).',
    ],
  ])(
    'a store without its methods is a TypeError naming the missing one, when the middleware is defined (%#)',
    (build, message) => {
      expect(build).toThrow(TypeError);
      expect(build).toThrow(message);
    },
  );

  it('a store with its methods is taken as it is', async () => {
    const hits: string[] = [];
    const store = {
      async hit(key: string) {
        hits.push(key);
        return { count: 1, resetAt: 0 };
      },
    };
    expect(refusal(() => rateLimit({ limit: 5, windowMs: 1000, store }))).toBe('ok');
    expect(hits).toEqual([]);
  });
});
