import { coreErrors } from './core-errors.js';
import type { AnyErrorEntry, ErrorKind } from './define-errors.js';
import { formatMessage } from './define-errors.js';
import type { Locale } from './locale.js';
import { isOpwireError, type OpwireError, type ValidationIssue } from './opwire-error.js';

/** Turns anything thrown into an `OpwireError`; unknown throwables become `INTERNAL` with the original as `cause`. */
export function toOpwireError(value: unknown): OpwireError {
  if (isOpwireError(value)) return value;
  return coreErrors.INTERNAL({ cause: value });
}

/** The client-safe description of an error: code, localized message, field and issues; never a stack or cause. */
export interface ErrorDescription {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly message: string;
  readonly field?: string;
  readonly issues?: ReadonlyArray<ValidationIssue & { readonly message: string }>;
  readonly data?: Readonly<Record<string, unknown>>;
}

const issueEntries: Readonly<Record<string, AnyErrorEntry>> = coreErrors;

/** Describes an error for a client in its locale, leaving out everything internal. */
export function describeError(error: OpwireError, locale: Locale): ErrorDescription {
  const description: {
    code: string;
    kind: ErrorKind;
    message: string;
    field?: string;
    issues?: Array<ValidationIssue & { message: string }>;
    data?: Readonly<Record<string, unknown>>;
  } = { code: error.code, kind: error.kind, message: error.localize(locale) };
  if (error.field !== undefined) description.field = error.field;
  if (error.issues) {
    description.issues = error.issues.map((issue) => {
      const entry = Object.hasOwn(issueEntries, issue.code) ? issueEntries[issue.code] : undefined;
      const params = { field: issue.field, expected: issue.expected };
      return { ...issue, message: entry ? formatMessage(entry, locale, params) : issue.code };
    });
  }
  if (error.data) description.data = error.data;
  return description;
}
