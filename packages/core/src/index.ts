/**
 * The public API of `@opwire/core`. Every export is listed by name; `index.test.ts` fails when the list
 * changes without the test being updated. Each export's one-sentence JSDoc sits on its declaration.
 */
import './errors/builtin-error-codes.js';

/** The error of an aborted call: DEADLINE_EXCEEDED after a timeout, CANCELLED otherwise. */
export { abortError } from './abort.js';
export { type Caller, hasPermission } from './caller.js';
export type { InvocationContext, InvokeOptions, Origin, Surface } from './context.js';
export { createOpwire, type Opwire, type OpwireOptions, type PreparedCall } from './create-opwire.js';
export { type BuiltinErrorCode, builtinErrorCodes } from './errors/builtin-error-codes.js';
export {
  defineErrorCodes,
  type ErrorCodeDefinition,
  type ErrorKind,
  findErrorCode,
  formatErrorMessage,
  listErrorCodes,
} from './errors/error-catalog.js';
export { type Locale, resolveLocale, supportedLocales } from './errors/locale.js';
export {
  describeError,
  type ErrorDescription,
  isOpwireError,
  OpwireError,
  type OpwireErrorOptions,
  toOpwireError,
  type ValidationIssue,
} from './errors/opwire-error.js';
export { consoleLogger, type Logger } from './logger.js';
export { createMemoryAuditLog, type MemoryAuditLogOptions } from './memory/memory-audit-log.js';
export { createMemoryTransactionManager, MemoryTransaction } from './memory/memory-transaction-manager.js';
export {
  type AnyOperation,
  defineOperation,
  type Exposure,
  type HttpMethod,
  isOperationId,
  type LocalizedText,
  localizeText,
  type Operation,
  type OperationDefinition,
  type RequestOf,
  type ResponseOf,
  type Stability,
} from './operation.js';
export type { AuditLog, AuditOutcome, AuditQuery, AuditRecord, AuditTrimOptions } from './ports/audit-log.js';
export type { Transaction, TransactionManager, TransactionOptions } from './ports/transaction-manager.js';
export { createRegistry, type Registry } from './registry.js';
/** Cheap unique ids: a prefix and a counter. */
export { createIdSequence } from './sequential-ids.js';
export type { Stage, StageInput } from './stage.js';
export { formatTraceparent, parseTraceparent } from './telemetry.js';
export { CurrentContext, CurrentTransaction } from './tokens.js';
export { closeSchema } from './validation/close-schema.js';
export { compileValidator, type Validator } from './validation/compile-validator.js';
/** The error of a failed validation: the first issue's code and field, every issue listed. */
export { validationError } from './validation/validation-error.js';
