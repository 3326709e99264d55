import type { Static, TSchema } from 'typebox';
import type { HandlerContext } from './context.js';
import type { AnyErrorEntry } from './errors/define-errors.js';
import type { LocalizedText } from './errors/locale.js';
import type { AnyMiddleware, ExtensionOf } from './middleware.js';

/** A surface an operation can be served on. */
export type Exposure = 'http' | 'ai' | 'mcp';

/** How settled an operation is; `internal` ones are never offered to models or MCP clients. */
export type Stability = 'stable' | 'experimental' | 'internal';

/** An HTTP method a route can use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler returns: the response (or a promise of it), or for a streaming operation its events. */
export type HandlerResult<Response extends TSchema, Stream extends boolean> = Stream extends true
  ? AsyncIterable<Static<Response>>
  : Promise<Static<Response>> | Static<Response>;

/** Everything a team writes to declare an operation once. */
export interface OperationDefinition<
  Request extends TSchema,
  Response extends TSchema,
  Errors extends readonly AnyErrorEntry[],
  Public extends boolean,
  Stream extends boolean,
  Use extends readonly AnyMiddleware[],
  Context = HandlerContext<Public, Errors, ExtensionOf<Use>>,
> {
  /** `resource.verb`, such as `orders.create`. */
  readonly id: string;
  readonly summary?: LocalizedText;
  readonly description?: LocalizedText;
  readonly request: Request;
  /** The response schema; for a streaming operation, the schema of each event. */
  readonly response: Response;
  readonly expose?: readonly Exposure[];
  /** The permission a caller must hold; without one, any authenticated caller may call. */
  readonly permission?: string;
  /** Allow calls without a caller (public reads such as health or docs); the handler's caller is then optional. */
  readonly public?: Public;
  readonly stability?: Stability;
  /** Catalogue entries the handler may raise (through `context.errors`), published in OpenAPI and tool descriptions. */
  readonly errors?: Errors;
  /** Whether the operation changes state (runs in a read-write transaction; audit commits with it). */
  readonly writes?: boolean;
  /** Whether repeating a call with the same input has no further effect (MCP `idempotentHint`). */
  readonly idempotent?: boolean;
  /** Whether a call may destroy data or do what cannot be undone (MCP `destructiveHint`). */
  readonly destructive?: boolean;
  /**
   * Whether the handler runs inside a transaction (default true; streaming operations never do).
   * Orchestrating operations that only call others set `false`, so each nested call gets its own.
   */
  readonly transaction?: boolean;
  /** The handler returns an async iterable of events, each checked against `response`. */
  readonly stream?: Stream;
  /** Middleware of this operation, after the app's and its group's; what they add to the context is typed. */
  readonly use?: Use;
  /**
   * Route overrides for the HTTP surface; `bodyLimit` (bytes) replaces the server's for this route, for a request
   * whose bound in characters the server's would refuse (a long Chinese text takes 3 bytes a character).
   */
  readonly http?: { readonly method?: HttpMethod; readonly path?: string; readonly bodyLimit?: number };
  /**
   * Model-facing settings: the tool name, and whether a model's call waits for the user's approval
   * (by default it does for an operation that writes; `false` opts out).
   */
  readonly ai?: { readonly name?: string; readonly requiresApproval?: boolean };
  /**
   * Confirms, writing nothing, that a call could be made before it waits for someone's approval (a model's or
   * an MCP client's call): the lookup the handler would do, raising the error the handler would raise. It runs
   * after authorization, in a read-only transaction, without middleware; see `Opwire.precheck`.
   */
  readonly precheck?: (
    request: Static<Request>,
    context: HandlerContext<Public, Errors, unknown>,
  ) => void | Promise<void>;
  /** Does the work; the request and context are typed from the declaration. */
  readonly handle: (request: Static<Request>, context: Context) => HandlerResult<Response, Stream>;
}

/** A declared operation, as returned by `defineOperation`. */
export interface Operation<
  Request extends TSchema = TSchema,
  Response extends TSchema = TSchema,
  Errors extends readonly AnyErrorEntry[] = readonly AnyErrorEntry[],
  Public extends boolean = boolean,
  Stream extends boolean = boolean,
  Use extends readonly AnyMiddleware[] = readonly AnyMiddleware[],
> extends OperationDefinition<Request, Response, Errors, Public, Stream, Use, any> {
  readonly expose: readonly Exposure[];
  readonly stability: Stability;
  readonly errors: Errors;
  readonly writes: boolean;
  readonly stream: Stream;
  readonly use: Use;
}

/** Any operation, whatever its schemas. */
export type AnyOperation = Operation<any, any, any, any, any, any>;

/** The request type of an operation. */
export type RequestOf<O extends AnyOperation> = Static<O['request']>;

/** The response type of an operation (for a streaming one, the type of one event). */
export type ResponseOf<O extends AnyOperation> = Static<O['response']>;

/** What invoking an operation resolves to: its response, or for a streaming one the stream of its events. */
export type ResultOf<O extends AnyOperation> = O['stream'] extends true
  ? AsyncIterable<ResponseOf<O>>
  : ResponseOf<O>;

const operationIdPattern = /^[a-z][a-zA-Z0-9-]*(?:\.[a-z][a-zA-Z0-9-]*)+$/;

/** Whether a string is a well-formed operation id (`resource.verb`, lower camel or kebab segments). */
export function isOperationId(id: string): boolean {
  return operationIdPattern.test(id);
}

/** Declares an operation; types flow from the schemas, errors, `public` and middleware into the handler. */
export function defineOperation<
  Request extends TSchema,
  Response extends TSchema,
  const Errors extends readonly AnyErrorEntry[] = [],
  Public extends boolean = false,
  Stream extends boolean = false,
  const Use extends readonly AnyMiddleware[] = [],
>(
  definition: OperationDefinition<Request, Response, Errors, Public, Stream, Use>,
): Operation<Request, Response, Errors, Public, Stream, Use> {
  return Object.freeze({
    ...definition,
    expose: Object.freeze([...(definition.expose ?? [])]),
    stability: definition.stability ?? 'stable',
    errors: Object.freeze([...(definition.errors ?? [])]) as unknown as Errors,
    writes: definition.writes ?? false,
    stream: (definition.stream ?? false) as Stream,
    use: Object.freeze([...(definition.use ?? [])]) as unknown as Use,
  });
}
