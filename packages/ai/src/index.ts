/** The error codes this package adds to the catalogue. */

/** Tool names and descriptions, shared by every surface (from `@opwire/core/surface`). */
export { describeOperationTool, isToolName, toolNameFor } from '@opwire/core/surface';
export { type AiErrorCode, aiErrors } from './ai-errors.js';
/** OpenTelemetry metrics of AI use: tokens by model, turns, their duration and cost, tool calls, approvals. */
export {
  type AiMetrics,
  aiMetricNames,
  createAiMetrics,
  type MeteredApproval,
  type MeteredToolCall,
  type MeteredTurn,
} from './ai-metrics.js';
/** Pending approvals: the port, its in-memory adapter and the service that approves or declines. */
export type { ApprovalStatus, ApprovalStore, PendingApproval } from './approvals/approval-store.js';
/** Creates the approvals service that runs a pending call only when its caller approves it. */
export {
  type ApprovalRequest,
  type Approvals,
  type ApprovalsOptions,
  type ApprovedCall,
  type ApproveOptions,
  createApprovals,
} from './approvals/create-approvals.js';
/** SHA-256 of a value's canonical JSON, as stored with a pending approval. */
export { hashArguments } from './approvals/hash-arguments.js';
/** An in-memory `ApprovalStore`. */
export { createMemoryApprovalStore } from './approvals/memory-approval-store.js';
/** Binding a catalog to one caller. */
export { type BindOptions, bindTools, mayCall, type ToolWatch } from './bind-tools.js';
/** What a chat's per-turn `context` hook receives. */
export type { TurnContext, TurnContextInput } from './chat-config.js';
/** `POST /ai/chat`: the chat operation answered as one JSON document. */
export { chatJsonRoute } from './chat-json-route.js';
/** Operations `ai.chat`, `ai.approve` and `ai.decline` for the HTTP surface. */
export {
  type ChatOperationsOptions,
  createChatOperations,
  toChatAnswer,
  toChatEvent,
} from './chat-operations.js';
/** The wire shapes of the chat operation: its request, its events and its whole answer. */
export { chatEventSchema, chatRequestSchema, chatResponseSchema } from './chat-schemas.js';
export {
  type ChatStreamStore,
  type ChatStreamStoreOptions,
  checkStaleMs,
  createMemoryChatStreamStore,
  endedTurnsKeptMs,
} from './chat-stream-store.js';
export { type ChatStreams, type ChatStreamsOptions, createChatStreams } from './chat-streams.js';
/** The shapes of chat requests, results and streamed events. */
export type {
  ApprovalDecision,
  ChatEvent,
  ChatMessage,
  ChatRequest,
  ChatResult,
  ChatSource,
  ChatStep,
  ChatStream,
  PendingApprovalSummary,
} from './chat-types.js';
/** `POST /api/chat`: the chat operation in the AI SDK's UI message stream protocol (what `useChat` posts). */
export {
  type ChatUiResumeRoute,
  type ChatUiResumeRouteInput,
  type ChatUiResumeRouteOptions,
  type ChatUiSideRoute,
  chatUiResumeRoute,
} from './chat-ui-resume-route.js';
export { type ChatUiRouteOptions, chatUiRoute, decodeUiRequest, toUiMessageStream } from './chat-ui-route.js';
export { type ChatUiStopRoute, chatUiStopRoute } from './chat-ui-stop-route.js';
/** The chat loop over the AI SDK. */
export { type Chat, type ChatOptions, createChat } from './create-chat.js';
/** A language model that falls back through providers on timeouts, 429 and 5xx. */
export {
  type Answerer,
  createFallbackModel,
  isFallbackError,
  type ProviderModel,
} from './fallback-model.js';
/** Governance: the AI audit trail port and its in-memory adapter. */
export {
  type AiAuditAction,
  type AiAuditEvent,
  type AiAuditEventInput,
  type AiAuditFilter,
  type AiAuditPage,
  type AiAuditTrail,
  aiAuditActions,
} from './governance/ai-audit-trail.js';
/** Governance: budgets, prices and masking. */
export { type Budget, checkBudgets, enforceBudgets, periodOf } from './governance/budgets.js';
export {
  type ConversationOperationsOptions,
  createConversationOperations,
} from './governance/conversation-operations.js';
/** Governance: the conversation store port, its in-memory adapter and messages as stored. */
export type {
  Conversation,
  ConversationMessage,
  ConversationPage,
  ConversationStore,
  StoredSource,
  StoredTurnEnding,
} from './governance/conversation-store.js';
/** Governance: the facade a chat turn and the HTTP surface use. */
export {
  type CostSummary,
  createGovernance,
  type Governance,
  type GovernanceOptions,
  type RetakeOptions,
} from './governance/create-governance.js';
/** Governance over HTTP: the console's operations and the caller's conversations. */
export {
  createGovernanceOperations,
  type GovernanceOperationsOptions,
} from './governance/governance-operations.js';
export {
  type GovernedTurn,
  outcomeOf,
  type TurnEnd,
  type TurnEventDetails,
  type TurnStart,
} from './governance/governed-turn.js';
export { type JsonValue, toJsonValue } from './governance/json-value.js';
export { defaultMaskedKeys } from './governance/mask-keys.js';
export { defaultMaskPatterns, type MaskPattern } from './governance/mask-patterns.js';
export {
  createMasker,
  type Masker,
  type MaskingOptions,
} from './governance/mask-payload.js';
export { createMemoryAiAuditTrail } from './governance/memory-ai-audit-trail.js';
export { createMemoryConversationStore } from './governance/memory-conversation-store.js';
export { createMemoryTurnLedger } from './governance/memory-turn-ledger.js';
/** Governance: owners, JSON values and cursors, shared by the store adapters. */
export { type Owner, ownerOf } from './governance/owner.js';
export {
  checkBefore,
  checkLimit,
  checkSequence,
  decodeCursor,
  encodeCursor,
  invalidCursor,
  maxSequence,
  newestFirst,
  normalizeTime,
  type Page,
} from './governance/paging.js';
export {
  checkPriceTable,
  costOf,
  type ModelPrice,
  type PriceTable,
  priceOf,
  roundCostAmount,
} from './governance/price-table.js';
export {
  repairHistory,
  type StoredModelMessage,
  type StoredTextPart,
  type StoredToolCallPart,
  type StoredToolOutput,
  type StoredToolResultPart,
  toModelMessages,
  toStoredMessages,
} from './governance/stored-message.js';
export { type TrimResult, trimGovernance } from './governance/trim-governance.js';
export { checkTurnEnding } from './governance/turn-ending.js';
export type { TurnEventInput, TurnEventSink } from './governance/turn-event.js';
/** Governance: the turn ledger port, its in-memory adapter and the sums it answers. */
export type {
  Cost,
  CostGrouping,
  CostRow,
  ToolCallRecord,
  TurnFilter,
  TurnLedger,
  TurnOutcome,
  TurnPage,
  TurnRecord,
  UsageTotals,
} from './governance/turn-ledger.js';
/** Guardrails that can reject a turn's input or output. */
export {
  checkGuardrails,
  type Guardrail,
  type GuardrailInput,
  type GuardrailStage,
  type GuardrailVerdict,
  runGuardrails,
} from './guardrails.js';
/** Turns invalid tool calls (unknown tool, malformed JSON) into Opwire error results. */
export {
  type InvalidCallContext,
  type InvalidToolCall,
  invalidCallResult,
  invalidCallsOf,
  rewriteInvalidToolCalls,
} from './invalid-tool-calls.js';
/** Prompt templates checked at startup. */
export { createPromptRegistry, type PromptRegistry, type PromptValues } from './prompts.js';
/** Providers by name, from configuration or the environment. */
export {
  defaultChatModel,
  type ProviderConfig,
  type Providers,
  providersFromEnv,
  resolveProviders,
} from './providers.js';
/** Whether a model's call to an operation waits for approval (writes do, unless they opt out). */
export { requiresApproval } from './requires-approval.js';
/** Schemas in the form OpenAI strict mode accepts, and the way back for a model's nulls. */
export { acceptsNull, type ModelSchema, restoreAbsent, toModelSchema } from './strict-schema.js';
/** The tool catalog. */
export {
  createToolCatalog,
  type ToolCatalog,
  type ToolCatalogOptions,
  type ToolEntry,
} from './tool-catalog.js';
/** The limits a turn puts on tool calls: per step, per turn, and on the size and depth of arguments. */
export { defaultToolLimits, jsonDepth, type ToolLimits } from './tool-gate.js';
/** The error result a model reads when a tool call fails. */
export { isToolErrorResult, type ToolErrorResult, toToolErrorResult } from './tool-result.js';
