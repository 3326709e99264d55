import { type AuditLog, type Caller, consoleLogger, coreErrors, type Logger } from '@opwire/core';
import type { ModelMessage } from 'ai';
import { aiErrors } from '../ai-errors.js';
import { type AiMetrics, createAiMetrics } from '../ai-metrics.js';
import type { ApprovalStore } from '../approvals/approval-store.js';
import { createMemoryApprovalStore } from '../approvals/memory-approval-store.js';
import type { AiAuditTrail } from './ai-audit-trail.js';
import { type Budget, checkBudgets, enforceBudgets } from './budgets.js';
import type {
  Conversation,
  ConversationMessage,
  ConversationPage,
  ConversationStore,
  StoredTurnEnding,
} from './conversation-store.js';
import { decidedOutcome, type GovernedTurn, startGovernedTurn, type TurnStart } from './governed-turn.js';
import { createMasker, type Masker, type MaskingOptions } from './mask-payload.js';
import { createMemoryAiAuditTrail } from './memory-ai-audit-trail.js';
import { createMemoryConversationStore } from './memory-conversation-store.js';
import { createMemoryTurnLedger } from './memory-turn-ledger.js';
import { type Owner, ownerOf } from './owner.js';
import type { Page } from './paging.js';
import { checkPriceTable, type PriceTable } from './price-table.js';
import {
  repairHistory,
  type StoredModelMessage,
  toModelMessages,
  toStoredMessages,
} from './stored-message.js';
import { type TrimResult, trimGovernance } from './trim-governance.js';
import { recordedName, type TurnEventInput, type TurnEventSink } from './turn-event.js';
import type { CostRow, TurnFilter, TurnLedger, UsageTotals } from './turn-ledger.js';

/** The stores and policies of AI governance; every store defaults to its in-memory adapter. */
export interface GovernanceOptions {
  readonly conversations?: ConversationStore;
  readonly ledger?: TurnLedger;
  readonly events?: AiAuditTrail;
  readonly approvals?: ApprovalStore;
  /** Core's audit log, so `trim` removes its old records too (when it can trim). */
  readonly audit?: AuditLog;
  readonly prices?: PriceTable;
  readonly budgets?: readonly Budget[];
  readonly masking?: MaskingOptions;
  /** Messages of history a turn loads at most; 40 by default. */
  readonly historyWindow?: number;
  readonly logger?: Logger;
  /**
   * Where every finished turn, its tool calls and each approval step are counted (OpenTelemetry meters; the
   * steps by the `Approvals` given this governance as `events`); by default `createAiMetrics()` on the globally
   * registered meter provider, a no-op until an SDK registers one.
   */
  readonly metrics?: AiMetrics;
  /** The clock, for tests. */
  readonly now?: () => number;
}

/** Cost and usage over a time range, in total and by model, provider, principal, tenant and UTC day. */
export interface CostSummary {
  readonly totals: UsageTotals;
  readonly byModel: CostRow[];
  readonly byProvider: CostRow[];
  readonly byPrincipal: CostRow[];
  readonly byTenant: CostRow[];
  readonly byDay: CostRow[];
}

/** Which question `Governance.retakeQuestion` asks again, and which calls its answers must keep. */
export interface RetakeOptions {
  /** The turn whose answer the client keeps: the question is the first after it. */
  readonly afterTurn?: string;
  /** The client's question, by which the question is found without `afterTurn`. */
  readonly asked?: string;
  /** The client's question replaces the stored one. */
  readonly edit?: boolean;
  /** Whether a tool writes (an operation declared `writes: true`): a stored result of its call is never dropped. */
  readonly writes?: (toolName: string) => boolean;
}

/**
 * AI governance for the chat turn and the HTTP surface: conversations owned by their caller, a ledger row and
 * an ordered, masked event trail per turn, budgets checked before a model is called, and retention.
 */
export interface Governance extends TurnEventSink {
  readonly conversations: ConversationStore;
  readonly ledger: TurnLedger;
  readonly events: AiAuditTrail;
  readonly approvals: ApprovalStore;
  readonly prices: PriceTable;
  readonly mask: Masker;
  /** Where turns, tool calls and approval steps are counted (the `metrics` option). */
  readonly metrics: AiMetrics;
  /** A new conversation with a server-assigned id. */
  createConversation(caller: Caller, options?: { readonly title?: string }): Promise<Conversation>;
  /**
   * The conversation a turn runs in: a new one without an id; the caller's own for a known id; a new one
   * owned by the caller for an unknown id; `NOT_FOUND` for an id someone else owns. `created` says
   * whether this call made it (a turn refused before it stored anything deletes it again).
   */
  openConversation(
    caller: Caller,
    conversationId?: string,
  ): Promise<Conversation & { readonly created: boolean }>;
  /**
   * Resolves when `openConversation` would give the caller `conversationId` (theirs, or no one's yet), without
   * opening it; `NOT_FOUND` as `openConversation` answers it otherwise (anyone else's, or deleted).
   */
  checkOpenable(caller: Caller, conversationId: string): Promise<void>;
  /** The caller's conversation, or `NOT_FOUND` (also for anyone else's). */
  getConversation(caller: Caller, conversationId: string): Promise<Conversation>;
  listConversations(caller: Caller, page: Page): Promise<ConversationPage>;
  /**
   * Deletes the caller's conversation and its messages (its audit events stay); `NOT_FOUND` otherwise. With
   * `reopenable`, the caller alone may open its id again (see `ConversationStore.delete`). Turns of the
   * conversation running in this process are told (`TurnStart.onConversationDeleted`): a chat turn stops. The
   * caller's approvals still pending in it are declined (in `approvals`, recorded as `approval_declined`).
   */
  deleteConversation(
    caller: Caller,
    conversationId: string,
    options?: { readonly reopenable?: boolean },
  ): Promise<void>;
  /**
   * Declines the caller's approvals still pending in a conversation that is gone, as `deleteConversation` does
   * (`approval_declined`, its reason `conversation_deleted`); does nothing while the caller's conversation is
   * there, and never rejects (a failing store is logged). A turn calls it once it finds its conversation deleted
   * where it was not told (another process): that deletion may have looked for approvals before the turn stored one.
   */
  declineApprovalsOfDeleted(caller: Caller, conversationId: string): Promise<void>;
  /** The newest `limit` messages before `before`, newest first; `NOT_FOUND` for anyone else's conversation. */
  readMessages(
    caller: Caller,
    conversationId: string,
    window: { readonly limit: number; readonly before?: number },
  ): Promise<ConversationMessage[]>;
  /**
   * The last `window` messages as `ModelMessage`s in order, starting at a user message, tool calls paired;
   * with `through`, those up to that sequence (the history a regeneration answers from).
   */
  loadHistory(
    caller: Caller,
    conversationId: string,
    options?: { readonly window?: number; readonly through?: number },
  ): Promise<ModelMessage[]>;
  /**
   * Stores a turn's messages (the user's, then the response's), with how the turn ended when given;
   * `NOT_FOUND` for anyone else's conversation. With `replacingAfter` (a regeneration's `through`), the
   * messages after that sequence are removed first: the new answer takes the old one's place.
   */
  appendMessages(
    caller: Caller,
    conversationId: string,
    messages: readonly ModelMessage[],
    options?: {
      readonly turnId?: string;
      readonly ending?: StoredTurnEnding;
      readonly replacingAfter?: number;
    },
  ): Promise<void>;
  /**
   * For an answer asked for again (`useChat`'s regenerate, a retry): finds the question to ask again and
   * removes nothing (the turn replaces the answer once it has one: `appendMessages`' `replacingAfter`).
   * The question is the first user message after `afterTurn` (the turn whose answer the client keeps) when
   * that turn is stored, else the newest one whose text is `asked` (the client's question), else, with neither
   * given, the last one; the client's question is new (`{}`) when none is. Resolves to its text and `through`, its
   * sequence: what follows it is the answer being replaced. When that answer holds a call that must stay told —
   * one that asked for an approval (which may since have been decided, and the call run), or one to a tool
   * `writes` names that ran (its result stored), however the answer ended — only the newest turn's closing
   * assistant messages are replaced: resolves to `continued` and `through`, the message before them, and the
   * model answers again from there; an earlier question followed by such a call is refused
   * (`ANSWER_NOT_REPLACEABLE`). With no question stored, resolves to `{}`.
   * With `edit` (the client's question replaces a stored one), the question is the first user message after
   * `afterTurn`, or the conversation's first without it, and resolves to `through`, the sequence before it: the
   * question goes too. Fails `QUESTION_NOT_FOUND` when no such question is stored, `QUESTION_NOT_EDITABLE` when an
   * answer since it holds such a call.
   */
  retakeQuestion(
    caller: Caller,
    conversationId: string,
    options?: RetakeOptions,
  ): Promise<{ readonly question?: string; readonly continued?: boolean; readonly through?: number }>;
  /** Fails with `BUDGET_EXCEEDED` when a budget of the caller is used up; call it before any model call. */
  checkBudget(caller: Caller): Promise<void>;
  /** Starts a turn and records its `request` event; `finish` it in a `finally`. */
  startTurn(start: TurnStart): GovernedTurn;
  summarizeCost(filter: TurnFilter): Promise<CostSummary>;
  /** Removes ledger rows, AI audit events and core audit records older than `olderThanDays` days; never conversations. */
  trim(options: { readonly olderThanDays: number; readonly tenant?: string }): Promise<TrimResult>;
}

/** Creates the governance facade; a bad price table, budget, masking rule or window fails here. */
export function createGovernance(options: GovernanceOptions = {}): Governance {
  const conversations = options.conversations ?? createMemoryConversationStore();
  const ledger = options.ledger ?? createMemoryTurnLedger();
  const events = options.events ?? createMemoryAiAuditTrail();
  const approvals = options.approvals ?? createMemoryApprovalStore();
  const prices = options.prices ?? {};
  const budgets = options.budgets ?? [];
  const logger = options.logger ?? consoleLogger;
  const now = options.now ?? Date.now;
  const historyWindow = options.historyWindow ?? 40;
  checkPriceTable(prices);
  checkBudgets(budgets, prices);
  if (!Number.isSafeInteger(historyWindow) || historyWindow < 1 || historyWindow > 500) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: 'governance: historyWindow must be a whole number from 1 to 500' },
    });
  }
  const mask = createMasker(options.masking);
  const metrics = options.metrics ?? createAiMetrics();
  const active = new Map<string, GovernedTurn>();
  // The running turns to tell when their conversation is deleted, by turn id.
  const started = new Map<string, TurnStart>();
  const iso = () => new Date(now()).toISOString();
  const notFound = () =>
    coreErrors.NOT_FOUND({ params: { resource: { en: 'conversation', 'zh-CN': '会话' } } });
  const found = <T>(value: T | undefined): T => {
    if (value === undefined) throw notFound();
    return value;
  };

  const settleToolCall = async (
    turnId: string,
    call: { readonly tenant: string; readonly toolCallId: string; readonly outcome: string },
  ) => {
    try {
      await ledger.settleToolCall(turnId, call);
    } catch (error) {
      logger.error('settling a tool call in the turn ledger failed', { turnId, error });
    }
  };

  /**
   * Declines the caller's approvals still pending in a conversation just deleted: nobody is left to decide them
   * in it, and a call must not run from a conversation its owner deleted (nor hold a `maxPending` slot). Each is
   * recorded as declined (`approval_declined`, its reason `conversation_deleted`), so its turn's ledger row says
   * so; an approval settled meanwhile is left as it is. A store that fails is logged: the deletion stands.
   */
  const declineApprovalsOf = async (caller: Caller, conversationId: string) => {
    const owner = ownerOf(caller);
    const at = iso();
    try {
      for (const approval of await approvals.listPending(owner, at)) {
        if (approval.conversationId !== conversationId) continue;
        if (!(await approvals.settle(approval.approvalId, owner, { status: 'declined', at }))) continue;
        // Declined here, not through an `Approvals` (which counts the steps it takes): counted here, once.
        metrics.recordApproval({ tool: approval.toolName, decision: 'declined' });
        if (approval.turnId === undefined) continue;
        await governance.recordEvent({
          turnId: approval.turnId,
          action: 'approval_declined',
          owner,
          conversationId,
          toolCallId: approval.toolCallId,
          toolName: approval.toolName,
          payload: {
            approvalId: approval.approvalId,
            operationId: approval.operationId,
            reason: 'conversation_deleted',
          },
        });
      }
    } catch (error) {
      logger.error('pending approvals of a deleted conversation not declined', { conversationId, error });
    }
  };

  const governance: Governance = {
    conversations,
    ledger,
    events,
    approvals,
    prices,
    mask,
    metrics,
    createConversation: (caller, create = {}) =>
      conversations.create({
        id: crypto.randomUUID(),
        owner: ownerOf(caller),
        ...(create.title === undefined ? {} : { title: create.title }),
        at: iso(),
      }),
    async openConversation(caller, conversationId) {
      if (conversationId === undefined)
        return { ...(await governance.createConversation(caller)), created: true };
      const owner = ownerOf(caller);
      const known = await conversations.get(conversationId, owner);
      if (known) return { ...known, created: false };
      return { ...found(await conversations.open({ id: conversationId, owner, at: iso() })), created: true };
    },
    async checkOpenable(caller, conversationId) {
      if (!(await conversations.opens(conversationId, ownerOf(caller)))) throw notFound();
    },
    getConversation: async (caller, conversationId) =>
      found(await conversations.get(conversationId, ownerOf(caller))),
    listConversations: (caller, page) => conversations.list(ownerOf(caller), page),
    async deleteConversation(caller, conversationId, options = {}) {
      if (!(await conversations.delete(conversationId, ownerOf(caller), options))) throw notFound();
      // A turn of the conversation running here has nowhere left to store its answer: it is told, and stops.
      for (const [turnId, start] of started) {
        if (start.conversationId !== conversationId) continue;
        started.delete(turnId);
        try {
          start.onConversationDeleted?.();
        } catch (error) {
          logger.error('a running turn of a deleted conversation was not told', { turnId, error });
        }
      }
      await declineApprovalsOf(caller, conversationId);
    },
    async declineApprovalsOfDeleted(caller, conversationId) {
      try {
        if (await conversations.get(conversationId, ownerOf(caller))) return;
      } catch (error) {
        logger.error('pending approvals of a deleted conversation not declined', { conversationId, error });
        return;
      }
      await declineApprovalsOf(caller, conversationId);
    },
    readMessages: async (caller, conversationId, window) =>
      found(await conversations.messages(conversationId, ownerOf(caller), window)),
    async loadHistory(caller, conversationId, load = {}) {
      const window = Math.min(load.window ?? historyWindow, 500);
      const newestFirst = found(
        await conversations.messages(conversationId, ownerOf(caller), {
          limit: window,
          ...(load.through === undefined ? {} : { before: load.through + 1 }),
        }),
      );
      return toModelMessages(repairHistory(newestFirst.reverse().map((each) => each.message)));
    },
    async appendMessages(caller, conversationId, messages, append = {}) {
      const owner = ownerOf(caller);
      if (append.replacingAfter !== undefined) {
        found(await conversations.removeAfter(conversationId, owner, append.replacingAfter));
      }
      const stored = toStoredMessages(messages);
      if (stored.length === 0) return;
      found(
        await conversations.append(conversationId, owner, {
          messages: stored,
          ...(append.turnId === undefined ? {} : { turnId: append.turnId }),
          ...(append.ending === undefined ? {} : { ending: append.ending }),
          at: iso(),
        }),
      );
    },
    async retakeQuestion(caller, conversationId, options = {}) {
      const owner = ownerOf(caller);
      if (options.edit) {
        const all = found(await allMessages(conversations, conversationId, owner));
        const at = questionToEdit(all, options.afterTurn);
        const question = all[at];
        if (!question) throw aiErrors.QUESTION_NOT_FOUND();
        // Removing the question's answers would forget calls that wrote, or may have run since they were approved.
        if (all.slice(0, at).some((each) => keepsCall(each.message, options.writes))) {
          throw aiErrors.QUESTION_NOT_EDITABLE();
        }
        return { through: question.sequence - 1 };
      }
      // A turn stores its question first and at most a few messages per step after it.
      const newestFirst = found(await conversations.messages(conversationId, owner, { limit: 500 }));
      const last = newestFirst.findIndex((each) => each.message.role === 'user');
      const at = questionToRetake(newestFirst, options);
      const question = newestFirst[at];
      // Not asked yet: the client's message is the question.
      if (!question) return {};
      if (!newestFirst.slice(0, at).some((each) => keepsCall(each.message, options.writes))) {
        return { question: textOfStored(question.message), through: question.sequence };
      }
      // Removing an earlier question's answers would forget calls that ran, or may have since, unasked again.
      if (at !== last) throw aiErrors.ANSWER_NOT_REPLACEABLE();
      // The answer wrote, or asked for an approval a later turn may have decided (a call that ran stays told,
      // or the model would make it again): only the newest turn's closing assistant messages go, and the model
      // answers again from what precedes them.
      const newest = newestFirst[0] as ConversationMessage;
      const closing = newestFirst.findIndex(
        (each) => each.turnId !== newest.turnId || each.message.role !== 'assistant',
      );
      const kept = newestFirst[closing] as ConversationMessage;
      return { continued: true, ...(closing > 0 ? { through: kept.sequence } : {}) };
    },
    checkBudget: (caller) => enforceBudgets({ budgets, ledger, caller, now: now() }),
    startTurn(start) {
      const turn = startGovernedTurn(start, {
        ledger,
        events,
        prices,
        mask,
        logger,
        metrics,
        now,
        onFinish: (turnId) => {
          active.delete(turnId);
          started.delete(turnId);
        },
      });
      active.set(turn.turnId, turn);
      if (start.conversationId !== undefined && start.onConversationDeleted !== undefined) {
        started.set(turn.turnId, start);
      }
      return turn;
    },
    async recordEvent(event: TurnEventInput) {
      const details = {
        ...(event.toolCallId === undefined ? {} : { toolCallId: recordedName(event.toolCallId) }),
        ...(event.toolName === undefined ? {} : { toolName: recordedName(event.toolName) }),
        ...(event.code === undefined ? {} : { code: event.code }),
      };
      // However it was decided (in a chat turn, through `ai.approve` / `ai.decline`, in any process), the turn
      // that asked shows its call's outcome instead of `approval_pending`.
      const settled = decidedOutcome(event.action, event.code);
      const call =
        settled === undefined || details.toolCallId === undefined
          ? undefined
          : { tenant: event.owner.tenant, toolCallId: details.toolCallId, outcome: settled };
      // A turn still running in this process keeps its own order of events, and writes its row when it ends.
      const running = active.get(event.turnId);
      if (running) {
        if (call) running.settleToolCall(call);
        running.record(event.action, {
          ...details,
          ...(event.payload === undefined ? {} : { payload: event.payload }),
        });
        return running.flush();
      }
      if (call) await settleToolCall(event.turnId, call);
      try {
        await events.append({
          id: crypto.randomUUID(),
          turnId: event.turnId,
          action: event.action,
          at: iso(),
          tenant: event.owner.tenant,
          principalId: event.owner.principalId,
          ...(event.conversationId === undefined ? {} : { conversationId: event.conversationId }),
          ...(event.traceId === undefined ? {} : { traceId: event.traceId }),
          ...details,
          ...(event.payload === undefined ? {} : { payload: mask(event.payload) }),
        });
      } catch (error) {
        logger.error('AI audit event lost', { turnId: event.turnId, action: event.action, error });
      }
    },
    async summarizeCost(filter) {
      const [totals, byModel, byProvider, byPrincipal, byTenant, byDay] = await Promise.all([
        ledger.totals(filter),
        ledger.summarize(filter, 'model'),
        ledger.summarize(filter, 'provider'),
        ledger.summarize(filter, 'principal'),
        ledger.summarize(filter, 'tenant'),
        ledger.summarize(filter, 'day'),
      ]);
      return { totals, byModel, byProvider, byPrincipal, byTenant, byDay };
    },
    trim: (trim) => trimGovernance({ ledger, events, audit: options.audit }, { ...trim, now: now() }),
  };
  return governance;
}

/** Every message of a conversation, newest first, read a page at a time; `undefined` for anyone else's. */
async function allMessages(
  conversations: ConversationStore,
  conversationId: string,
  owner: Owner,
): Promise<ConversationMessage[] | undefined> {
  const all: ConversationMessage[] = [];
  for (;;) {
    const before = all.at(-1)?.sequence;
    const page = await conversations.messages(conversationId, owner, {
      limit: 500,
      ...(before === undefined ? {} : { before }),
    });
    if (page === undefined) return undefined;
    all.push(...page);
    if (page.length < 500) return all;
  }
}

/**
 * Where, newest first, the question an edit replaces is: the first user message after the turn `afterTurn`,
 * or without it the conversation's first. -1 when there is none (or `afterTurn` is not stored).
 */
function questionToEdit(newestFirst: readonly ConversationMessage[], afterTurn: string | undefined): number {
  const isQuestion = (each: ConversationMessage) => each.message.role === 'user';
  if (afterTurn === undefined) return newestFirst.findLastIndex(isQuestion);
  const answered = newestFirst.findIndex((each) => each.turnId === afterTurn);
  if (answered < 0) return -1;
  for (let index = answered - 1; index >= 0; index--) {
    if (isQuestion(newestFirst[index] as ConversationMessage)) return index;
  }
  return -1;
}

/**
 * Where, newest first, the question a regeneration asks again is: the first user message after the turn
 * `afterTurn` when that turn is stored, else the newest one whose text is `asked`, else (neither given) the
 * last one. -1 when the client's question is not stored: it is asked as a new one.
 */
function questionToRetake(
  newestFirst: readonly ConversationMessage[],
  options: { readonly afterTurn?: string; readonly asked?: string },
): number {
  const isQuestion = (each: ConversationMessage) => each.message.role === 'user';
  const answered =
    options.afterTurn === undefined ? -1 : newestFirst.findIndex((each) => each.turnId === options.afterTurn);
  if (answered >= 0) {
    for (let index = answered - 1; index >= 0; index--) {
      if (isQuestion(newestFirst[index] as ConversationMessage)) return index;
    }
    return -1;
  }
  if (options.asked === undefined) return newestFirst.findIndex(isQuestion);
  return newestFirst.findIndex((each) => isQuestion(each) && textOfStored(each.message) === options.asked);
}

/** The text of a stored message: its string, or its text parts joined by newlines. */
function textOfStored(message: StoredModelMessage): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  return content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

/**
 * Whether a stored message holds a tool result a regeneration or an edit must not drop: one that asked for an
 * approval (`{ approval: { status: 'pending' } }`), or any result of a tool `writes` names (the call ran).
 */
function keepsCall(
  message: StoredModelMessage,
  writes: ((toolName: string) => boolean) | undefined,
): boolean {
  if (message.role !== 'tool') return false;
  return message.content.some((part) => {
    if (writes?.(part.toolName)) return true;
    const value = part.output.type === 'json' ? part.output.value : undefined;
    const approval =
      typeof value === 'object' && value !== null && !Array.isArray(value) ? value.approval : undefined;
    return typeof approval === 'object' && approval !== null && !Array.isArray(approval)
      ? approval.status === 'pending'
      : false;
  });
}
