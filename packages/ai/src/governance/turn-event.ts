import type { AiMetrics } from '../ai-metrics.js';
import type { AiAuditAction } from './ai-audit-trail.js';
import type { Owner } from './owner.js';

/** An event of a turn to record, before masking and numbering. */
export interface TurnEventInput {
  readonly turnId: string;
  readonly action: AiAuditAction;
  readonly owner: Owner;
  readonly conversationId?: string;
  readonly traceId?: string;
  readonly toolCallId?: string;
  readonly toolName?: string;
  readonly code?: string;
  /** Any value; masked before it is stored. */
  readonly payload?: unknown;
}

/** Where events of a turn go from outside the turn itself (approvals settled later, in any process). */
export interface TurnEventSink {
  /** Records the event as the next of its turn; never rejects (a failure is logged). */
  recordEvent(event: TurnEventInput): Promise<void>;
  /** The meters approvals sending their events here count their steps on (a `Governance`'s own `metrics`). */
  readonly metrics?: AiMetrics;
}

/**
 * A tool name or call id as it is recorded. They come from the model, and a database's text column
 * (PostgreSQL's) cannot hold U+0000, so each is stored as U+FFFD; a name with one is never a tool's.
 * Payloads keep what the model sent.
 */
export function recordedName(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}
