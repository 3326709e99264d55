import type { SpanContext } from '@opentelemetry/api';
import type { Caller, Locale } from '@opwire/core';
import type { Cost, TurnOutcome } from './governance/turn-ledger.js';

/** One message of a conversation as guardrails and the `context` hook read it: its role and its text. */
export interface ChatMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** The user's answer to a pending approval, sent with the next turn (as `useChat` does after approving). */
export interface ApprovalDecision {
  readonly approvalId: string;
  readonly approved: boolean;
  readonly reason?: string;
}

/**
 * One chat turn to run. The history comes from the conversation store, never from the client: a turn
 * sends its new message (or its answers to pending approvals) and the conversation it belongs to.
 */
export interface ChatRequest {
  readonly caller: Caller;
  /** The conversation: a new one when absent; an unknown id opens one owned by the caller; anyone else's is `NOT_FOUND`. */
  readonly conversationId?: string;
  /** The user's new message; may be left out when `approvals` answers pending calls. */
  readonly message?: string;
  /** Decisions on the caller's pending approvals: approved ones run (once, as the caller), declined ones never. */
  readonly approvals?: readonly ApprovalDecision[];
  /**
   * Ask a question again (`useChat`'s regenerate, a retry after a failure): the newest stored question whose
   * text is `message` (the last one without `message`). The new answer takes the place of what answered it and
   * what followed, which stay when the new turn fails before finishing a step; a `message` not stored is asked
   * as a new question. A call that wrote (or asked for an approval) stays: only what follows it is replaced, and
   * an earlier question is refused (`ANSWER_NOT_REPLACEABLE`).
   */
  readonly regenerate?: boolean;
  /**
   * With `regenerate`: the turn whose answer the client keeps (`useChat`'s `regenerate({ messageId })` of an
   * earlier answer). The first question after it is asked again, and everything after that question is
   * replaced; ignored when the turn is not stored. Without `regenerate` the turn fails `FIELD_NEEDS_TRUE`.
   */
  readonly regenerateAfter?: string;
  /**
   * With `regenerate` and `message`: an edit (`useChat`'s `sendMessage({ text, messageId })`). `message` takes
   * the place of a stored question — the first after `regenerateAfter`, the conversation's first without it —
   * and the new answer the place of everything that followed it (also when the turn fails: the edited question
   * stays, unanswered, as a new question would). A question not stored fails `QUESTION_NOT_FOUND`, one followed
   * by an answer that asked for an approval or ran a call that writes `QUESTION_NOT_EDITABLE`, nothing changed
   * either way. Without `regenerate` the turn fails `FIELD_NEEDS_TRUE`; with `approvals`, `FIELD_EXCLUDES`.
   */
  readonly edit?: boolean;
  /** Narrows the offered tools to these names; one the caller may not use fails the turn before it opens. */
  readonly tools?: readonly string[];
  /** Aborting ends the turn at once (the user pressed stop). */
  readonly signal?: AbortSignal;
  /** A registered prompt template by name (defaults to the chat's `defaultPrompt`). */
  readonly prompt?: string;
  /** Extra instructions appended after the prompt template. */
  readonly system?: string;
  readonly locale?: Locale;
  /** The parent span, such as the HTTP request's. */
  readonly trace?: SpanContext;
  readonly baggage?: Readonly<Record<string, string>>;
}

/** A passage the turn put before the model, which its answer may cite. */
export interface ChatSource {
  readonly sourceId: string;
  readonly title: string;
  /** Where a reader can open it, when the app knows. */
  readonly url?: string;
}

/** A tool call a model made, and what came back. */
export interface ChatStep {
  readonly toolCalls: Array<{ toolCallId: string; toolName: string; input: unknown }>;
  readonly toolResults: Array<{ toolCallId: string; toolName: string; output: unknown }>;
}

/** A call waiting for the user's approval, as reported to the client. */
export interface PendingApprovalSummary {
  readonly approvalId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly expiresAt: string;
}

/** The outcome of a turn. */
export interface ChatResult {
  readonly conversationId: string;
  readonly turnId: string;
  readonly text: string;
  readonly steps: ChatStep[];
  readonly usage: { inputTokens: number; outputTokens: number; totalTokens: number };
  /** From the governance price table, when the answering model has a price. */
  readonly cost: Cost | undefined;
  readonly provider: string | undefined;
  readonly model: string | undefined;
  readonly toolsCalled: string[];
  readonly latencyMs: number;
  readonly outcome: TurnOutcome;
  /** `step-limit` when the turn ran out of steps. */
  readonly stopReason: string | undefined;
  readonly pendingApprovals: PendingApprovalSummary[];
}

/**
 * What a streamed turn emits, in order: `start`, then text, reasoning, sources and tool events as they
 * happen, and `done` last; a turn that fails or is stopped ends its events by throwing its `OpwireError`.
 */
export type ChatEvent =
  | {
      readonly type: 'start';
      readonly conversationId: string;
      readonly turnId: string;
      /**
       * The question the turn asks, when it is a new one (not for a regeneration, whose question is stored, nor
       * for a turn that only decides approvals): the conversation stores it when the turn ends, so a reader that
       * joins mid-turn (a resumed stream) learns it here.
       */
      readonly question?: string;
    }
  | { readonly type: 'text'; readonly delta: string }
  | { readonly type: 'reasoning'; readonly delta: string }
  | ({ readonly type: 'source' } & ChatSource)
  | {
      readonly type: 'tool-call';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
    }
  | {
      readonly type: 'tool-result';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly output: unknown;
    }
  | { readonly type: 'done'; readonly result: ChatResult };

/** A streamed turn: events as they happen, and the final result. */
export interface ChatStream {
  readonly events: AsyncIterable<ChatEvent>;
  /** Resolves with the result (also after a failure or stop, with that outcome). */
  readonly result: Promise<ChatResult>;
}
