import type { InvocationContext } from './context.js';
import type { AnyErrorEntry } from './errors/define-errors.js';
import type { LocalizedText } from './errors/locale.js';
import type { AnyOperation } from './operation.js';
import { checkResponseHeaderName, isHeaderName } from './response-header.js';

declare const extensionMark: unique symbol;

/**
 * What a middleware hands back: at run time the response, typed with what the middleware added to
 * the context (so the handler's context type includes it).
 */
export type MiddlewareResult<Extension extends object = {}> = {
  readonly [extensionMark]?: Extension;
};

/** Calls the next layer, adding `extension` to the context every later layer and the handler see. */
export type Next = <Extension extends object = {}>(
  extension?: Extension,
) => Promise<MiddlewareResult<Extension>>;

/** What a middleware sees: the invocation's context and its validated, authorized input. */
export interface MiddlewareContext extends InvocationContext {
  /** The validated request (typed `unknown`: a middleware serves many operations). */
  readonly input: unknown;
}

/**
 * Where a middleware runs: `outside` before the transaction opens (a rate limit: a refusal holds no
 * connection), `inside` in it (an idempotency record that must commit with the write; a failure there
 * rolls the call back and is audited as a failure).
 */
export type MiddlewarePhase = 'outside' | 'inside';

/** A request header a middleware reads (`idempotency-key`), documented as a header parameter in OpenAPI. */
export interface MiddlewareRequestHeader {
  readonly name: string;
  /** What the header does, for the OpenAPI parameter; per language (`{ en, 'zh-CN' }`) for both documents. */
  readonly description: LocalizedText;
  /** The value's JSON Schema; a string by default. */
  readonly schema?: Readonly<Record<string, unknown>>;
}

/**
 * A response header a middleware may set, as OpenAPI documents it: a bare name on every answer of the operations it
 * guards, or `{ name, on }` on some of them: `'success'` (the operation's successful answers: a replay's
 * `idempotent-replayed`), `'errors'` (the answers of the codes the middleware declares: the rate limiter's
 * `retry-after` on its 429), `'always'` (every answer, as a bare name).
 */
export type MiddlewareResponseHeader =
  | string
  | { readonly name: string; readonly on: 'always' | 'success' | 'errors' };

/** A declared response header of a made middleware: its lower-case name and where it is sent. */
export interface MiddlewareHeader {
  readonly name: string;
  readonly on: 'always' | 'success' | 'errors';
}

/**
 * Where OpenAPI documents a response header of an operation's middleware: on its successful answers (`success`),
 * and on the errors of these codes, or every error (`'all'`).
 */
export interface DocumentedResponseHeader {
  readonly name: string;
  readonly success: boolean;
  readonly errors: 'all' | readonly string[];
}

/** What `defineMiddleware` takes. */
export interface MiddlewareDefinition<Extension extends object, Errors extends readonly AnyErrorEntry[]> {
  readonly name: string;
  /** `outside` (default) or `inside` the transaction. */
  readonly phase?: MiddlewarePhase;
  /** The codes the middleware may raise, listed in OpenAPI and tool descriptions of every operation it guards. */
  readonly errors?: Errors;
  /**
   * Response headers the middleware may set, documented in OpenAPI: a name on every answer, or `{ name, on }` on its
   * successes or with its own errors (`{ name: 'retry-after', on: 'errors' }`).
   */
  readonly headers?: readonly MiddlewareResponseHeader[];
  /** Request headers the middleware reads, documented in OpenAPI on every operation it guards. */
  readonly requestHeaders?: readonly MiddlewareRequestHeader[];
  /**
   * Which operations an app-wide middleware guards (all by default), decided once at startup so
   * OpenAPI and tool descriptions list its codes only where it applies.
   */
  readonly appliesTo?: (operation: AnyOperation) => boolean;
  /**
   * Refuses (throws one of its errors), answers on its own (`return respondWith(value)`, checked against
   * the response schema and audited), or calls `next` — optionally with values to add to the context —
   * and returns (or adjusts) what it resolves to. It need not be `async`: a throw is a refusal either way.
   */
  readonly run: (
    context: MiddlewareContext,
    next: Next,
  ) => MiddlewareResult<Extension> | Promise<MiddlewareResult<Extension>>;
}

/** A declared middleware. */
export interface Middleware<
  Extension extends object = {},
  Errors extends readonly AnyErrorEntry[] = readonly AnyErrorEntry[],
> extends MiddlewareDefinition<Extension, Errors> {
  readonly phase: MiddlewarePhase;
  readonly errors: Errors;
  readonly headers: readonly MiddlewareHeader[];
  readonly requestHeaders: readonly MiddlewareRequestHeader[];
}

/** Any middleware, whatever it adds to the context. */
export type AnyMiddleware = Middleware<any, readonly AnyErrorEntry[]>;

/** What a list of middleware adds to the context, all of it. */
export type ExtensionOf<Use extends readonly AnyMiddleware[]> = Use extends readonly [
  infer First,
  ...infer Rest extends readonly AnyMiddleware[],
]
  ? (First extends Middleware<infer Extension, any> ? Extension : {}) & ExtensionOf<Rest>
  : {};

/**
 * Declares a middleware; what it passes to `next` becomes part of the handler's context type. The extension is
 * inferred from `run` alone (`NoInfer` on the result): written inline in `use: [...]`, whose elements may extend
 * with anything, a middleware adding nothing would otherwise take `any` and make the whole handler context `any`.
 */
export function defineMiddleware<
  Extension extends object = {},
  const Errors extends readonly AnyErrorEntry[] = [],
>(definition: MiddlewareDefinition<Extension, Errors>): Middleware<NoInfer<Extension>, Errors> {
  if (!/^[A-Za-z][\w.-]*$/.test(definition.name)) {
    throw new TypeError(
      `Middleware name "${definition.name}" must start with a letter (letters, digits, . _ -).`,
    );
  }
  const headers = (definition.headers ?? []).map((header): MiddlewareHeader => {
    const { name, on } = typeof header === 'string' ? { name: header, on: 'always' as const } : header;
    checkResponseHeaderName(name, `Middleware "${definition.name}"`);
    if (on !== 'always' && on !== 'success' && on !== 'errors') {
      throw new TypeError(
        `Middleware "${definition.name}": header "${name}" is sent "on" "${String(on)}", which must be "always", "success" or "errors".`,
      );
    }
    return Object.freeze({ name: name.toLowerCase(), on });
  });
  for (const { name } of definition.requestHeaders ?? []) {
    if (!isHeaderName(name))
      throw new TypeError(
        `Middleware "${definition.name}": request header "${name}" is not an HTTP header name.`,
      );
  }
  // A chain runs only the phases it knows: any other (plain JavaScript, a cast) would never run at all.
  if (definition.phase !== undefined && definition.phase !== 'outside' && definition.phase !== 'inside') {
    throw new TypeError(
      `Middleware "${definition.name}": phase "${String(definition.phase)}" must be "outside" or "inside".`,
    );
  }
  return Object.freeze({
    ...definition,
    phase: definition.phase ?? 'outside',
    errors: Object.freeze([...(definition.errors ?? [])]) as unknown as Errors,
    headers: Object.freeze(headers),
    requestHeaders: Object.freeze(
      (definition.requestHeaders ?? []).map((header) =>
        Object.freeze({ ...header, name: header.name.toLowerCase() }),
      ),
    ),
  });
}

/**
 * The response headers a chain of middleware may set, each once, with the answers OpenAPI documents it on: a header
 * two layers declare is documented wherever either sends it.
 */
export function documentedHeaders(layers: readonly AnyMiddleware[]): DocumentedResponseHeader[] {
  const byName = new Map<string, { success: boolean; errors: 'all' | Set<string> }>();
  for (const layer of layers) {
    for (const { name, on } of layer.headers) {
      const known = byName.get(name) ?? { success: false, errors: new Set<string>() };
      if (on !== 'errors') known.success = true;
      if (on === 'always') known.errors = 'all';
      else if (on === 'errors' && known.errors !== 'all') {
        for (const entry of layer.errors) known.errors.add(entry.code);
      }
      byName.set(name, known);
    }
  }
  return [...byName].map(([name, { success, errors }]) => ({
    name,
    success,
    errors: errors === 'all' ? 'all' : [...errors],
  }));
}

/** A middleware's answer given without calling `next` (a replayed response): checked and audited like a handler's. */
export function respondWith(value: unknown): MiddlewareResult<never> {
  return value as MiddlewareResult<never>;
}
