/** How long synchronous work may hold the event loop before it lets timers and I/O run. */
const sliceMs = 10;

// The turn of the event loop some work is waiting for: shared, so when several ingests or embedding batches run at
// once, the first to use up its slice stops the others too, and the loop gets its turn every slice, not one each.
let turn: Promise<void> | undefined;

const nextTurn = (): Promise<void> =>
  (turn ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      turn = undefined;
      resolve();
    }),
  ));

/**
 * A pause for one piece of work done in slices (an ingest, an embedding call): it lets the event loop run (a
 * `setImmediate` turn) once the work has gone on for `sliceMs` since it began or last paused, or when other work
 * is already waiting for a turn, and returns `undefined` otherwise (short work, such as embedding one query, never
 * waits). An ingest of a large document is seconds of synchronous chunking, analysis and local embedding; without
 * pauses a server answers nothing else meanwhile (awaiting a settled promise runs no timer and reads no socket).
 */
export function createEventLoopPause(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (turn === undefined && performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
