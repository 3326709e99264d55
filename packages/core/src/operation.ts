import type { Static, TSchema } from 'typebox';
import type { InvocationContext } from './context.js';

/** A surface an operation can be served on. */
export type Exposure = 'http' | 'ai' | 'mcp';

/** How settled an operation is; `internal` ones are never offered to models or MCP clients. */
export type Stability = 'stable' | 'experimental' | 'internal';

/** Text in each supported locale, or one string for all. */
export type LocalizedText = string | { readonly en: string; readonly 'zh-CN'?: string };

/** An HTTP method a route can use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Everything a team writes to declare an operation once. */
export interface OperationDefinition<Request extends TSchema, Response extends TSchema> {
  /** `resource.verb`, such as `orders.create`. */
  readonly id: string;
  readonly summary?: LocalizedText;
  readonly description?: LocalizedText;
  readonly request: Request;
  readonly response: Response;
  readonly expose?: readonly Exposure[];
  /** The permission a caller must hold; without one, any authenticated caller may call. */
  readonly permission?: string;
  /** Allow calls without a caller (public reads such as health or docs). */
  readonly public?: boolean;
  readonly stability?: Stability;
  /** Catalogue codes the handler may fail with, published in OpenAPI and tool descriptions. */
  readonly errors?: readonly string[];
  /** Whether the operation changes state (runs in a read-write transaction; audit commits with it). */
  readonly writes?: boolean;
  /**
   * Whether the handler runs inside a transaction (default true). Orchestrating operations that only
   * call others (a chat turn calling tools) set `false`, so each nested call gets its own transaction.
   */
  readonly transaction?: boolean;
  /** Route overrides for the HTTP surface. */
  readonly http?: { readonly method?: HttpMethod; readonly path?: string };
  /** Model-facing settings: the tool name and whether a model's call waits for approval. */
  readonly ai?: { readonly name?: string; readonly requiresApproval?: boolean };
  /**
   * Does the work: returns the response, or a native promise of it (an async function); a value
   * returned synchronously lets the pipeline finish without a promise when the adapters allow it.
   */
  readonly handle: (
    request: Static<Request>,
    context: InvocationContext,
  ) => Promise<Static<Response>> | Static<Response>;
}

/** A declared operation, as returned by `defineOperation`. */
export interface Operation<Request extends TSchema = TSchema, Response extends TSchema = TSchema>
  extends OperationDefinition<Request, Response> {
  readonly expose: readonly Exposure[];
  readonly stability: Stability;
  readonly errors: readonly string[];
  readonly writes: boolean;
}

/** Any operation, whatever its schemas. */
export type AnyOperation = Operation<any, any>;

/** The request type of an operation. */
export type RequestOf<O extends AnyOperation> = Static<O['request']>;

/** The response type of an operation. */
export type ResponseOf<O extends AnyOperation> = Static<O['response']>;

const operationIdPattern = /^[a-z][a-zA-Z0-9-]*(?:\.[a-z][a-zA-Z0-9-]*)+$/;

/** Whether a string is a well-formed operation id (`resource.verb`, lower camel or kebab segments). */
export function isOperationId(id: string): boolean {
  return operationIdPattern.test(id);
}

/** Declares an operation; types flow from the request and response schemas into the handler. */
export function defineOperation<Request extends TSchema, Response extends TSchema>(
  definition: OperationDefinition<Request, Response>,
): Operation<Request, Response> {
  return Object.freeze({
    ...definition,
    expose: Object.freeze([...(definition.expose ?? [])]),
    stability: definition.stability ?? 'stable',
    errors: Object.freeze([...(definition.errors ?? [])]),
    writes: definition.writes ?? false,
  });
}

/** Resolves localized text for a locale, falling back to English. */
export function localizeText(text: LocalizedText | undefined, locale: string): string | undefined {
  if (text === undefined || typeof text === 'string') return text;
  return (locale === 'zh-CN' ? text['zh-CN'] : undefined) ?? text.en;
}
