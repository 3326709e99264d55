import { Container } from 'inversify';
import { neverAborted } from './abort.js';
import { auditRecord } from './audit-record.js';
import { type CompiledPipeline, compilePipeline } from './compile-pipeline.js';
import { compilePrecheck } from './compile-precheck.js';
import type { InvokeOptions, Origin } from './context.js';
import { defaultLogger } from './create-logger.js';
import { createRaisedCheck } from './errors/check-raised.js';
import { coreErrors } from './errors/core-errors.js';
import type { AnyErrorEntry } from './errors/define-errors.js';
import { createErrorRegistry, type ErrorRegistry } from './errors/error-registry.js';
import type { OpwireError } from './errors/opwire-error.js';
import { Invocation, type InvocationHost } from './invocation.js';
import type { Logger } from './logger.js';
import { lowerCaseHeaders } from './lower-case-headers.js';
import { createMemoryAuditLog } from './memory/memory-audit-log.js';
import { createMemoryTransactionManager } from './memory/memory-transaction-manager.js';
import {
  type AnyMiddleware,
  type DocumentedResponseHeader,
  documentedHeaders,
  type MiddlewareRequestHeader,
} from './middleware.js';
import type { AnyOperation, RequestOf, ResultOf } from './operation.js';
import type { AuditLog } from './ports/audit-log.js';
import type { TransactionManager } from './ports/transaction-manager.js';
import { createRegistry, type Registry } from './registry.js';
import { checkMilliseconds } from './surface/check-milliseconds.js';

/** A catalogue made by `defineErrors`: its entries by code. */
export type AnyErrorCatalogue = Readonly<Record<string, AnyErrorEntry>>;

/** What an app hands Opwire at startup. */
export interface OpwireOptions {
  readonly operations: readonly AnyOperation[];
  /** The app's error catalogues (the entries operations declare are collected on their own). */
  readonly errors?: readonly AnyErrorCatalogue[] | undefined;
  /** Middleware for every operation, run before each operation's own. */
  readonly use?: readonly AnyMiddleware[] | undefined;
  /** The app's root DI container (singletons); each invocation gets a child scope of it. */
  readonly container?: Container | undefined;
  /** Defaults to an in-memory transaction manager. */
  readonly transactions?: TransactionManager | undefined;
  /** Defaults to an in-memory audit log. */
  readonly audit?: AuditLog | undefined;
  /** Defaults to `defaultLogger()`: pino on stderr, the level from `LOG_LEVEL`. */
  readonly logger?: Logger | undefined;
}

/** A running set of operations: every surface calls `invoke`. */
export interface Opwire {
  readonly registry: Registry;
  /** Every error code the app can answer with. */
  readonly errors: ErrorRegistry;
  readonly container: Container;
  readonly transactions: TransactionManager;
  readonly audit: AuditLog;
  readonly logger: Logger;
  /** Runs an operation through the whole pipeline; a streaming one resolves to its events. */
  invoke<O extends AnyOperation>(
    operation: O,
    input: RequestOf<O>,
    options?: InvokeOptions,
  ): Promise<ResultOf<O>>;
  /** Runs the operation registered under an id; its input is checked only at run time. */
  invoke(operation: string, input: unknown, options?: InvokeOptions): Promise<unknown>;
  /**
   * Resolves an operation once, for surfaces that call it per request (HTTP routes, tool bindings).
   * The call runs the same pipeline as `invoke` but skips the lookup, and returns the response itself
   * when every step completed synchronously, else a promise; failures always arrive as a rejected
   * promise. An operation that is not registered fails `prepare` itself, at startup.
   */
  prepare<O extends AnyOperation>(operation: O | string): PreparedCall<O>;
  /**
   * Whether a call could be made, without making it: the call's authentication, validation and permission,
   * then the operation's `precheck` (the handler's lookup) in a read-only transaction. Resolves when the call
   * could run, else rejects with the error the call would answer, audited as that call's failure; no middleware
   * or handler runs, and a precheck that passes is not audited. Surfaces run it before a call waits for approval.
   */
  precheck<O extends AnyOperation>(operation: O, input: RequestOf<O>, options?: InvokeOptions): Promise<void>;
  /** Prechecks the operation registered under an id; its input is checked only at run time. */
  precheck(operation: string, input: unknown, options?: InvokeOptions): Promise<void>;
  /**
   * Audits a call a surface refused before making it, as that call's failure (`error` with the code), when the
   * pipeline itself could not: credentials the authenticator refused on a `public` operation, which is not then
   * called anonymously. Nothing runs; the promise rejects only if the audit log cannot be written.
   */
  refuse(operation: AnyOperation | string, error: OpwireError, options?: InvokeOptions): Promise<void>;
  /** Every error code an operation can answer with beyond validation: its own, then its middleware's. */
  errorsOf(operation: AnyOperation): readonly AnyErrorEntry[];
  /** The response headers an operation's middleware may set (lower case), with the answers they come on. */
  responseHeadersOf(operation: AnyOperation): readonly DocumentedResponseHeader[];
  /** The request headers an operation's middleware reads (names in lower case, the first declaration of each). */
  requestHeadersOf(operation: AnyOperation): readonly MiddlewareRequestHeader[];
  /** Closes the transaction manager (and with it the database). */
  close(): Promise<void>;
}

/** An operation resolved by `prepare`: the result, or a promise of it when a step waited for I/O. */
export type PreparedCall<O extends AnyOperation> = (
  input: unknown,
  options?: InvokeOptions,
) => ResultOf<O> | Promise<ResultOf<O>>;

/** Builds the registry and compiles every operation's pipeline; fails fast on a bad declaration. */
export function createOpwire(options: OpwireOptions): Opwire {
  const registry = createRegistry(options.operations);
  const use = options.use ?? [];
  const container = options.container ?? new Container();
  const transactions = options.transactions ?? createMemoryTransactionManager();
  const audit = options.audit ?? createMemoryAuditLog();
  const logger = options.logger ?? defaultLogger();
  const middlewareOf = (operation: AnyOperation): readonly AnyMiddleware[] => [
    ...use.filter((layer) => layer.appliesTo?.(operation) ?? true),
    ...operation.use,
  ];
  const errorsOf = (operation: AnyOperation) => [
    ...new Set([...operation.errors, ...middlewareOf(operation).flatMap((layer) => layer.errors)]),
  ];
  const errors = createErrorRegistry([
    ...(options.errors ?? []).flatMap((catalogue) => Object.values(catalogue)),
    ...registry.operations.flatMap(errorsOf),
  ]);
  const raised = createRaisedCheck(errors);
  const pipelines = new Map<AnyOperation, CompiledPipeline>();
  for (const operation of registry.operations)
    pipelines.set(
      operation,
      compilePipeline(operation, {
        transactions,
        audit,
        logger,
        raised,
        middleware: middlewareOf(operation),
      }),
    );

  const operationOf = (operation: AnyOperation | string): AnyOperation => {
    const found = typeof operation === 'string' ? registry.get(operation) : operation;
    if (!found || !pipelines.has(found)) {
      const id = typeof operation === 'string' ? operation : operation.id;
      throw coreErrors.INVALID_CONFIGURATION({ params: { reason: `operation "${id}" is not registered` } });
    }
    return found;
  };
  const pipelineOf = (operation: AnyOperation) => pipelines.get(operation) as CompiledPipeline;
  // Compiled on first use: most operations are never prechecked.
  const prechecks = new Map<AnyOperation, ReturnType<typeof compilePrecheck>>();
  const precheckOf = (operation: AnyOperation) => {
    let precheck = prechecks.get(operation);
    if (!precheck) {
      precheck = compilePrecheck(operation, { transactions, audit, raised });
      prechecks.set(operation, precheck);
    }
    return precheck;
  };

  /** Starts a top-level invocation: the result itself when it completed synchronously, else a promise. */
  const runTopLevel = (operation: AnyOperation, input: unknown, invokeOptions: InvokeOptions): unknown =>
    pipelineOf(operation)(input, topLevelInvocation(operation, invokeOptions));

  const topLevelInvocation = (operation: AnyOperation, invokeOptions: InvokeOptions): Invocation =>
    new Invocation(host, operation, {
      caller: invokeOptions.caller,
      locale: invokeOptions.locale ?? invokeOptions.caller?.locale ?? 'en',
      origin: invokeOptions.origin ?? internalOrigin,
      signal: signalOf(invokeOptions.signal, invokeOptions.timeoutMs),
      baggage: invokeOptions.baggage ?? noBaggage,
      parentInvocationId: undefined,
      parentTrace: invokeOptions.trace,
      parentTransaction: undefined,
      // A surface (it names the origin) hands header names over in lower case; a call in process may not.
      headers:
        invokeOptions.headers === undefined
          ? noHeaders
          : invokeOptions.origin === undefined
            ? lowerCaseHeaders(invokeOptions.headers)
            : invokeOptions.headers,
      responseHeaders: invokeOptions.responseHeaders,
      responseText: invokeOptions.responseText,
    });

  const host: InvocationHost = {
    container,
    logger,
    invokeNested(parent, operation, input) {
      try {
        const found = operationOf(operation);
        const child = new Invocation(host, found, {
          caller: parent.caller,
          locale: parent.locale,
          origin: internalOrigin,
          signal: parent.sourceSignal,
          baggage: parent.baggage,
          parentInvocationId: parent.invocationId,
          parentTrace: parent.trace,
          parentTransaction: parent.transaction,
          headers: noHeaders,
          responseHeaders: undefined,
          responseText: undefined,
        });
        return Promise.resolve(pipelineOf(found)(input, child));
      } catch (thrown) {
        return Promise.reject(thrown);
      }
    },
  };

  const app: Opwire = {
    registry,
    errors,
    container,
    transactions,
    audit,
    logger,
    invoke(
      operation: AnyOperation | string,
      input: unknown,
      invokeOptions: InvokeOptions = {},
    ): Promise<any> {
      try {
        // A pipeline that completed synchronously returns the response itself.
        return Promise.resolve(runTopLevel(operationOf(operation), input, invokeOptions));
      } catch (thrown) {
        return Promise.reject(thrown);
      }
    },
    prepare<O extends AnyOperation>(operation: O | string): PreparedCall<O> {
      const found = operationOf(operation);
      return (input, invokeOptions = {}) => {
        try {
          return runTopLevel(found, input, invokeOptions) as ResultOf<O> | Promise<ResultOf<O>>;
        } catch (thrown) {
          return Promise.reject(thrown);
        }
      };
    },
    precheck(operation: AnyOperation | string, input: unknown, invokeOptions: InvokeOptions = {}) {
      try {
        const found = operationOf(operation);
        return precheckOf(found)(input, topLevelInvocation(found, invokeOptions));
      } catch (thrown) {
        return Promise.reject(thrown);
      }
    },
    async refuse(operation: AnyOperation | string, error: OpwireError, invokeOptions: InvokeOptions = {}) {
      const invocation = topLevelInvocation(operationOf(operation), invokeOptions);
      // The record points at the request's trace, as a refusal the pipeline audits does.
      invocation.trace = invocation.parentTrace;
      await audit.append(auditRecord(invocation, 'error', error.code));
    },
    errorsOf,
    responseHeadersOf: (operation) => documentedHeaders(middlewareOf(operation)),
    requestHeadersOf(operation) {
      const byName = new Map<string, MiddlewareRequestHeader>();
      for (const header of middlewareOf(operation).flatMap((layer) => layer.requestHeaders)) {
        if (!byName.has(header.name)) byName.set(header.name, header);
      }
      return [...byName.values()];
    },
    async close() {
      await transactions.close?.();
    },
  };
  return app;
}

const noBaggage: Readonly<Record<string, string>> = Object.freeze({});
const noHeaders: Readonly<Record<string, string | undefined>> = Object.freeze({});
const internalOrigin: Origin = Object.freeze({ surface: 'internal' });

/** The invocation's signal: the caller's, a deadline, both, or a shared one that never aborts. */
function signalOf(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal {
  if (timeoutMs === undefined) return signal ?? neverAborted;
  checkMilliseconds('timeoutMs', timeoutMs);
  const deadline = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}
