/**
 * Work done one piece at a time: a generator that yields between pieces and returns its result, so a caller that
 * must not hold the event loop (an ingest) can let it run between pieces, and one that may (`chunkStructured`)
 * runs it to the end at once.
 */
export type Steps<T> = Generator<undefined, T, undefined>;

/** Runs work in steps to its end, without stopping. */
export function finishSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs work in steps to its end, asking `pause` after each step whether to wait for the event loop first (it
 * returns a promise to wait for, or `undefined` to go on at once).
 */
export async function finishStepsPausing<T>(
  steps: Steps<T>,
  pause: () => Promise<void> | undefined,
): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    const turn = pause();
    if (turn) await turn;
  }
}
