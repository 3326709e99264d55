/**
 * The public API of `@opwire/core`. Every export is listed by name; `index.test.ts` fails when the list
 * changes without the test being updated. Each export's one-sentence JSDoc sits on its declaration.
 */

/** The error of an aborted call: DEADLINE_EXCEEDED after a timeout, CANCELLED otherwise. */
export { abortError } from './abort.js';
export { type IdempotencyOptions, idempotency } from './builtins/idempotency.js';
export {
  createMemoryIdempotencyStore,
  type IdempotencyClaim,
  type IdempotencyRecord,
  type IdempotencyStore,
} from './builtins/idempotency-store.js';
export { type RateLimitOptions, rateLimit } from './builtins/rate-limit.js';
export {
  createMemoryRateLimitStore,
  type RateLimitCount,
  type RateLimitStore,
} from './builtins/rate-limit-store.js';
export { type Caller, hasPermission } from './caller.js';
export type {
  HandlerContext,
  InvocationContext,
  InvokeOptions,
  Origin,
  RequestHeaders,
  ResponseText,
  Surface,
} from './context.js';
export {
  createLogger,
  defaultLogger,
  type LoggerOptions,
  type PinoLike,
  pinoLogger,
} from './create-logger.js';
export {
  type AnyErrorCatalogue,
  createOpwire,
  type Opwire,
  type OpwireOptions,
  type PreparedCall,
} from './create-opwire.js';
export { defineGroup, type GroupDefaults, type OperationGroup } from './define-group.js';
export { type CoreErrorCode, coreErrors } from './errors/core-errors.js';
export {
  type AnyErrorEntry,
  defineErrors,
  type EntryOf,
  type ErrorCatalogue,
  type ErrorDefinition,
  type ErrorEntry,
  type ErrorKind,
  type ErrorMap,
  formatMessage,
  type ParamValue,
  type PlaceholdersOf,
  type RaiseOptions,
} from './errors/define-errors.js';
export { describeError, type ErrorDescription, toOpwireError } from './errors/describe-error.js';
export { createErrorRegistry, type ErrorRegistry, isErrorEntry } from './errors/error-registry.js';
export {
  type Locale,
  type LocalizedText,
  localizeText,
  resolveLocale,
  supportedLocales,
} from './errors/locale.js';
export {
  isOpwireError,
  OpwireError,
  type OpwireErrorOptions,
  type ValidationIssue,
} from './errors/opwire-error.js';
export { consoleLogger, type Logger, type LogLevel, serializeDetails } from './logger.js';
export { createMemoryAuditLog, type MemoryAuditLogOptions } from './memory/memory-audit-log.js';
export { createMemoryTransactionManager, MemoryTransaction } from './memory/memory-transaction-manager.js';
export {
  type AnyMiddleware,
  type DocumentedResponseHeader,
  defineMiddleware,
  type ExtensionOf,
  type Middleware,
  type MiddlewareContext,
  type MiddlewareDefinition,
  type MiddlewareHeader,
  type MiddlewarePhase,
  type MiddlewareRequestHeader,
  type MiddlewareResponseHeader,
  type MiddlewareResult,
  type Next,
  respondWith,
} from './middleware.js';
export {
  type AnyOperation,
  defineOperation,
  type Exposure,
  type HandlerResult,
  type HttpMethod,
  isOperationId,
  type Operation,
  type OperationDefinition,
  type RequestOf,
  type ResponseOf,
  type ResultOf,
  type Stability,
} from './operation.js';
/** The operation-duration histogram's name, recorded through the registered OpenTelemetry meter provider. */
export { operationDurationMetric } from './operation-metrics.js';
export type { AuditLog, AuditOutcome, AuditQuery, AuditRecord, AuditTrimOptions } from './ports/audit-log.js';
export type { Transaction, TransactionManager, TransactionOptions } from './ports/transaction-manager.js';
export { createRegistry, type Registry } from './registry.js';
/** Cheap unique ids: a prefix and a counter. */
export { createIdSequence } from './sequential-ids.js';
export {
  extractRemoteContext,
  extractTrace,
  formatTraceparent,
  parseTraceparent,
  type RemoteContext,
} from './telemetry.js';
export { CurrentContext, CurrentTransaction } from './tokens.js';
export { tracingEnabled } from './tracing-enabled.js';
/** What is wrong with a string a store would keep: `NUL_CHARACTER`, `INVALID_UNICODE`, or nothing. */
export { badTextIn } from './validation/bad-text.js';
export { closeSchema } from './validation/close-schema.js';
export { compileValidator, type Validator } from './validation/compile-validator.js';
/** The error of a failed validation: the first issue's code and field, every issue listed. */
export { validationError } from './validation/validation-error.js';
