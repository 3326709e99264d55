import type { InvocationContext } from './context.js';
import type { AnyErrorEntry } from './errors/define-errors.js';
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
  /** What the header does, for the OpenAPI parameter. */
  readonly description: string;
  /** The value's JSON Schema; a string by default. */
  readonly schema?: Readonly<Record<string, unknown>>;
}

/** What `defineMiddleware` takes. */
export interface MiddlewareDefinition<Extension extends object, Errors extends readonly AnyErrorEntry[]> {
  readonly name: string;
  /** `outside` (default) or `inside` the transaction. */
  readonly phase?: MiddlewarePhase;
  /** The codes the middleware may raise, listed in OpenAPI and tool descriptions of every operation it guards. */
  readonly errors?: Errors;
  /** Response headers the middleware may set (such as `retry-after`), documented in OpenAPI. */
  readonly headers?: readonly string[];
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
  readonly headers: readonly string[];
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
  for (const header of definition.headers ?? []) {
    checkResponseHeaderName(header, `Middleware "${definition.name}"`);
  }
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
    headers: Object.freeze((definition.headers ?? []).map((header) => header.toLowerCase())),
    requestHeaders: Object.freeze(
      (definition.requestHeaders ?? []).map((header) =>
        Object.freeze({ ...header, name: header.name.toLowerCase() }),
      ),
    ),
  });
}

/** A middleware's answer given without calling `next` (a replayed response): checked and audited like a handler's. */
export function respondWith(value: unknown): MiddlewareResult<never> {
  return value as MiddlewareResult<never>;
}
