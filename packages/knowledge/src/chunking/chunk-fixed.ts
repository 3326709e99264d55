/** Settings for fixed-window chunking, in characters (Unicode code points). */
export interface FixedChunkOptions {
  readonly size: number;
  /** Characters shared by neighbouring chunks; clamped to `[0, size − 1]`. */
  readonly overlap?: number;
}

/** Splits text into windows of `size` characters that overlap by `overlap`; blank windows are dropped. */
export function chunkFixed(text: string, options: FixedChunkOptions): string[] {
  const size = Math.floor(options.size);
  if (!Number.isFinite(size) || size < 1)
    throw new RangeError(`Chunk size must be at least 1, got ${options.size}.`);
  const overlap = Math.min(Math.max(Math.floor(options.overlap ?? 0), 0), size - 1);
  const characters = [...text.replace(/\r\n?/g, '\n')];
  const step = size - overlap;
  const chunks: string[] = [];
  for (let start = 0; start < characters.length; start += step) {
    const chunk = characters.slice(start, start + size).join('');
    if (chunk.trim() !== '') chunks.push(chunk);
    if (start + size >= characters.length) break;
  }
  return chunks;
}
