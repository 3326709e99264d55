import type { Locale } from './locale.js';

/** The family of an error code, which each surface maps to its own status (HTTP 400, MCP isError, ...). */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'denied'
  | 'not_found'
  | 'conflict'
  | 'rule'
  | 'limited'
  | 'too_large'
  | 'unsupported'
  | 'method'
  | 'cancelled'
  | 'timeout'
  | 'unavailable'
  | 'internal';

/** One entry of the error catalogue: its kind and a message template per locale (`{name}` placeholders). */
export interface ErrorCodeDefinition {
  readonly kind: ErrorKind;
  readonly messages: Readonly<Record<Locale, string>>;
}

const catalog = new Map<string, ErrorCodeDefinition>();

/** Adds codes to the process-wide catalogue; redefining a code differently fails. */
export function defineErrorCodes(definitions: Readonly<Record<string, ErrorCodeDefinition>>): void {
  for (const [code, definition] of Object.entries(definitions)) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(code)) {
      throw new TypeError(`Error code "${code}" must be UPPER_SNAKE_CASE.`);
    }
    const existing = catalog.get(code);
    if (existing && existing.kind !== definition.kind) {
      throw new TypeError(`Error code "${code}" is already defined with kind "${existing.kind}".`);
    }
    catalog.set(code, definition);
  }
}

/** Returns a code's catalogue entry, or `undefined` for a code nobody defined. */
export function findErrorCode(code: string): ErrorCodeDefinition | undefined {
  return catalog.get(code);
}

/** Lists every code in the catalogue with its definition. */
export function listErrorCodes(): ReadonlyArray<readonly [string, ErrorCodeDefinition]> {
  return [...catalog.entries()];
}

/** Renders a code's message in a locale, filling `{name}` placeholders from `params`. */
export function formatErrorMessage(
  code: string,
  locale: Locale,
  params: Readonly<Record<string, unknown>> = {},
): string {
  const template = catalog.get(code)?.messages[locale] ?? catalog.get(code)?.messages.en ?? code;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
