import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Runs tasks one at a time, in the order they were queued: PGlite has a single connection, so two
 * transactions must never interleave on it. A task that queues another and waits for it would
 * wait for itself, so `run` refuses that with a clear error instead of hanging.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private holder: symbol | undefined;
  private readonly storage = new AsyncLocalStorage<symbol>();

  constructor(private readonly reentryMessage: string) {}

  /** Whether the caller is running inside the task that holds the queue now. */
  holding(): boolean {
    const token = this.storage.getStore();
    return token !== undefined && token === this.holder;
  }

  /** Runs `task` once every task queued before it has settled; refuses to be called from the running task. */
  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.holding()) return Promise.reject(new Error(this.reentryMessage));
    return this.enqueue(task);
  }

  /** Queues `task` behind everything, even from inside the running task, without waiting for it. */
  enqueue<T>(task: () => Promise<T>): Promise<T> {
    const token = Symbol('serial-queue-task');
    const result = this.tail.then(() => {
      this.holder = token;
      return this.storage.run(token, task);
    });
    const release = () => {
      if (this.holder === token) this.holder = undefined;
    };
    this.tail = result.then(release, release);
    return result;
  }
}
