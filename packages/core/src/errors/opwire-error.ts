import { checkResponseHeader } from '../response-header.js';
import type { AnyErrorEntry, ErrorKind } from './define-errors.js';
import { formatMessage } from './define-errors.js';
import type { Locale } from './locale.js';

const marker = Symbol.for('opwire.error');

/** One problem found in a request: what was wrong, where, and what was expected. */
export interface ValidationIssue {
  readonly code: string;
  /** Dotted path to the field, such as `items[0].quantity`; empty for the whole request. */
  readonly field: string;
  /** JSON Pointer to the field, such as `/items/0/quantity`. */
  readonly pointer: string;
  readonly expected?: string;
}

/** What an `OpwireError` carries besides its entry; raise through an entry to get these typed. */
export interface OpwireErrorOptions {
  readonly params?: Readonly<Record<string, unknown>>;
  readonly field?: string;
  readonly issues?: readonly ValidationIssue[];
  /** Extra, caller-safe data returned to the client (never secrets or internals). */
  readonly data?: unknown;
  /** Response headers the surface sends with the error (such as `retry-after`). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

/**
 * The one error type every Opwire surface understands: a catalogue entry (stable code, kind, messages)
 * and the values its message names. Made by calling an entry, such as `coreErrors.NOT_FOUND({ params })`.
 */
export class OpwireError<Code extends string = string> extends Error {
  readonly [marker] = true;
  override readonly name = 'OpwireError';
  readonly code: Code;
  readonly kind: ErrorKind;
  readonly entry: AnyErrorEntry;
  readonly params: Readonly<Record<string, unknown>>;
  readonly field: string | undefined;
  readonly issues: readonly ValidationIssue[] | undefined;
  readonly data: Readonly<Record<string, unknown>> | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(entry: AnyErrorEntry, options: OpwireErrorOptions = {}) {
    const params =
      options.field === undefined ? (options.params ?? {}) : { field: options.field, ...options.params };
    super(formatMessage(entry, 'en', params), { cause: options.cause });
    this.code = entry.code as Code;
    this.kind = entry.kind;
    this.entry = entry;
    this.params = params;
    this.field = options.field;
    this.issues = options.issues;
    this.data = options.data as Readonly<Record<string, unknown>> | undefined;
    if (options.headers) {
      for (const [header, value] of Object.entries(options.headers))
        checkResponseHeader(header, value, `error ${entry.code}`);
    }
    // What the entry declares (and OpenAPI promises) every raise sends; a raise without it cannot keep that promise.
    for (const declared of entry.headers) {
      if (!Object.keys(options.headers ?? {}).some((header) => header.toLowerCase() === declared)) {
        throw new TypeError(
          `error ${entry.code}: the code declares the response header "${declared}", but this raise gives it no value.`,
        );
      }
    }
    this.headers = options.headers;
  }

  /** Whether a value is an `OpwireError`, even one from another copy of the package. */
  static isInstance(value: unknown): value is OpwireError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }

  /** The error's message in the given locale. */
  localize(locale: Locale): string {
    return formatMessage(this.entry, locale, this.params);
  }
}

/** Whether a value is an `OpwireError` (works across duplicate installs). */
export function isOpwireError(value: unknown): value is OpwireError {
  return OpwireError.isInstance(value);
}
