import type { Span } from '@opentelemetry/api';
import { abortError } from './abort.js';
import { auditRecord } from './audit-record.js';
import { compileMiddlewareChain } from './compile-middleware-chain.js';
import { compileResponseCheck } from './compile-response-check.js';
import { coreErrors } from './errors/core-errors.js';
import { toOpwireError } from './errors/describe-error.js';
import { isOpwireError, type OpwireError } from './errors/opwire-error.js';
import type { Invocation } from './invocation.js';
import type { Logger } from './logger.js';
import type { AnyMiddleware } from './middleware.js';
import type { AnyOperation } from './operation.js';
import { recordOperation } from './operation-metrics.js';
import type { AuditLog } from './ports/audit-log.js';
import { setFailureStatus } from './span-status.js';
import { withSpan } from './telemetry.js';

/** What running a stream needs from the app. */
export interface StreamDependencies {
  readonly audit: AuditLog;
  readonly logger: Logger;
  readonly middleware: readonly AnyMiddleware[];
  /** Holds a raised error to what the app declared (see `createRaisedCheck`). */
  readonly raised?: (error: OpwireError) => OpwireError;
}

/**
 * Compiles a streaming operation's body, after admission: its middleware (no transaction: each call
 * the handler makes gets its own), then the handler's async iterable, guarded: every event is checked
 * against the response schema, and the one audit record is written when the stream ends — `ok`,
 * `error` with its code, or `stopped` when the consumer stopped reading or cancelled. A stream that fails
 * before its first event fails the call itself (a rejection, audited like any failure).
 */
export function compileStream(
  operation: AnyOperation,
  dependencies: StreamDependencies,
): (invocation: Invocation, span: Span | undefined) => Promise<AsyncIterable<unknown>> {
  const check = compileResponseCheck(operation, { events: true });
  const outside = compileMiddlewareChain(
    dependencies.middleware.filter((layer) => layer.phase === 'outside'),
  );
  const inside = compileMiddlewareChain(dependencies.middleware.filter((layer) => layer.phase === 'inside'));
  const open = async (invocation: Invocation) => {
    const events = operation.handle(invocation.input, invocation) as unknown;
    if (typeof (events as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] !== 'function') {
      throw coreErrors.INTERNAL({
        cause: new Error(`streaming operation "${operation.id}" did not return an async iterable`),
      });
    }
    return events;
  };
  return async (invocation, span) => {
    const stop = new AbortController();
    const callerSignal = invocation.sourceSignal;
    invocation.sourceSignal = AbortSignal.any([callerSignal, stop.signal]);
    const events = (await outside(invocation, (inner) => inside(inner, open))) as AsyncIterable<unknown>;
    // The handler's result was checked in `open`: anything else here is what a middleware answered.
    if (typeof events?.[Symbol.asyncIterator] !== 'function') {
      throw coreErrors.INTERNAL({
        cause: new Error(
          `a middleware answered streaming operation "${operation.id}" with a value that is not an async iterable: respondWith takes its events`,
        ),
      });
    }
    const end = async (outcome: 'ok' | 'error' | 'stopped', error: OpwireError | undefined) => {
      recordOperation(invocation, outcome, error?.code);
      if (error?.code === 'INTERNAL') {
        invocation.logger.error('stream failed', { error: error.cause ?? error });
      }
      try {
        await withSpan(span, () => dependencies.audit.append(auditRecord(invocation, outcome, error?.code)));
      } catch (auditError) {
        invocation.logger.error('audit append failed', { error: auditError });
      } finally {
        if (span) {
          span.setAttributes({
            'opwire.outcome': outcome,
            ...(error ? { 'opwire.error.code': error.code } : {}),
          });
          if (outcome === 'error' && error) setFailureStatus(span, error);
          span.end();
        }
        // After the audit record: a consumer that stops the stream aborts the handler's signal first.
        invocation.end();
      }
    };
    // The first event is awaited before the stream is handed over: a call that fails before it has
    // produced anything (a chat with no model configured) is an ordinary failure, not a stream.
    const iterator = events[Symbol.asyncIterator]();
    const first = await iterator.next();
    if (!first.done) {
      try {
        check(invocation, first.value);
      } catch (thrown) {
        // Made an OpwireError before the signal aborts: the failure path would read any other error on an
        // aborted call as a cancellation.
        const error = toOpwireError(thrown);
        // The handler waits at its first `yield`: the call failing here must close it, or its `finally` never runs.
        void closeHandler(iterator, stop);
        throw error;
      }
    }
    invocation.audited = true;
    const stream = new GuardedStream(invocation, iterator, check, stop, end, first, dependencies.raised);
    stream.watch(callerSignal);
    return stream;
  };
}

/**
 * Ends a handler Opwire stopped reading: its signal aborts and its iterator is returned, so its `finally` runs.
 * The promise never rejects (the handler's own cleanup failing changes nothing: its call already ended); a
 * caller that must not wait leaves it, since a generator's `return()` waits for a read still pending.
 */
function closeHandler(source: AsyncIterator<unknown>, stop: AbortController): Promise<void> {
  stop.abort(coreErrors.CANCELLED());
  try {
    return Promise.resolve(source.return?.()).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    return Promise.resolve();
  }
}

/** What closes a stream nobody reads any more: its handler's iterator, its signal, its audit record. */
interface Abandoned {
  readonly source: AsyncIterator<unknown>;
  readonly stop: AbortController;
  readonly end: (outcome: 'stopped', error: OpwireError) => Promise<void>;
  unwatch: (() => void) | undefined;
}

/**
 * A stream its caller dropped without reading to the end or calling `return()` (an `app.invoke` whose result
 * is never iterated) is closed when it is garbage-collected: the handler's signal aborts, its iterator is
 * returned, and the call is audited as `stopped`, so no call goes unrecorded.
 */
const abandoned = new FinalizationRegistry<Abandoned>((held) => {
  held.unwatch?.();
  void closeHandler(held.source, held.stop);
  void held.end('stopped', coreErrors.CANCELLED());
});

/** A stream's events as its consumer reads them: checked one by one, audited once when it ends. */
class GuardedStream implements AsyncIterableIterator<unknown> {
  private ended: Promise<void> | undefined;
  /** The handler closing: once, however the stream ends. */
  private closed: Promise<void> | undefined;
  /** Reads in progress: while one is, a cancelled caller is seen by the handler through its signal. */
  private reading = 0;
  private held: Abandoned | undefined;
  /** Why the caller cancelled between reads, until a read reports it. */
  private cancelled: OpwireError | undefined;

  constructor(
    private readonly invocation: Invocation,
    private readonly source: AsyncIterator<unknown>,
    private readonly check: (invocation: Invocation, value: unknown) => void,
    private readonly stop: AbortController,
    private readonly end: (
      outcome: 'ok' | 'error' | 'stopped',
      error: OpwireError | undefined,
    ) => Promise<void>,
    private first: IteratorResult<unknown> | undefined,
    private readonly raised: (error: OpwireError) => OpwireError = (error) => error,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  /**
   * Closes the stream, audited as `stopped`, when the caller cancels while nobody is reading it, and when it
   * is garbage-collected unfinished. Only a weak reference is kept, so watching does not keep it alive.
   */
  watch(signal: AbortSignal): void {
    const self = new WeakRef(this);
    const cancelled = () => {
      const stream = self.deref();
      if (stream !== undefined && stream.reading === 0) void stream.cancel(abortError(signal));
    };
    this.held = {
      source: this.source,
      stop: this.stop,
      end: this.end,
      unwatch: () => signal.removeEventListener('abort', cancelled),
    };
    abandoned.register(this, this.held, this);
    if (signal.aborted) cancelled();
    else signal.addEventListener('abort', cancelled, { once: true });
  }

  async next(): Promise<IteratorResult<unknown>> {
    if (this.cancelled) {
      // The caller cancelled between reads: its next read says so, once, as a read in progress would have.
      const error = this.cancelled;
      this.cancelled = undefined;
      await this.ended;
      throw error;
    }
    if (this.ended) return { done: true, value: undefined };
    this.reading++;
    try {
      return await this.read();
    } finally {
      this.reading--;
    }
  }

  private async read(): Promise<IteratorResult<unknown>> {
    let step: IteratorResult<unknown>;
    try {
      if (this.first) {
        step = this.first;
        this.first = undefined;
      } else {
        step = await this.source.next();
        if (!step.done) this.check(this.invocation, step.value);
      }
    } catch (thrown) {
      const error = this.failure(thrown);
      // Not awaited: the consumer learns why the stream ended even while the handler's cleanup, or another read
      // its `return()` waits for, is still pending.
      void this.close();
      await this.finish(error.code === 'CANCELLED' ? 'stopped' : 'error', error);
      throw error;
    }
    if (step.done) {
      // A handler that returned because its signal aborted (its consumer left, or its caller
      // cancelled) was stopped, not finished.
      const signal = this.invocation.sourceSignal;
      const error = signal.aborted ? abortError(signal) : undefined;
      await this.finish(error === undefined ? 'ok' : error.code === 'CANCELLED' ? 'stopped' : 'error', error);
      return { done: true, value: undefined };
    }
    return step;
  }

  /** The consumer stops reading: the handler's signal aborts, its iterator closes, the stream is `stopped`. */
  async return(): Promise<IteratorResult<unknown>> {
    if (!this.ended) {
      await this.close();
      await this.finish('stopped', coreErrors.CANCELLED());
    }
    return { done: true, value: undefined };
  }

  /** The caller cancelled while nobody was reading: the handler's iterator closes and the call ends now. */
  private async cancel(error: OpwireError): Promise<void> {
    if (this.ended) return;
    this.cancelled = error;
    const ending = this.finish(error.code === 'CANCELLED' ? 'stopped' : 'error', error);
    await this.close();
    await ending;
  }

  private close(): Promise<void> {
    this.closed ??= closeHandler(this.source, this.stop);
    return this.closed;
  }

  private failure(thrown: unknown): OpwireError {
    const signal = this.invocation.sourceSignal;
    return this.raised(
      signal.aborted && !isOpwireError(thrown) ? abortError(signal, thrown) : toOpwireError(thrown),
    );
  }

  private finish(outcome: 'ok' | 'error' | 'stopped', error: OpwireError | undefined): Promise<void> {
    if (this.ended === undefined) {
      abandoned.unregister(this);
      this.held?.unwatch?.();
      this.ended = this.end(outcome, error);
    }
    return this.ended;
  }
}
