import { mcpErrors } from './mcp-errors.js';

/** One page of a list, and the cursor of the next page when there is one. */
export interface ListPage<Item> {
  readonly items: Item[];
  readonly nextCursor?: string;
}

const cursorPattern = /^(0|[1-9]\d{0,8})$/;

/**
 * The page of `items` a cursor points at (the first without one). A cursor is the offset this function
 * returned before; anything else fails with `INVALID_CURSOR`.
 */
export function pageOf<Item>(
  items: readonly Item[],
  cursor: string | undefined,
  size: number,
): ListPage<Item> {
  let offset = 0;
  if (cursor !== undefined) {
    if (!cursorPattern.test(cursor) || Number(cursor) >= Math.max(items.length, 1)) {
      throw mcpErrors.INVALID_CURSOR({ params: { cursor: cursor.slice(0, 100) } });
    }
    offset = Number(cursor);
  }
  const end = offset + size;
  return {
    items: items.slice(offset, end),
    ...(end < items.length ? { nextCursor: String(end) } : {}),
  };
}
