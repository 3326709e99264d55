import type { SpanContext } from '@opentelemetry/api';
import { Container, type ServiceIdentifier } from 'inversify';
import { neverAborted } from './abort.js';
import type { Caller } from './caller.js';
import type { InvocationContext, Origin, RequestHeaders, ResponseText } from './context.js';
import type { AnyErrorEntry } from './errors/define-errors.js';
import type { Locale } from './errors/locale.js';
import type { Logger } from './logger.js';
import type { AnyOperation } from './operation.js';
import type { Transaction } from './ports/transaction-manager.js';
import { checkResponseHeader } from './response-header.js';
import { createIdSequence } from './sequential-ids.js';
import { CurrentContext, CurrentTransaction } from './tokens.js';

// Ids keep the UUID layout: a random per-process prefix (version 4) and a counter in the last group,
// unique across processes without drawing randomness on every call.
const nextInvocationId = createIdSequence(crypto.randomUUID().slice(0, 24));

/** What an invocation needs from the runtime that started it. */
export interface InvocationHost {
  readonly container: Container;
  readonly logger: Logger;
  invokeNested(parent: Invocation, operation: AnyOperation | string, input: unknown): Promise<unknown>;
}

/** What starts an invocation: who, from where, under which signal, with which transport headers. */
export interface InvocationStart {
  readonly caller: Caller | undefined;
  readonly locale: Locale;
  readonly origin: Origin;
  readonly signal: AbortSignal;
  readonly baggage: Readonly<Record<string, string>>;
  readonly parentInvocationId: string | undefined;
  readonly parentTrace: SpanContext | undefined;
  readonly parentTransaction: Transaction | undefined;
  readonly headers: RequestHeaders;
  readonly responseHeaders: Record<string, string> | undefined;
  readonly responseText: ResponseText | undefined;
}

const noHeaders: RequestHeaders = Object.freeze({});
const errorMaps = new WeakMap<AnyOperation, Readonly<Record<string, AnyErrorEntry>>>();

/** The context object of one invocation; the child DI scope is created only if a handler asks for it. */
export class Invocation implements InvocationContext {
  readonly invocationId = nextInvocationId();
  readonly startedAt = performance.now();
  readonly caller: Caller | undefined;
  readonly locale: Locale;
  readonly origin: Origin;
  /**
   * The signal the call runs under, as the surface gave it (over HTTP, the keep-alive connection's, shared by its
   * requests) or a stream made it; what core itself watches. Handlers see `signal`, the call's own.
   */
  sourceSignal: AbortSignal;
  readonly baggage: Readonly<Record<string, string>>;
  readonly parentInvocationId: string | undefined;
  readonly parentTrace: SpanContext | undefined;
  readonly parentTransaction: Transaction | undefined;
  readonly headers: RequestHeaders;
  trace: SpanContext | undefined = undefined;
  transaction: Transaction | undefined = undefined;
  /** Set once the success record is durably written, so a late failure is not audited twice. */
  audited = false;
  /** The middleware that answered without calling `next`, if one did: a bad answer is then its, not the handler's. */
  answeredBy: string | undefined = undefined;
  /** The response once checked against the schema. */
  result: unknown = undefined;
  /** The validated request, once admitted (middleware read it as `context.input`). */
  input: unknown = undefined;
  /** Where `setHeader` writes (the surface's), read by `idempotency` to keep what a guarded call set. */
  readonly responseHeaders: Record<string, string> | undefined;
  /** Where the response check leaves the text it wrote, for a surface answering in JSON. */
  readonly responseText: ResponseText | undefined;
  private scope: Container | undefined = undefined;
  private scopedLogger: Logger | undefined = undefined;
  private ownSignal: AbortSignal | undefined = undefined;
  private detachSignal: (() => void) | undefined = undefined;
  private over = false;

  constructor(
    private readonly host: InvocationHost,
    readonly operation: AnyOperation,
    start: InvocationStart,
  ) {
    this.caller = start.caller;
    this.locale = start.locale;
    this.origin = start.origin;
    this.sourceSignal = start.signal;
    this.baggage = start.baggage;
    this.parentInvocationId = start.parentInvocationId;
    this.parentTrace = start.parentTrace;
    this.parentTransaction = start.parentTransaction;
    this.headers = start.headers ?? noHeaders;
    this.responseHeaders = start.responseHeaders;
    this.responseText = start.responseText;
  }

  /**
   * This call's own signal, made when first read: it aborts with the source's reason while the call runs, and
   * never after the call has ended, so a listener a handler adds belongs to its call alone (a keep-alive
   * connection's signal would collect every request's listeners and fire them all when it closes).
   */
  get signal(): AbortSignal {
    if (this.ownSignal === undefined) {
      const source = this.sourceSignal;
      if (source.aborted && !this.over) this.ownSignal = AbortSignal.abort(source.reason);
      else {
        const controller = new AbortController();
        this.ownSignal = controller.signal;
        if (!this.over && source !== neverAborted) {
          const abort = () => controller.abort(source.reason);
          source.addEventListener('abort', abort, { once: true });
          this.detachSignal = () => source.removeEventListener('abort', abort);
        }
      }
    }
    return this.ownSignal;
  }

  /** The call is over (answered, failed, or its stream ended): its own signal no longer follows the source. */
  end(): void {
    // A call that ended because its source aborted (a stopped stream) still reads as aborted afterwards.
    if (this.ownSignal === undefined && this.sourceSignal.aborted) {
      this.ownSignal = AbortSignal.abort(this.sourceSignal.reason);
    }
    this.over = true;
    const detach = this.detachSignal;
    if (detach !== undefined) {
      this.detachSignal = undefined;
      detach();
    }
  }

  get tenant(): string | undefined {
    return this.caller?.tenant;
  }

  /** The app's logger with this invocation's ids, principal and tenant on every line; made on first use. */
  get logger(): Logger {
    if (this.scopedLogger === undefined) {
      const base = this.host.logger;
      const bindings: Record<string, unknown> = {
        operationId: this.operation.id,
        invocationId: this.invocationId,
        surface: this.origin.surface,
      };
      if (this.origin.requestId !== undefined) bindings.requestId = this.origin.requestId;
      if (this.origin.sessionId !== undefined) bindings.sessionId = this.origin.sessionId;
      if (this.origin.rpcId !== undefined) bindings.rpcId = this.origin.rpcId;
      if (this.caller !== undefined) {
        bindings.principal = this.caller.principalId;
        bindings.tenant = this.caller.tenant;
      }
      this.scopedLogger = base.child ? base.child(bindings) : withBindings(base, bindings);
    }
    return this.scopedLogger;
  }

  /** The operation's declared errors by code, for `throw context.errors.CODE(...)`. */
  get errors(): Readonly<Record<string, AnyErrorEntry>> {
    let map = errorMaps.get(this.operation);
    if (!map) {
      map = Object.freeze(
        Object.fromEntries(this.operation.errors.map((entry: AnyErrorEntry) => [entry.code, entry])),
      );
      errorMaps.set(this.operation, map);
    }
    return map;
  }

  setHeader(name: string, value: string): void {
    // Checked on every surface, so a handler that works in-process also works over HTTP.
    checkResponseHeader(name, value, `context.setHeader in "${this.operation.id}"`);
    if (this.responseHeaders) this.responseHeaders[name.toLowerCase()] = value;
  }

  /** Adds what a middleware passed to `next` to this context; names the context already has are refused. */
  extend(extension: object, middleware: string): void {
    for (const key of Object.keys(extension)) {
      if (key in this) {
        throw new TypeError(
          `middleware "${middleware}" cannot add "${key}" to the context: the name is taken`,
        );
      }
      (this as unknown as Record<string, unknown>)[key] = (extension as Record<string, unknown>)[key];
    }
  }

  resolve<T>(token: ServiceIdentifier<T>): T {
    if (!this.scope) {
      this.scope = new Container({ parent: this.host.container });
      this.scope.bind(CurrentTransaction).toDynamicValue(() => {
        if (!this.transaction) throw new Error('No transaction is open for this invocation yet.');
        return this.transaction;
      });
      this.scope.bind(CurrentContext).toConstantValue(this);
    }
    return this.scope.get(token);
  }

  invoke(operation: AnyOperation | string, input: unknown): Promise<any> {
    return this.host.invokeNested(this, operation, input);
  }
}

/** A logger without `child`: the bindings are added to each line's details. */
function withBindings(base: Logger, bindings: Readonly<Record<string, unknown>>): Logger {
  return {
    error: (message, details) => base.error(message, { ...bindings, ...details }),
    warn: (message, details) => base.warn(message, { ...bindings, ...details }),
    ...(base.info ? { info: (message, details) => base.info?.(message, { ...bindings, ...details }) } : {}),
    ...(base.debug
      ? { debug: (message, details) => base.debug?.(message, { ...bindings, ...details }) }
      : {}),
  };
}
