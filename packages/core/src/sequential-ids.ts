/** Two lowercase hex digits for every byte value. */
const hexPairs: readonly string[] = Array.from({ length: 256 }, (_, byte) =>
  byte.toString(16).padStart(2, '0'),
);

/**
 * Returns a generator of unique ids: `prefix`, then a counter as 12 hex digits. The first 10 digits
 * change once every 256 ids, so an id usually costs one string concatenation. With a UUID's first
 * 24 characters as prefix the ids keep the UUID layout.
 */
export function createIdSequence(prefix: string): () => string {
  let counter = 0;
  let block = '';
  return () => {
    const low = counter & 0xff;
    if (low === 0)
      block =
        prefix +
        Math.floor(counter / 256)
          .toString(16)
          .padStart(10, '0');
    counter = counter === 0xffffffffffff ? 0 : counter + 1;
    return block + (hexPairs[low] as string);
  };
}
