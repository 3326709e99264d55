import { findPoisonedKey } from '@opwire/core/surface';
import { httpErrors } from './http-errors.js';

/** Whether a body could spell a forbidden key (directly or through a `\u` escape): only those are walked. */
function suspicious(text: string): boolean {
  return text.includes('proto') || text.includes('constructor') || text.includes('\\u');
}

/**
 * Parses a JSON request body, rejecting malformed JSON (`MALFORMED_JSON`) and bodies that carry
 * `__proto__` or `constructor.prototype` keys anywhere (`PROTOTYPE_POISONING`).
 */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw httpErrors.MALFORMED_JSON({ cause: error });
  }
  if (suspicious(text)) {
    const pointer = findPoisonedKey(value);
    if (pointer !== undefined) {
      throw httpErrors.PROTOTYPE_POISONING({ field: shortened(pointer) });
    }
  }
  return value;
}

/**
 * A pointer short enough to answer with: one deep in a nested body (200,000 arrays) would make the answer
 * larger than the request. Its start and its end (where the key is) are kept.
 */
function shortened(pointer: string): string {
  return pointer.length <= 200 ? pointer : `${pointer.slice(0, 100)}…${pointer.slice(-99)}`;
}

/** Parses a body read from the wire, where an empty body means "no fields" (`{}`). */
export function parseBody(text: string): unknown {
  return text === '' ? {} : parseJsonBody(text);
}
