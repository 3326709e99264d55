/**
 * A push-to-pull buffer: a producer pushes events, one consumer iterates them as they arrive; ended
 * with an error, the iteration throws it after the buffered events.
 */
export class EventQueue<T> implements AsyncIterable<T> {
  private readonly buffered: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private ended = false;
  private failure: { readonly error: unknown } | undefined;

  push(event: T): void {
    if (this.ended) return;
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting({ value: event, done: false });
    else this.buffered.push(event);
  }

  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    if (error !== undefined) this.failure = { error };
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    while (true) {
      const next = this.buffered.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.ended) break;
      const result = await new Promise<IteratorResult<T>>((resolve) => {
        this.waiting = resolve;
      });
      if (result.done) break;
      yield result.value;
    }
    if (this.failure) throw this.failure.error;
  }
}
