import { Container } from 'inversify';
import { neverAborted } from './abort.js';
import { type CompiledPipeline, compilePipeline } from './compile-pipeline.js';
import type { InvokeOptions, Origin } from './context.js';
import './errors/builtin-error-codes.js';
import { OpwireError } from './errors/opwire-error.js';
import { Invocation, type InvocationHost } from './invocation.js';
import { consoleLogger, type Logger } from './logger.js';
import { createMemoryAuditLog } from './memory/memory-audit-log.js';
import { createMemoryTransactionManager } from './memory/memory-transaction-manager.js';
import type { AnyOperation, ResponseOf } from './operation.js';
import type { AuditLog } from './ports/audit-log.js';
import type { TransactionManager } from './ports/transaction-manager.js';
import { createRegistry, type Registry } from './registry.js';
import type { Stage } from './stage.js';

/** What an app hands Opwire at startup. */
export interface OpwireOptions {
  readonly operations: readonly AnyOperation[];
  /** The app's root DI container (singletons); each invocation gets a child scope of it. */
  readonly container?: Container;
  /** Defaults to an in-memory transaction manager. */
  readonly transactions?: TransactionManager;
  /** Defaults to an in-memory audit log. */
  readonly audit?: AuditLog;
  /** App-defined stages, run in order after authorization and before the transaction. */
  readonly stages?: readonly Stage[];
  readonly logger?: Logger;
}

/** A running set of operations: every surface calls `invoke`. */
export interface Opwire {
  readonly registry: Registry;
  readonly container: Container;
  readonly transactions: TransactionManager;
  readonly audit: AuditLog;
  readonly logger: Logger;
  /** Runs an operation (or the operation with that id) through the whole pipeline. */
  invoke<O extends AnyOperation>(
    operation: O | string,
    input: unknown,
    options?: InvokeOptions,
  ): Promise<ResponseOf<O>>;
  /**
   * Resolves an operation once, for surfaces that call it per request (HTTP routes, tool
   * bindings). The call runs the same pipeline as `invoke` but skips the lookup, and returns the
   * response itself when every step completed synchronously, else a native promise; failures
   * (a bad `timeoutMs` included) always arrive as a rejected promise. An operation that is not
   * registered fails `prepare` itself, at startup.
   */
  prepare<O extends AnyOperation>(operation: O | string): PreparedCall<O>;
  /** Closes the transaction manager (and with it the database). */
  close(): Promise<void>;
}

/** An operation resolved by `prepare`: the response, or a promise of it when a step waited for I/O. */
export type PreparedCall<O extends AnyOperation> = (
  input: unknown,
  options?: InvokeOptions,
) => ResponseOf<O> | Promise<ResponseOf<O>>;

/** Builds the registry and compiles every operation's pipeline; fails fast on a bad declaration. */
export function createOpwire(options: OpwireOptions): Opwire {
  const registry = createRegistry(options.operations);
  const container = options.container ?? new Container();
  const transactions = options.transactions ?? createMemoryTransactionManager();
  const audit = options.audit ?? createMemoryAuditLog();
  const logger = options.logger ?? consoleLogger;
  const dependencies = { transactions, audit, logger, stages: options.stages ?? [] };
  const pipelines = new Map<AnyOperation, CompiledPipeline>();
  for (const operation of registry.operations)
    pipelines.set(operation, compilePipeline(operation, dependencies));

  /** The operation (or the one with that id) and its pipeline, looked up without allocating. */
  const operationOf = (operation: AnyOperation | string): AnyOperation => {
    const found = typeof operation === 'string' ? registry.get(operation) : operation;
    if (!found || !pipelines.has(found)) {
      const id = typeof operation === 'string' ? operation : operation.id;
      throw new OpwireError('INVALID_CONFIGURATION', {
        params: { reason: `operation "${id}" is not registered` },
      });
    }
    return found;
  };
  const pipelineOf = (operation: AnyOperation) => pipelines.get(operation) as CompiledPipeline;

  /** Starts a top-level invocation: the response itself when it completed synchronously, else a promise. */
  const runTopLevel = (operation: AnyOperation, input: unknown, invokeOptions: InvokeOptions): unknown => {
    const invocation = new Invocation(
      host,
      operation,
      invokeOptions.caller,
      invokeOptions.locale ?? invokeOptions.caller?.locale ?? 'en',
      invokeOptions.origin ?? internalOrigin,
      signalOf(invokeOptions.signal, invokeOptions.timeoutMs),
      invokeOptions.baggage ?? noBaggage,
      undefined,
      invokeOptions.trace,
      undefined,
    );
    return pipelineOf(operation)(input, invocation);
  };

  const host: InvocationHost = {
    container,
    invokeNested<O extends AnyOperation>(
      parent: Invocation,
      operation: O,
      input: unknown,
    ): Promise<ResponseOf<O>> {
      const found = operationOf(operation);
      const child: Invocation = new Invocation(
        host,
        found,
        parent.caller,
        parent.locale,
        { surface: 'internal' },
        parent.signal,
        parent.baggage,
        parent.invocationId,
        parent.trace,
        parent.transaction,
      );
      return Promise.resolve(pipelineOf(found)(input, child)) as Promise<ResponseOf<O>>;
    },
  };

  return {
    registry,
    container,
    transactions,
    audit,
    logger,
    invoke<O extends AnyOperation>(operation: O | string, input: unknown, invokeOptions: InvokeOptions = {}) {
      try {
        // A pipeline that completed synchronously returns the response itself.
        return Promise.resolve(runTopLevel(operationOf(operation), input, invokeOptions)) as Promise<
          ResponseOf<O>
        >;
      } catch (thrown) {
        return Promise.reject(thrown);
      }
    },
    prepare<O extends AnyOperation>(operation: O | string): PreparedCall<O> {
      const found = operationOf(operation);
      return (input, invokeOptions = {}) => {
        try {
          return runTopLevel(found, input, invokeOptions) as ResponseOf<O> | Promise<ResponseOf<O>>;
        } catch (thrown) {
          return Promise.reject(thrown);
        }
      };
    },
    async close() {
      await transactions.close?.();
    },
  };
}

const noBaggage: Readonly<Record<string, string>> = Object.freeze({});
const internalOrigin: Origin = Object.freeze({ surface: 'internal' });

/** The invocation's signal: the caller's, a deadline, both, or a shared one that never aborts. */
function signalOf(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal {
  if (timeoutMs === undefined) return signal ?? neverAborted;
  if (!Number.isFinite(timeoutMs) || timeoutMs < 0) {
    throw new OpwireError('INVALID_CONFIGURATION', {
      params: { reason: `timeoutMs must be a finite number of milliseconds ≥ 0, not ${timeoutMs}` },
    });
  }
  const deadline = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}
