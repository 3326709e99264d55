import { coreErrors } from '@opwire/core';

/**
 * The requests and calls a server has started and not yet seen end, and the signal that cancels the calls no
 * connection cancels (a detached route's) when the shutdown deadline passes.
 */
export class RunningCalls {
  private readonly controller = new AbortController();
  private count = 0;
  private idle: (() => void) | undefined;

  /** Aborts, with `CANCELLED`, once `cancel()` is called. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  begin(): void {
    this.count++;
  }

  end(): void {
    if (--this.count === 0) this.idle?.();
  }

  /** Cancels the calls given `signal`, as a client going away cancels its own. */
  cancel(): void {
    this.controller.abort(coreErrors.CANCELLED());
  }

  /** Resolves once nothing runs any more. */
  settled(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const previous = this.idle;
      this.idle = () => {
        previous?.();
        resolve();
      };
    });
  }

  /** The stream, ending this call (begun by the caller) once it ends however it ends: read out, failed or returned. */
  endWith(events: AsyncIterable<unknown>): AsyncIterable<unknown> {
    const iterator = events[Symbol.asyncIterator]();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.end();
    };
    const tracked: AsyncIterableIterator<unknown> = {
      [Symbol.asyncIterator]: () => tracked,
      async next() {
        try {
          const step = await iterator.next();
          if (step.done) end();
          return step;
        } catch (error) {
          end();
          throw error;
        }
      },
      async return(value?: unknown) {
        try {
          return (await iterator.return?.(value)) ?? { done: true, value: undefined };
        } finally {
          end();
        }
      },
    };
    return tracked;
  }
}
