import { findPoisonedKey, shortPointer } from '@opwire/core/surface';
import { httpErrors } from './http-errors.js';

const byteOrderMark = 0xfeff;

/** Whether a body could spell a forbidden key (directly or through a `\u` escape): only those are walked. */
function suspicious(text: string): boolean {
  return text.includes('proto') || text.includes('constructor') || text.includes('\\u');
}

/**
 * Parses a JSON request body, rejecting malformed JSON (`MALFORMED_JSON`) and bodies that carry
 * `__proto__` or `constructor.prototype` keys anywhere (`PROTOTYPE_POISONING`). One leading byte order
 * mark is ignored, as RFC 8259 (section 8.1) allows and fastify does: some clients write one.
 */
export function parseJsonBody(text: string, parsed?: (value: unknown) => void): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === byteOrderMark ? text.slice(1) : text);
  } catch (error) {
    throw httpErrors.MALFORMED_JSON({ cause: error });
  }
  parsed?.(value);
  if (suspicious(text)) {
    const pointer = findPoisonedKey(value);
    if (pointer !== undefined) {
      throw httpErrors.PROTOTYPE_POISONING({ field: shortPointer(pointer) });
    }
  }
  return value;
}

/**
 * Parses a body read from the wire, where an empty body means "no fields" (`{}`). `parsed` is told the value
 * once it is JSON, before it is searched for forbidden keys.
 */
export function parseBody(text: string, parsed?: (value: unknown) => void): unknown {
  return text === '' ? {} : parseJsonBody(text, parsed);
}
