import type { ServiceIdentifier } from 'inversify';
import type { InvocationContext } from './context.js';
import type { Transaction } from './ports/transaction-manager.js';

/** DI token bound, in each invocation's scope, to that invocation's transaction. */
export const CurrentTransaction: ServiceIdentifier<Transaction> = Symbol.for('opwire.CurrentTransaction');

/** DI token bound, in each invocation's scope, to the invocation context. */
export const CurrentContext: ServiceIdentifier<InvocationContext> = Symbol.for('opwire.CurrentContext');
