import { type AuditLog, coreErrors } from '@opwire/core';
import type { AiAuditTrail } from './ai-audit-trail.js';
import type { TurnLedger } from './turn-ledger.js';

/** What a retention trim removed, and the cutoff it used. */
export interface TrimResult {
  readonly before: string;
  readonly turns: number;
  readonly events: number;
  /** Core audit records removed; absent when the audit log cannot trim (or none was given). */
  readonly auditRecords?: number;
}

const dayMs = 86_400_000;

/**
 * Removes ledger rows, AI audit events and core audit records older than `olderThanDays` days (of one tenant
 * when given), never conversations; a day count outside 1 to 36500 fails with `OUT_OF_RANGE`.
 */
export async function trimGovernance(
  stores: {
    readonly ledger: TurnLedger;
    readonly events: AiAuditTrail;
    readonly audit: AuditLog | undefined;
  },
  options: { readonly olderThanDays: number; readonly tenant?: string; readonly now: number },
): Promise<TrimResult> {
  const { olderThanDays, tenant } = options;
  if (!Number.isSafeInteger(olderThanDays) || olderThanDays < 1 || olderThanDays > 36_500) {
    throw coreErrors.OUT_OF_RANGE({
      field: 'olderThanDays',
      params: {
        expected: { en: 'a whole number of days from 1 to 36500', 'zh-CN': '1 到 36500 之间的整数天数' },
      },
    });
  }
  const before = new Date(options.now - olderThanDays * dayMs).toISOString();
  const scope = { before, ...(tenant === undefined ? {} : { tenant }) };
  const turns = await stores.ledger.trim(scope);
  const events = await stores.events.trim(scope);
  const auditRecords = stores.audit?.trim ? await stores.audit.trim(scope) : undefined;
  return { before, turns, events, ...(auditRecords === undefined ? {} : { auditRecords }) };
}
