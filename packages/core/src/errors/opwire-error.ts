import './builtin-error-codes.js';
import { findErrorCode, formatErrorMessage } from './error-catalog.js';
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

/** Options for an `OpwireError` beyond its code. */
export interface OpwireErrorOptions {
  readonly params?: Readonly<Record<string, unknown>>;
  readonly field?: string;
  readonly issues?: readonly ValidationIssue[];
  /** Extra, caller-safe data returned to the client (never secrets or internals). */
  readonly data?: Readonly<Record<string, unknown>>;
  readonly cause?: unknown;
}

/** The one error type every Opwire surface understands, identified by a stable catalogue code. */
export class OpwireError extends Error {
  readonly [marker] = true;
  override readonly name = 'OpwireError';
  readonly code: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly field: string | undefined;
  readonly issues: readonly ValidationIssue[] | undefined;
  readonly data: Readonly<Record<string, unknown>> | undefined;

  constructor(code: string, options: OpwireErrorOptions = {}) {
    const params = { field: options.field, ...options.params };
    super(formatErrorMessage(code, 'en', params), { cause: options.cause });
    this.code = code;
    this.params = params;
    this.field = options.field;
    this.issues = options.issues;
    this.data = options.data;
  }

  /** Whether a value is an `OpwireError`, even one from another copy of the package. */
  static isInstance(value: unknown): value is OpwireError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }

  /** The error's message in the given locale. */
  localize(locale: Locale): string {
    return formatErrorMessage(this.code, locale, this.params);
  }
}

/** Whether a value is an `OpwireError` (works across duplicate installs). */
export function isOpwireError(value: unknown): value is OpwireError {
  return OpwireError.isInstance(value);
}

/** Turns anything thrown into an `OpwireError`; unknown throwables become `INTERNAL` with the original as `cause`. */
export function toOpwireError(value: unknown): OpwireError {
  if (isOpwireError(value)) return value;
  return new OpwireError('INTERNAL', { cause: value });
}

/** The client-safe description of an error: code, localized message, field and issues; never a stack or cause. */
export interface ErrorDescription {
  readonly code: string;
  readonly kind: string;
  readonly message: string;
  readonly field?: string;
  readonly issues?: ReadonlyArray<ValidationIssue & { readonly message: string }>;
  readonly data?: Readonly<Record<string, unknown>>;
}

/** Describes an error for a client in its locale, leaving out everything internal. */
export function describeError(error: OpwireError, locale: Locale): ErrorDescription {
  const description: {
    code: string;
    kind: string;
    message: string;
    field?: string;
    issues?: Array<ValidationIssue & { message: string }>;
    data?: Readonly<Record<string, unknown>>;
  } = {
    code: error.code,
    kind: findErrorCode(error.code)?.kind ?? 'internal',
    message: error.localize(locale),
  };
  if (error.field !== undefined) description.field = error.field;
  if (error.issues) {
    description.issues = error.issues.map((issue) => ({
      ...issue,
      message: formatErrorMessage(issue.code, locale, { field: issue.field, expected: issue.expected }),
    }));
  }
  if (error.data) description.data = error.data;
  return description;
}
