/**
 * One line saying what a thrown value is, whatever was thrown: an error's message (its name when it has none),
 * a plain object's own `message`, else the object written out with its class (`ErrnoError {"errno":54}`).
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0] || error.name;
  if (typeof error !== 'object' || error === null) return String(error);
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message.trim() !== '') return message.split('\n')[0]!;
  const kind = (error as { constructor?: { name?: unknown } }).constructor?.name;
  const prefix = typeof kind === 'string' && kind !== 'Object' && kind !== '' ? `${kind} ` : '';
  return `${prefix}${written(error)}`;
}

function written(value: object): string {
  try {
    return JSON.stringify(value) ?? '{}';
  } catch {
    return '(an object that cannot be written out)';
  }
}
