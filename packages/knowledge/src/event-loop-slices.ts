/** How long synchronous work may hold the event loop before it lets timers and I/O run. */
const sliceMs = 10;

// When the event loop last had a turn, as far as this module knows: one clock for all of a process's ingests and
// embedding batches, so several running at once still give the loop a turn every slice, not one slice each.
let since = 0;
let turn: Promise<void> | undefined;

/**
 * Lets the event loop run (a `setImmediate` turn) once `sliceMs` of work has passed since its last turn, and
 * returns `undefined` otherwise. An ingest of a large document is seconds of synchronous chunk analysis and
 * local embedding; without pauses a server answers nothing else meanwhile (awaiting a settled promise runs no
 * timer and reads no socket).
 */
export function pauseForEventLoop(): Promise<void> | undefined {
  if (turn) return turn;
  if (performance.now() - since < sliceMs) return undefined;
  turn = new Promise<void>((resolve) =>
    setImmediate(() => {
      since = performance.now();
      turn = undefined;
      resolve();
    }),
  );
  return turn;
}
