import { isBlank } from './is-blank.js';
import { finishSteps, type Steps } from './steps.js';

/** Settings for fixed-window chunking, in characters (Unicode code points). */
export interface FixedChunkOptions {
  readonly size: number;
  /** Characters shared by neighbouring chunks; clamped to `[0, size − 1]`. */
  readonly overlap?: number;
}

/** Splits text into windows of `size` characters that overlap by `overlap`; blank windows (`isBlank`) are dropped. */
export function chunkFixed(text: string, options: FixedChunkOptions): string[] {
  return finishSteps(chunkFixedInSteps(text, options));
}

/** `chunkFixed` one window at a time (internal): it yields after each window, so an ingest can let the event loop run. */
export function chunkFixedInSteps(text: string, options: FixedChunkOptions): Steps<string[]> {
  const size = Math.floor(options.size);
  if (!Number.isFinite(size) || size < 1)
    throw new RangeError(`Chunk size must be at least 1, got ${options.size}.`);
  const overlap = Math.min(Math.max(Math.floor(options.overlap ?? 0), 0), size - 1);
  return windows(text, size, overlap);
}

function* windows(text: string, size: number, overlap: number): Steps<string[]> {
  const characters = [...text.replace(/\r\n?/g, '\n')];
  const step = size - overlap;
  const chunks: string[] = [];
  for (let start = 0; start < characters.length; start += step) {
    const chunk = characters.slice(start, start + size).join('');
    if (!isBlank(chunk)) chunks.push(chunk);
    if (start + size >= characters.length) break;
    yield;
  }
  return chunks;
}
