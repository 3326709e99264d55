import type { SpanContext } from '@opentelemetry/api';
import { Container, type ServiceIdentifier } from 'inversify';
import type { Caller } from './caller.js';
import type { InvocationContext, Origin } from './context.js';
import type { Locale } from './errors/locale.js';
import type { AnyOperation, ResponseOf } from './operation.js';
import type { Transaction } from './ports/transaction-manager.js';
import { createIdSequence } from './sequential-ids.js';
import { CurrentContext, CurrentTransaction } from './tokens.js';

// Ids keep the UUID layout: a random per-process prefix (version 4) and a counter in the last group,
// unique across processes without drawing randomness on every call.
const nextInvocationId = createIdSequence(crypto.randomUUID().slice(0, 24));

/** What an invocation needs from the runtime that started it. */
export interface InvocationHost {
  readonly container: Container;
  invokeNested<O extends AnyOperation>(
    parent: Invocation,
    operation: O,
    input: unknown,
  ): Promise<ResponseOf<O>>;
}

/** The context object of one invocation; the child DI scope is created only if a handler asks for it. */
export class Invocation implements InvocationContext {
  readonly invocationId = nextInvocationId();
  readonly startedAt = performance.now();
  trace: SpanContext | undefined;
  transaction: Transaction | undefined;
  /** Set once the success record is durably written, so a late failure is not audited twice. */
  audited = false;
  /** The handler's response once checked against the schema; the pipeline resolves with it. */
  result: unknown = undefined;
  private scope: Container | undefined;

  constructor(
    private readonly host: InvocationHost,
    readonly operation: AnyOperation,
    readonly caller: Caller | undefined,
    readonly locale: Locale,
    readonly origin: Origin,
    readonly signal: AbortSignal,
    readonly baggage: Readonly<Record<string, string>>,
    readonly parentInvocationId: string | undefined,
    readonly parentTrace: SpanContext | undefined,
    readonly parentTransaction: Transaction | undefined,
  ) {}

  get tenant(): string | undefined {
    return this.caller?.tenant;
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

  invoke<O extends AnyOperation>(operation: O, input: unknown): Promise<ResponseOf<O>> {
    return this.host.invokeNested(this, operation, input);
  }
}
