import type { Logger, Transaction } from '@opwire/core';
import { coreErrors } from '@opwire/core';
import type { QueryResult, Session } from './driver.js';

const marker = Symbol.for('opwire.PostgresTransaction');

/** How a transaction ended. */
type Outcome = 'open' | 'committed' | 'rolled back';

/** A PostgreSQL transaction: core's `Transaction` plus `query`, which runs inside it. */
export class PostgresTransaction implements Transaction {
  readonly [marker] = true;
  readonly id = crypto.randomUUID();
  readonly readOnly: boolean;
  private outcome: Outcome = 'open';
  private readonly committed: Array<() => void> = [];
  private readonly rolledBack: Array<() => void> = [];
  private readonly signal: AbortSignal | undefined;

  constructor(
    private readonly session: Session,
    options: { readonly readOnly: boolean; readonly signal: AbortSignal | undefined },
  ) {
    this.readOnly = options.readOnly;
    this.signal = options.signal;
  }

  /** Whether a value is a `PostgresTransaction`, even one from another copy of the package. */
  static isInstance(value: unknown): value is PostgresTransaction {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }

  /** Runs one statement inside this transaction; `$1`, `$2`, ... take `params`. */
  async query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<Row>> {
    if (this.outcome !== 'open') {
      throw new Error(`Transaction ${this.id} has already ${this.outcome}; no statement can run in it now.`);
    }
    if (this.signal?.aborted) throw abortReason(this.signal);
    try {
      const { rows, rowCount } = await this.session.query<Row>(sql, params);
      return { rows, rowCount };
    } catch (error) {
      throw toConflict(error);
    }
  }

  onCommit(callback: () => void): void {
    this.committed.push(callback);
  }

  onRollback(callback: () => void): void {
    this.rolledBack.push(callback);
  }

  /** Marks the transaction finished, so a late `query` fails instead of running in someone else's. */
  close(outcome: 'committed' | 'rolled back'): void {
    this.outcome = outcome;
  }

  /** Runs the callbacks for how it ended (commit: in order; rollback: newest first); failures go to the log. */
  settle(logger: Logger): void {
    const callbacks = this.outcome === 'committed' ? this.committed : [...this.rolledBack].reverse();
    for (const callback of callbacks) {
      try {
        callback();
      } catch (error) {
        logger.error('transaction callback failed', { transactionId: this.id, outcome: this.outcome, error });
      }
    }
  }
}

/** The error to throw for an aborted signal. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('The transaction was aborted.');
}

// Unique and foreign-key violations, serialization failures and deadlocks are the client's or the moment's
// doing, not a bug: they become CONFLICT (409) instead of INTERNAL. The SQL and the constraint stay in `cause`.
const conflictStates = new Set(['23505', '23503', '40001', '40P01']);

function toConflict(error: unknown): unknown {
  const state = (error as { code?: unknown } | null)?.code;
  return typeof state === 'string' && conflictStates.has(state)
    ? coreErrors.CONFLICT({ cause: error })
    : error;
}
