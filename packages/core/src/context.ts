import type { SpanContext } from '@opentelemetry/api';
import type { ServiceIdentifier } from 'inversify';
import type { Caller } from './caller.js';
import type { AnyErrorEntry, ErrorMap } from './errors/define-errors.js';
import type { Locale } from './errors/locale.js';
import type { Logger } from './logger.js';
import type { AnyOperation, RequestOf, ResultOf } from './operation.js';
import type { Transaction } from './ports/transaction-manager.js';

/** The surface an invocation arrived through. */
export type Surface = 'http' | 'ai' | 'mcp' | 'internal';

/** Where an invocation came from, with the ids that surface knows. */
export interface Origin {
  readonly surface: Surface;
  /** The HTTP request's id, the one its answer carries in `X-Request-Id` (MCP over HTTP too: the POST's). */
  readonly requestId?: string | undefined;
  /** The MCP session. */
  readonly sessionId?: string | undefined;
  /** The JSON-RPC id of the MCP request: unique within its session (over stdio, its process), not beyond. */
  readonly rpcId?: string | undefined;
  readonly conversationId?: string | undefined;
  readonly turnId?: string | undefined;
  readonly toolCallId?: string | undefined;
  /**
   * The client's network address as the transport saw it (HTTP: the socket's peer, not `X-Forwarded-For`,
   * which any client can write). Undefined where the surface does not know it.
   */
  readonly clientAddress?: string | undefined;
}

/** Request headers as a surface hands them over: lower-case names. */
export type RequestHeaders = Readonly<Record<string, string | undefined>>;

/** What every handler and middleware sees of the current invocation. */
export interface InvocationContext {
  readonly invocationId: string;
  readonly parentInvocationId: string | undefined;
  readonly operation: AnyOperation;
  /** The authenticated caller; `undefined` only when a public operation is called anonymously. */
  readonly caller: Caller | undefined;
  /** The caller's tenant; always from the caller, never from the input. */
  readonly tenant: string | undefined;
  readonly locale: Locale;
  readonly origin: Origin;
  /** Aborts when the caller cancels, the deadline passes, or a stream's consumer stops reading. */
  readonly signal: AbortSignal;
  readonly baggage: Readonly<Record<string, string>>;
  /** This invocation's span context (OpenTelemetry). */
  readonly trace: SpanContext | undefined;
  /** The invocation's transaction, once the transaction stage opened it. */
  readonly transaction: Transaction | undefined;
  /** The app's logger, each line carrying this call's operation, invocation and request ids, principal and tenant. */
  readonly logger: Logger;
  /** The transport's request headers (HTTP); empty for in-process, model and MCP calls. */
  readonly headers: RequestHeaders;
  /**
   * Sets a response header the surface sends, with the answer or the error (HTTP; others ignore it). Throws a
   * `TypeError` for a name that is not an HTTP token, a value with control characters, or a header the surface
   * writes itself (`content-type`, `content-length`, `x-request-id`, …).
   */
  setHeader(name: string, value: string): void;
  /** Resolves a service from this invocation's DI scope, where the current transaction is bound. */
  resolve<T>(token: ServiceIdentifier<T>): T;
  /** Calls another operation as the same caller, in the same trace, deadline and transaction. */
  invoke<O extends AnyOperation>(operation: O, input: RequestOf<O>): Promise<ResultOf<O>>;
  /** Calls the operation registered under an id; its input is checked only at run time. */
  invoke(operation: string, input: unknown): Promise<unknown>;
}

/**
 * What a handler sees: for an operation that is not public the caller and tenant are there; its
 * declared errors by code; and what its middleware added.
 */
export type HandlerContext<Public extends boolean, Errors extends readonly AnyErrorEntry[], Extension> = Omit<
  InvocationContext,
  'caller' | 'tenant'
> &
  (true extends Public
    ? { readonly caller: Caller | undefined; readonly tenant: string | undefined }
    : { readonly caller: Caller; readonly tenant: string }) & {
    /** The errors this operation declared, as typed constructors: `throw context.errors.NOT_FOUND({...})`. */
    readonly errors: ErrorMap<Errors>;
  } & Extension;

/** How to run one invocation: who calls, from where, with which deadline and trace parent. */
export interface InvokeOptions {
  readonly caller?: Caller | undefined;
  readonly origin?: Origin | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Milliseconds before the invocation is aborted with `DEADLINE_EXCEEDED`. */
  readonly timeoutMs?: number | undefined;
  /** The parent span (for example from an incoming `traceparent`). */
  readonly trace?: SpanContext | undefined;
  readonly baggage?: Readonly<Record<string, string>> | undefined;
  /** Overrides the caller's locale for messages. */
  readonly locale?: Locale | undefined;
  /**
   * The transport's request headers, read by middleware such as idempotency. Names in any case in process
   * (`'Idempotency-Key'`): middleware reads them in lower case; one name given in two spellings is refused.
   */
  readonly headers?: RequestHeaders | undefined;
  /** Where `context.setHeader` writes: the surface sends these headers with the answer or the error. */
  readonly responseHeaders?: Record<string, string> | undefined;
  /** Where a surface that answers in JSON receives the response's text, when the response check wrote it. */
  readonly responseText?: ResponseText | undefined;
}

/**
 * Filled by the response check for a surface that answers in JSON: when it could check the response while
 * writing it (one walk of the value instead of a check and then a write), `text` is `JSON.stringify(value)`
 * for the `value` checked last; otherwise `text` is `undefined` and the surface writes the response itself.
 */
export interface ResponseText {
  value: unknown;
  text: string | undefined;
  /** Every character of `text` is ASCII. */
  ascii: boolean;
}
