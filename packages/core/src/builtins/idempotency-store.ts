import type { Transaction } from '../ports/transaction-manager.js';

/** One call's claim on an idempotency key. */
export interface IdempotencyClaim {
  /** Whose key it is and for what: tenant, principal and operation. */
  readonly scope: string;
  /** The client's `Idempotency-Key`. */
  readonly key: string;
  /** SHA-256 of the request, so a key reused for another request is told apart. */
  readonly fingerprint: string;
  /** When the record may be forgotten (epoch milliseconds). */
  readonly expiresAt: number;
}

/** What an earlier call with the same key left: its request's fingerprint, its response and the headers it set. */
export interface IdempotencyRecord {
  readonly fingerprint: string;
  readonly response: unknown;
  /** The response headers the call set (`context.setHeader`: a `Location`, say), replayed with its answer. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * The port that keeps idempotency records, written in the call's own transaction so a record exists
 * exactly when the write it guards committed; several processes sharing a store share the records.
 */
export interface IdempotencyStore {
  /**
   * Claims the key inside `transaction`: resolves `undefined` when this call now holds it (the claim
   * commits or rolls back with the transaction), or the record of an earlier call that completed with
   * it. A call still holding the key in another transaction is waited for first; expired records count
   * as absent.
   */
  begin(
    claim: IdempotencyClaim,
    transaction: Transaction,
    now: number,
  ): Promise<IdempotencyRecord | undefined>;
  /** Stores the response of the call that holds the key, and the headers it set, in its transaction. */
  complete(
    claim: IdempotencyClaim,
    response: unknown,
    transaction: Transaction,
    headers?: Readonly<Record<string, string>>,
  ): Promise<void>;
}

interface Entry {
  readonly fingerprint: string;
  readonly expiresAt: number;
  response: unknown;
  headers: Readonly<Record<string, string>> | undefined;
  done: boolean;
  readonly settled: Promise<void>;
  settle(): void;
}

/**
 * Keeps idempotency records in this process's memory, committing and rolling back with the transaction;
 * expired records are dropped once a minute.
 */
export function createMemoryIdempotencyStore(): IdempotencyStore {
  const entries = new Map<string, Entry>();
  const idOf = (claim: IdempotencyClaim) => `${claim.scope}\u0000${claim.key}`;
  let sweptAt = Number.NEGATIVE_INFINITY;
  return {
    async begin(claim, transaction, now) {
      // Expired records are dropped once a minute: a key is remembered for its time, not for ever.
      if (now - sweptAt >= 60_000) {
        sweptAt = now;
        for (const [stored, entry] of entries)
          if (entry.done && entry.expiresAt <= now) entries.delete(stored);
      }
      const id = idOf(claim);
      for (;;) {
        const existing = entries.get(id);
        if (existing && !existing.done) {
          await existing.settled;
          continue;
        }
        if (existing && existing.expiresAt > now)
          return {
            fingerprint: existing.fingerprint,
            response: existing.response,
            headers: existing.headers,
          };
        let settle = () => {};
        const settled = new Promise<void>((resolve) => {
          settle = resolve;
        });
        const entry: Entry = {
          fingerprint: claim.fingerprint,
          expiresAt: claim.expiresAt,
          response: undefined,
          headers: undefined,
          done: false,
          settled,
          settle,
        };
        entries.set(id, entry);
        transaction.onRollback(() => {
          if (entries.get(id) === entry) entries.delete(id);
          entry.settle();
        });
        return undefined;
      }
    },
    async complete(claim, response, transaction, headers) {
      const entry = entries.get(idOf(claim));
      if (!entry || entry.done) throw new Error('idempotency: complete() without a claim held by this call');
      entry.response = response;
      entry.headers = headers && Object.keys(headers).length > 0 ? { ...headers } : undefined;
      transaction.onCommit(() => {
        entry.done = true;
        entry.settle();
      });
    },
  };
}
