import type { SpanContext } from '@opentelemetry/api';
import type { ServiceIdentifier } from 'inversify';
import type { Caller } from './caller.js';
import type { Locale } from './errors/locale.js';
import type { AnyOperation, ResponseOf } from './operation.js';
import type { Transaction } from './ports/transaction-manager.js';

/** The surface an invocation arrived through. */
export type Surface = 'http' | 'ai' | 'mcp' | 'internal';

/** Where an invocation came from, with the ids that surface knows. */
export interface Origin {
  readonly surface: Surface;
  readonly requestId?: string;
  readonly conversationId?: string;
  readonly turnId?: string;
  readonly toolCallId?: string;
}

/** What a handler (and every stage) sees of the current invocation. */
export interface InvocationContext {
  readonly invocationId: string;
  readonly parentInvocationId: string | undefined;
  readonly operation: AnyOperation;
  /** The authenticated caller, or `undefined` for a public operation called anonymously. */
  readonly caller: Caller | undefined;
  /** The caller's tenant; always from the caller, never from the input. */
  readonly tenant: string | undefined;
  readonly locale: Locale;
  readonly origin: Origin;
  /** Aborts when the caller cancels or the deadline passes. */
  readonly signal: AbortSignal;
  readonly baggage: Readonly<Record<string, string>>;
  /** This invocation's span context (OpenTelemetry). */
  readonly trace: SpanContext | undefined;
  /** The invocation's transaction, once the transaction stage opened it. */
  readonly transaction: Transaction | undefined;
  /** Resolves a service from this invocation's DI scope, where the current transaction is bound. */
  resolve<T>(token: ServiceIdentifier<T>): T;
  /** Calls another operation as the same caller, in the same trace, deadline and transaction. */
  invoke<O extends AnyOperation>(operation: O, input: unknown): Promise<ResponseOf<O>>;
}

/** How to run one invocation: who calls, from where, with which deadline and trace parent. */
export interface InvokeOptions {
  readonly caller?: Caller;
  readonly origin?: Origin;
  readonly signal?: AbortSignal;
  /** Milliseconds before the invocation is aborted with `DEADLINE_EXCEEDED`. */
  readonly timeoutMs?: number;
  /** The parent span (for example from an incoming `traceparent`). */
  readonly trace?: SpanContext;
  readonly baggage?: Readonly<Record<string, string>>;
  /** Overrides the caller's locale for messages. */
  readonly locale?: Locale;
}
