import type { JsonValue } from './json-value.js';
import type { Page } from './paging.js';

/** What happened in a turn, in the order the AI audit trail records it. */
export type AiAuditAction =
  | 'request'
  | 'tool_call'
  | 'tool_result'
  | 'guardrail'
  | 'approval_requested'
  | 'approval_approved'
  | 'approval_declined'
  | 'stop'
  | 'error';

/** Every action, for schemas and checks. */
export const aiAuditActions: readonly AiAuditAction[] = [
  'request',
  'tool_call',
  'tool_result',
  'guardrail',
  'approval_requested',
  'approval_approved',
  'approval_declined',
  'stop',
  'error',
];

/** An event to append; the trail numbers it within its turn. */
export interface AiAuditEventInput {
  readonly id: string;
  readonly turnId: string;
  readonly action: AiAuditAction;
  /** ISO timestamp. */
  readonly at: string;
  readonly tenant: string;
  readonly principalId: string;
  readonly conversationId?: string;
  readonly traceId?: string;
  readonly toolCallId?: string;
  readonly toolName?: string;
  /** An outcome or error code, such as `PERMISSION_DENIED`. */
  readonly code?: string;
  /** Details, already masked: the trail stores what it is given. */
  readonly payload?: JsonValue;
}

/** A stored event: `sequence` counts from 1 within its turn, in the order appended. */
export interface AiAuditEvent extends AiAuditEventInput {
  readonly sequence: number;
}

/** Which events a read covers; `tenant` absent means every tenant. */
export interface AiAuditFilter {
  readonly tenant?: string;
  readonly action?: AiAuditAction;
  readonly turnId?: string;
  readonly principalId?: string;
  /** Events at or after `from` and before `to` (ISO timestamps). */
  readonly from?: string;
  readonly to?: string;
}

/** A page of events, newest first. */
export interface AiAuditPage {
  readonly events: AiAuditEvent[];
  /**
   * The cursor of the next page: opaque, naming only the page's last event and its time, so it tells nothing of
   * other tenants' events; a list refuses one naming an event its tenant cannot see (`INVALID_FORMAT` on
   * `cursor`), unless that event is gone with every event of the tenant as old: trimmed, the walk is over (an
   * empty page). A cursor naming a missing event at a time older than every event the tenant keeps reads the
   * same way: it cannot be told from a trimmed one, and there is nothing older to show.
   */
  readonly next?: string;
}

/**
 * The port that keeps the AI audit trail: one row per event of a turn. Events outlive their conversation;
 * only `trim` removes them.
 */
export interface AiAuditTrail {
  /**
   * Appends an event as the next of its turn (sequence 1, 2, ... even when several processes append to one
   * turn); an event id used before rejects with `CONFLICT`.
   */
  append(event: AiAuditEventInput): Promise<AiAuditEvent>;
  /** Events newest first (in the order appended). */
  list(filter: AiAuditFilter, page: Page): Promise<AiAuditPage>;
  /** One turn's events in sequence, of `tenant` when given. */
  forTurn(turnId: string, tenant?: string): Promise<AiAuditEvent[]>;
  /** Removes events before `before` (of `tenant` when given); resolves to how many. */
  trim(options: { readonly before: string; readonly tenant?: string }): Promise<number>;
}
