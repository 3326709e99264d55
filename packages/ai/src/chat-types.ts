import type { SpanContext } from '@opentelemetry/api';
import type { Caller, Locale } from '@opwire/core';
import type { TurnOutcome } from './usage-ledger.js';

/** One message of a conversation as a client sends it; system instructions come only from prompts. */
export interface ChatMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** One chat turn to run. */
export interface ChatRequest {
  readonly caller: Caller;
  readonly messages: readonly ChatMessage[];
  /** Narrows the offered tools to these names (never widens past the caller's permissions). */
  readonly tools?: readonly string[];
  readonly conversationId?: string;
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

/** A tool call a model made, and what came back. */
export interface ChatStep {
  readonly toolCalls: Array<{ toolCallId: string; toolName: string; input: unknown }>;
  readonly toolResults: Array<{ toolCallId: string; toolName: string; output: unknown }>;
}

/** A call waiting for the user's approval, as reported to the client. */
export interface PendingApprovalSummary {
  /** The id to approve or decline with (`POST /ai/approvals/{approvalId}/approve`). */
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
  readonly provider: string | undefined;
  readonly model: string | undefined;
  readonly toolsCalled: string[];
  readonly latencyMs: number;
  readonly outcome: TurnOutcome;
  /** `step-limit` when the turn ran out of steps. */
  readonly stopReason: string | undefined;
  readonly pendingApprovals: PendingApprovalSummary[];
}

/** What a streamed turn emits, in order; `done` comes last, or the iteration throws the turn's error. */
export type ChatEvent =
  | { readonly type: 'text'; readonly delta: string }
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
