import { coreErrors } from '../errors/core-errors.js';
import { defineMiddleware, type Middleware, respondWith } from '../middleware.js';
import { isHeaderName } from '../response-header.js';
import { hashArguments } from '../surface/hash-arguments.js';
import { checkStore } from './check-store.js';
import { createMemoryIdempotencyStore, type IdempotencyStore } from './idempotency-store.js';

/** How `idempotency` keeps its records. */
export interface IdempotencyOptions {
  /** Where records live; in memory by default, a PostgreSQL store to share them between processes. */
  readonly store?: IdempotencyStore;
  /** How long a key is remembered, in milliseconds (24 hours by default). */
  readonly ttlMs?: number;
  /** The request header that carries the key (default `idempotency-key`). */
  readonly header?: string;
  /** The clock, for tests. */
  readonly now?: () => number;
}

const keyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * A middleware that replays `Idempotency-Key` requests: a write repeated with the same key and the
 * same request gets the first answer (with `idempotent-replayed: true`) and runs nothing; the same key
 * with a different request is `IDEMPOTENCY_KEY_REUSED` (409). It runs inside the transaction, so the
 * record commits with the write it guards; calls without the header, anonymous calls (no caller to replay to),
 * reads, and writes declared `transaction: false` (nothing to commit the record with) pass through, and the
 * routes of the last two do not list it.
 */
export function idempotency(
  options: IdempotencyOptions = {},
): Middleware<
  {},
  readonly [
    typeof coreErrors.IDEMPOTENCY_KEY_REUSED,
    typeof coreErrors.INVALID_IDEMPOTENCY_KEY,
    typeof coreErrors.REPEATED_IDEMPOTENCY_KEY,
  ]
> {
  const ttlMs = options.ttlMs ?? 24 * 60 * 60_000;
  // A key kept for no time would replay nothing: every repeat would write again, silently.
  if (!Number.isInteger(ttlMs) || ttlMs < 1) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: 'idempotency: ttlMs must be an integer ≥ 1' },
    });
  }
  const header = (options.header ?? 'idempotency-key').toLowerCase();
  // A name no request can carry would never match: every call would pass unguarded.
  if (!isHeaderName(header)) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: `idempotency: header ${JSON.stringify(options.header)} is not an HTTP header name` },
    });
  }
  if (options.store !== undefined) checkStore(options.store, ['begin', 'complete'], 'idempotency');
  const store = options.store ?? createMemoryIdempotencyStore();
  const now = options.now ?? Date.now;
  return defineMiddleware({
    name: 'idempotency',
    phase: 'inside',
    errors: [
      coreErrors.IDEMPOTENCY_KEY_REUSED,
      coreErrors.INVALID_IDEMPOTENCY_KEY,
      coreErrors.REPEATED_IDEMPOTENCY_KEY,
    ] as const,
    headers: [{ name: 'idempotent-replayed', on: 'success' }],
    requestHeaders: [
      {
        name: header,
        description: {
          en:
            'Makes a retried write safe: repeated by the same caller with the same key and the same request (an ' +
            'anonymous call is never replayed), it gets the first answer ' +
            '(with `Idempotent-Replayed: true`) and writes nothing; the same key with a different request is 409 ' +
            'IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters, sent once (twice is 400 REPEATED_IDEMPOTENCY_KEY).',
          'zh-CN':
            '让重试的写操作安全：同一调用方以相同的键和相同的请求重复发送时（匿名调用从不重放），' +
            '得到第一次的应答（带 `Idempotent-Replayed: true`），' +
            '且不写入任何内容；相同的键配不同的请求为 409 IDEMPOTENCY_KEY_REUSED。1 到 255 个可见 ASCII 字符，' +
            '只发送一次（发送两次为 400 REPEATED_IDEMPOTENCY_KEY）。',
        },
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: keyPattern.source },
      },
    ],
    // Only writes in a transaction are replayed (the record commits with the write); reads, and writes that run
    // outside one (`transaction: false`), are never guarded, so their routes do not list the codes.
    appliesTo: (operation) =>
      operation.writes === true && operation.stream !== true && operation.transaction !== false,
    async run(context, next) {
      const key = context.headers[header];
      // An anonymous call is no one's: two clients of a public write are not one caller (behind a proxy even their
      // addresses are one), and replaying one's answer to the other would hand it what was made for someone else.
      if (key === undefined || !context.operation.writes || !context.transaction || !context.caller)
        return next();
      if (!keyPattern.test(key)) {
        // A header sent twice reaches here joined by ", " (as node and fetch join them), which no one key holds.
        throw key.includes(', ')
          ? coreErrors.REPEATED_IDEMPOTENCY_KEY()
          : coreErrors.INVALID_IDEMPOTENCY_KEY();
      }
      const at = now();
      const claim = {
        // A JSON array, not joined text: no two callers share a scope however their ids are spelled.
        scope: JSON.stringify([context.tenant ?? null, context.caller.principalId, context.operation.id]),
        key,
        fingerprint: hashArguments(context.input),
        expiresAt: at + ttlMs,
      };
      const earlier = await store.begin(claim, context.transaction, at);
      if (earlier) {
        if (earlier.fingerprint !== claim.fingerprint) throw coreErrors.IDEMPOTENCY_KEY_REUSED();
        for (const [name, value] of Object.entries(earlier.headers ?? {})) context.setHeader(name, value);
        context.setHeader('idempotent-replayed', 'true');
        return respondWith(earlier.response);
      }
      // What the guarded call sets (a `Location`, say) is kept with its answer; what was set before it is not its.
      const sent = (context as { readonly responseHeaders?: Record<string, string> }).responseHeaders;
      const before = sent ? { ...sent } : undefined;
      const response = await next();
      await store.complete(claim, response, context.transaction, sent && headersAdded(before ?? {}, sent));
      return response;
    },
  });
}

/** The headers `after` holds that `before` did not, or held with another value. */
function headersAdded(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): Record<string, string> {
  const added: Record<string, string> = {};
  for (const [name, value] of Object.entries(after)) if (before[name] !== value) added[name] = value;
  return added;
}
