import { coreErrors } from './core-errors.js';
import type { AnyErrorEntry } from './define-errors.js';

/** Every error code an app can answer with, by code: core's, its catalogues', and what operations declare. */
export interface ErrorRegistry {
  /** The entry of a code, or `undefined` for a code the app never declared. */
  get(code: string): AnyErrorEntry | undefined;
  /** Every entry, core's first. */
  list(): readonly AnyErrorEntry[];
}

/** Whether a value is a catalogue entry made by `defineErrors`. */
export function isErrorEntry(value: unknown): value is AnyErrorEntry {
  const entry = value as Partial<AnyErrorEntry> | undefined;
  return (
    typeof value === 'function' &&
    typeof entry?.code === 'string' &&
    typeof entry.kind === 'string' &&
    typeof entry.messages?.en === 'string'
  );
}

/**
 * Collects entries into one registry; two different entries with one code (two catalogues defining
 * `NOT_FOUND` each their own way) fail here, at startup, naming the code.
 */
export function createErrorRegistry(entries: Iterable<AnyErrorEntry>): ErrorRegistry {
  const byCode = new Map<string, AnyErrorEntry>();
  for (const entry of [...Object.values(coreErrors), ...entries]) {
    if (!isErrorEntry(entry)) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: { reason: `errors: ${JSON.stringify(entry)} is not an entry made by defineErrors` },
      });
    }
    const known = byCode.get(entry.code);
    if (known && known !== entry && !sameDefinition(known, entry)) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: { reason: `error code "${entry.code}" is defined twice, differently` },
      });
    }
    if (!known) byCode.set(entry.code, entry);
  }
  const list = Object.freeze([...byCode.values()]);
  return { get: (code) => byCode.get(code), list: () => list };
}

function sameDefinition(a: AnyErrorEntry, b: AnyErrorEntry): boolean {
  return a.kind === b.kind && a.messages.en === b.messages.en && a.messages['zh-CN'] === b.messages['zh-CN'];
}
