import type { Static, TSchema } from 'typebox';
import { checkResponseHeaderName } from '../response-header.js';
import { type Locale, type LocalizedText, localizeText } from './locale.js';
import { OpwireError, type ValidationIssue } from './opwire-error.js';

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
  | 'not_acceptable'
  | 'method'
  | 'cancelled'
  | 'timeout'
  | 'unavailable'
  | 'upstream'
  | 'internal';

/** The names of the `{name}` placeholders in a message template, as a union of string literals. */
export type PlaceholdersOf<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

/** What a catalogue declares for one code: its kind, a message per locale, and the schema of its data. */
export interface ErrorDefinition {
  readonly kind: ErrorKind;
  /** Message templates; `{name}` placeholders are filled from `params` (and `{field}` from `field`). */
  readonly messages: { readonly en: string; readonly 'zh-CN': string };
  /** The caller-safe data the error carries, published in OpenAPI. */
  readonly data?: TSchema;
  /**
   * Response headers every raise of the code sends (such as `retry-after`), documented in OpenAPI: raising the
   * code without a value for each fails to compile (and at run time, if types are bypassed).
   */
  readonly headers?: readonly string[];
}

/**
 * A value a message placeholder takes; localized text is written in the message's language (a resource
 * name such as `{ en: 'order', 'zh-CN': '订单' }`, English where its language is missing).
 */
export type ParamValue = number | boolean | LocalizedText;

/**
 * What raising an error takes: the params its messages name, its typed data, the headers its entry declares, a
 * field and a cause.
 */
export type RaiseOptions<
  Placeholders extends string = never,
  Data = undefined,
  Headers extends string = never,
> = {
  readonly cause?: unknown;
  readonly issues?: readonly ValidationIssue[];
} & ([Headers] extends [never]
  ? {
      /**
       * Response headers the surface sends with the error. A middleware raising a shared code (`RATE_LIMITED`)
       * sends here the headers it declares itself (`retry-after`).
       */
      readonly headers?: Readonly<Record<string, string>>;
    }
  : {
      /** Response headers the surface sends with the error: a value for each header the entry declares. */
      readonly headers: Readonly<Record<Headers, string>> & Readonly<Record<string, string>>;
    }) &
  ('field' extends Placeholders
    ? { /** The request field the error is about. */ readonly field: string }
    : { /** The request field the error is about. */ readonly field?: string }) &
  ([Exclude<Placeholders, 'field'>] extends [never]
    ? { readonly params?: undefined }
    : { readonly params: Readonly<Record<Exclude<Placeholders, 'field'>, ParamValue>> }) &
  ([Data] extends [undefined]
    ? {
        /** Caller-safe data for the client (declare a `data` schema to type it). */ readonly data?: Readonly<
          Record<string, unknown>
        >;
      }
    : { readonly data: Data });

/** What every entry of every catalogue has, whatever its params. */
export interface AnyErrorEntry {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly messages: Readonly<Record<Locale, string>>;
  readonly data: TSchema | undefined;
  /** Response headers every raise of the code sends (lower case). */
  readonly headers: readonly string[];
}

/** One code of a catalogue: call it to make the error (`shopErrors.OUT_OF_STOCK({ params })`). */
export interface ErrorEntry<
  Code extends string = string,
  Placeholders extends string = never,
  Data = undefined,
  Headers extends string = never,
> extends AnyErrorEntry {
  (
    ...options: [Placeholders | Headers] extends [never]
      ? [Data] extends [undefined]
        ? [options?: RaiseOptions<Placeholders, Data, Headers>]
        : [options: RaiseOptions<Placeholders, Data, Headers>]
      : [options: RaiseOptions<Placeholders, Data, Headers>]
  ): OpwireError<Code>;
  readonly code: Code;
}

/** The entry a definition declares for a code. */
export type EntryOf<Code extends string, Definition extends ErrorDefinition> = ErrorEntry<
  Code,
  PlaceholdersOf<Definition['messages']['en']>,
  Definition extends { readonly data: infer Schema extends TSchema } ? Static<Schema> : undefined,
  Definition extends { readonly headers: readonly (infer Header extends string)[] }
    ? Lowercase<Header>
    : never
>;

/** A catalogue: its entries by code. */
export type ErrorCatalogue<Definitions extends Readonly<Record<string, ErrorDefinition>>> = {
  readonly [Code in keyof Definitions & string]: EntryOf<Code, Definitions[Code]>;
};

/** The entries of declared errors by code, as a handler sees them in `context.errors`. */
export type ErrorMap<Entries extends readonly AnyErrorEntry[]> = {
  readonly [Entry in Entries[number] as Entry['code']]: Entry;
};

const codePattern = /^[A-Z][A-Z0-9_]*$/;
// Every kind, so a catalogue from plain JavaScript or a cast cannot carry one no surface has a status for.
const kinds: Readonly<Record<ErrorKind, true>> = {
  invalid: true,
  unauthenticated: true,
  denied: true,
  not_found: true,
  conflict: true,
  rule: true,
  limited: true,
  too_large: true,
  unsupported: true,
  not_acceptable: true,
  method: true,
  cancelled: true,
  timeout: true,
  unavailable: true,
  upstream: true,
  internal: true,
};
const placeholderPattern = /\{(\w+)\}/g;

/**
 * Declares a catalogue of error codes as values: each entry is a typed constructor whose params are
 * the placeholders of its messages. A malformed code, an unknown kind, a missing en or zh-CN message, or
 * an en and a zh-CN message naming different placeholders, fails here, when the module loads.
 */
export function defineErrors<const Definitions extends Readonly<Record<string, ErrorDefinition>>>(
  definitions: Definitions,
): ErrorCatalogue<Definitions> {
  const catalogue: Record<string, AnyErrorEntry> = {};
  for (const [code, definition] of Object.entries(definitions)) {
    if (!codePattern.test(code)) throw new TypeError(`Error code "${code}" must be UPPER_SNAKE_CASE.`);
    if (!Object.hasOwn(kinds, definition.kind)) {
      throw new TypeError(
        `Error code "${code}": kind "${String(definition.kind)}" is not one of ${Object.keys(kinds).join(', ')}.`,
      );
    }
    for (const locale of ['en', 'zh-CN'] as const) {
      if (typeof definition.messages?.[locale] !== 'string')
        throw new TypeError(
          `Error code "${code}" needs ${locale === 'en' ? 'an' : 'a'} ${locale} message (a string).`,
        );
    }
    const english = placeholdersIn(definition.messages.en);
    const chinese = placeholdersIn(definition.messages['zh-CN']);
    if (english !== chinese) {
      throw new TypeError(
        `Error code "${code}": the en and zh-CN messages must name the same placeholders (${english || 'none'} vs ${chinese || 'none'}).`,
      );
    }
    for (const header of definition.headers ?? []) checkResponseHeaderName(header, `Error code "${code}"`);
    catalogue[code] = createEntry(code, definition);
  }
  return Object.freeze(catalogue) as ErrorCatalogue<Definitions>;
}

function createEntry(code: string, definition: ErrorDefinition): AnyErrorEntry {
  const entry = Object.assign(
    (options?: RaiseOptions<string, unknown, string>) => new OpwireError(entry as AnyErrorEntry, options),
    {
      code,
      kind: definition.kind,
      messages: Object.freeze({ ...definition.messages }),
      data: definition.data,
      headers: Object.freeze((definition.headers ?? []).map((header) => header.toLowerCase())),
    },
  );
  // The function's own `name` property would otherwise read as the arrow's.
  Object.defineProperty(entry, 'name', { value: code });
  return Object.freeze(entry);
}

function placeholdersIn(template: string): string {
  return [...new Set([...template.matchAll(placeholderPattern)].map((match) => match[1]))].sort().join(', ');
}

/** Renders a message template in a locale, filling `{name}` placeholders from `params`. */
export function formatMessage(
  entry: AnyErrorEntry,
  locale: Locale,
  params: Readonly<Record<string, unknown>>,
): string {
  const template = entry.messages[locale] ?? entry.messages.en;
  return template.replace(placeholderPattern, (match, name: string) => {
    const value = params[name];
    if (value === undefined) return match;
    // The field of an issue with the request as a whole (a body that is an array, not an object) is empty.
    if (name === 'field' && value === '') return wholeRequest[locale];
    if (typeof value === 'object' && value !== null)
      return localizeText(value as LocalizedText, locale) ?? match;
    return name === 'expected' && locale !== 'en' ? localizedTypes(String(value), locale) : String(value);
  });
}

/** How a message names the request as a whole, where a field would be named. */
const wholeRequest: Readonly<Record<Locale, string>> = { en: '(the whole request)', 'zh-CN': '（整个请求）' };

/** JSON Schema's type names in the other languages, for what a validation message says was expected. */
const typeNames: Readonly<Record<Exclude<Locale, 'en'>, Readonly<Record<string, string>>>> = {
  'zh-CN': {
    string: '字符串',
    integer: '整数',
    number: '数字',
    boolean: '布尔值',
    object: '对象',
    array: '数组',
  },
};

/**
 * What validation says was expected beside a type name (`length >= 1`, `at most 10 items`, `pattern ^a$`), in
 * the other languages: the words are translated, the numbers, patterns and format names stay.
 */
const phrases: Readonly<Record<Exclude<Locale, 'en'>, ReadonlyArray<readonly [RegExp, string]>>> = {
  'zh-CN': [
    [/^length >= (\d+)$/, '长度至少 $1'],
    [/^length <= (\d+)$/, '长度至多 $1'],
    [/^at least (\d+) items$/, '至少 $1 项'],
    [/^at most (\d+) items$/, '至多 $1 项'],
    [/^at least (\d+) properties$/, '至少 $1 个属性'],
    [/^at most (\d+) properties$/, '至多 $1 个属性'],
    [/^a finite number$/, '有限的数字'],
    [/^a valid key$/, '有效的键'],
    [/^each approval answered once$/, '每个审批只回答一次'],
    [/^a multiple of (.+)$/, '$1 的倍数'],
    [/^pattern (.+)$/s, '匹配模式 $1'],
  ],
};

/** `integer | null` in `locale`: each alternative that is a bare type name or a known phrase is translated; literals stay. */
function localizedTypes(expected: string, locale: Exclude<Locale, 'en'>): string {
  const names = typeNames[locale];
  const phrase = phrases[locale].find(([pattern]) => pattern.test(expected));
  if (phrase) return expected.replace(phrase[0], phrase[1]);
  return expected
    .split(' | ')
    .map((alternative) => (Object.hasOwn(names, alternative) ? names[alternative] : alternative))
    .join(' | ');
}
