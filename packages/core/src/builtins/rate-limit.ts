import type { InvocationContext } from '../context.js';
import { coreErrors } from '../errors/core-errors.js';
import { defineMiddleware, type Middleware } from '../middleware.js';
import type { AnyOperation } from '../operation.js';
import { checkStore } from './check-store.js';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit-store.js';

/** How `rateLimit` counts. */
export interface RateLimitOptions {
  /** Calls allowed per window and key. */
  readonly limit: number;
  /** The window in milliseconds (fixed windows: the count starts over when one ends). */
  readonly windowMs: number;
  /** Where counts live; in memory by default, a PostgreSQL store to share them between processes. */
  readonly store?: RateLimitStore;
  /**
   * What is counted together; by default each caller per operation (`["tenant","principal","operation"]`),
   * anonymous callers per operation and client address (`[null,null,"operation","127.0.0.1"]`; behind a proxy,
   * every client has the proxy's address: key by the header your proxy sets instead). The store counts it
   * under the limiter's `name` and `windowMs` too, so limiters stacked over one store keep their own counts.
   */
  readonly key?: (context: InvocationContext) => string;
  /** The clock, for tests. */
  readonly now?: () => number;
  /** The middleware's name (default `rate-limit`), for apps that stack several. */
  readonly name?: string;
  /** Which operations are limited when the middleware is app-wide (all by default). */
  readonly appliesTo?: (operation: AnyOperation) => boolean;
}

/**
 * A middleware that refuses calls past `limit` per window with `RATE_LIMITED` (HTTP 429) and a
 * `Retry-After` header in seconds. It runs outside the transaction, so a refusal holds no connection;
 * nested calls (an operation calling another) are not counted.
 */
export function rateLimit(
  options: RateLimitOptions,
): Middleware<{}, readonly [typeof coreErrors.RATE_LIMITED]> {
  if (!Number.isInteger(options.limit) || options.limit < 1) {
    throw coreErrors.INVALID_CONFIGURATION({ params: { reason: 'rateLimit: limit must be an integer ≥ 1' } });
  }
  if (!Number.isInteger(options.windowMs) || options.windowMs < 1) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: 'rateLimit: windowMs must be an integer ≥ 1' },
    });
  }
  if (options.store !== undefined) checkStore(options.store, ['hit'], 'rateLimit');
  const store = options.store ?? createMemoryRateLimitStore();
  const now = options.now ?? Date.now;
  // A JSON array, not joined text: tenant `a:b` with principal `c` and tenant `a` with principal `b:c` are
  // two callers, and a principal named `anonymous` is not the anonymous callers.
  const name = options.name ?? 'rate-limit';
  // Each limiter counts under its own name and window: two stacked over one store (a burst limit and a
  // quota, sharing a PostgreSQL table) would otherwise add to one count, each call counted twice, and the
  // store's window would be whichever limiter hit last.
  const keyOf = options.key
    ? (context: InvocationContext) =>
        JSON.stringify([
          name,
          options.windowMs,
          (options.key as (context: InvocationContext) => string)(context),
        ])
    : (context: InvocationContext) =>
        context.caller
          ? JSON.stringify([
              name,
              options.windowMs,
              context.caller.tenant,
              context.caller.principalId,
              context.operation.id,
            ])
          : // Anonymous callers are counted per client address where the surface knows it (HTTP).
            JSON.stringify([
              name,
              options.windowMs,
              null,
              null,
              context.operation.id,
              context.origin.clientAddress ?? null,
            ]);
  return defineMiddleware({
    name,
    errors: [coreErrors.RATE_LIMITED] as const,
    headers: [{ name: 'retry-after', on: 'errors' }],
    ...(options.appliesTo ? { appliesTo: options.appliesTo } : {}),
    async run(context, next) {
      // Limits count what clients ask for; an operation's own nested calls are not the client's.
      if (context.parentInvocationId !== undefined) return next();
      const at = now();
      const { count, resetAt } = await store.hit(keyOf(context), options.windowMs, at);
      if (count > options.limit) {
        const retryAfter = Math.max(1, Math.ceil((resetAt - at) / 1000));
        throw coreErrors.RATE_LIMITED({
          params: { retryAfter },
          headers: { 'retry-after': String(retryAfter) },
        });
      }
      return next();
    },
  });
}
