/** A value JSON can carry as it is. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** `value` as JSON would carry it (`undefined` becomes `null`, dates become strings, functions vanish). */
export function toJsonValue(value: unknown): JsonValue {
  if (value === undefined) return null;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : (JSON.parse(text) as JsonValue);
  } catch {
    // A cycle or a BigInt: keep a marker rather than fail the caller.
    return '[unserializable]';
  }
}
