import type { TSchema } from 'typebox';
import type { HandlerContext } from './context.js';
import type { AnyErrorEntry } from './errors/define-errors.js';
import type { Locale, LocalizedText } from './errors/locale.js';
import type { AnyMiddleware, ExtensionOf } from './middleware.js';
import {
  defineOperation,
  type Exposure,
  type Operation,
  type OperationDefinition,
  type Stability,
} from './operation.js';

/** What a group of operations shares, so each declaration says only what is its own. */
export interface GroupDefaults<
  Use extends readonly AnyMiddleware[],
  Errors extends readonly AnyErrorEntry[],
> {
  /** Where the group's operations are served, unless one says otherwise. */
  readonly expose?: readonly Exposure[];
  /** Prefixes each operation's permission: `orders` and `read` make `orders:read`. */
  readonly permissionPrefix?: string;
  /** The language of summaries and descriptions given as plain strings (default `en`). */
  readonly locale?: Locale;
  readonly stability?: Stability;
  /** Middleware run before each operation's own; what it adds is typed in every handler. */
  readonly use?: Use;
  /** Errors every operation of the group may raise, declared once. */
  readonly errors?: Errors;
}

/** Declares operations with the group's defaults. */
export interface OperationGroup<
  GroupUse extends readonly AnyMiddleware[],
  GroupErrors extends readonly AnyErrorEntry[],
> {
  defineOperation<
    Request extends TSchema,
    Response extends TSchema,
    const Errors extends readonly AnyErrorEntry[] = [],
    Public extends boolean = false,
    Stream extends boolean = false,
    const Use extends readonly AnyMiddleware[] = [],
  >(
    definition: OperationDefinition<
      Request,
      Response,
      Errors,
      Public,
      Stream,
      Use,
      HandlerContext<Public, [...GroupErrors, ...Errors], ExtensionOf<[...GroupUse, ...Use]>>
    >,
  ): Operation<Request, Response, [...GroupErrors, ...Errors], Public, Stream, [...GroupUse, ...Use]>;
}

/** Declares a group of operations sharing exposure, a permission prefix, a summary language, middleware and errors. */
export function defineGroup<
  const Use extends readonly AnyMiddleware[] = [],
  const Errors extends readonly AnyErrorEntry[] = [],
>(defaults: GroupDefaults<Use, Errors>): OperationGroup<Use, Errors> {
  const prefix = defaults.permissionPrefix;
  if (prefix !== undefined && !/^[^\s:]+$/.test(prefix)) {
    throw new TypeError(`permissionPrefix "${prefix}" must be a name without spaces or ":"`);
  }
  const localize = (text: LocalizedText | undefined): LocalizedText | undefined =>
    typeof text === 'string' && defaults.locale !== undefined ? { [defaults.locale]: text } : text;
  return {
    defineOperation(definition) {
      return defineOperation({
        ...definition,
        summary: localize(definition.summary),
        description: localize(definition.description),
        expose: definition.expose ?? defaults.expose,
        stability: definition.stability ?? defaults.stability,
        permission:
          definition.permission === undefined || prefix === undefined
            ? definition.permission
            : `${prefix}:${definition.permission}`,
        use: [...(defaults.use ?? []), ...(definition.use ?? [])],
        errors: [...(defaults.errors ?? []), ...(definition.errors ?? [])],
      } as never) as never;
    },
  };
}
