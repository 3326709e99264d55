import { coreErrors } from '@opwire/core';
import type { AiAuditEvent, AiAuditFilter, AiAuditTrail } from './ai-audit-trail.js';
import { checkLimit, decodeCursor, encodeCursor, invalidCursor, normalizeTime } from './paging.js';

/** An `AiAuditTrail` in process memory, for tests and single-process apps. */
export function createMemoryAiAuditTrail(): AiAuditTrail {
  // Kept in the order appended; `position` is that order, which never changes when older events are trimmed.
  let events: Array<{ position: number; event: AiAuditEvent }> = [];
  const ids = new Set<string>();
  const nextSequence = new Map<string, number>();
  let appended = 0;
  const matches = (event: AiAuditEvent, filter: AiAuditFilter, from?: string, to?: string) =>
    (filter.tenant === undefined || event.tenant === filter.tenant) &&
    (filter.action === undefined || event.action === filter.action) &&
    (filter.turnId === undefined || event.turnId === filter.turnId) &&
    (filter.principalId === undefined || event.principalId === filter.principalId) &&
    (from === undefined || event.at >= from) &&
    (to === undefined || event.at < to);
  const visible = (event: AiAuditEvent, filter: AiAuditFilter) =>
    filter.tenant === undefined || event.tenant === filter.tenant;
  /**
   * The position of the event a cursor names, if the filter's tenant may see it. One that is gone with every
   * event of the tenant as old as it was trimmed: the walk is over (position 0). Else the cursor is refused.
   */
  const positionOf = (cursor: string, filter: AiAuditFilter) => {
    const [id, at] = decodeCursor(cursor, ['s', 't']);
    const found = events.find(({ event }) => event.id === id && visible(event, filter));
    if (found) return found.position;
    if (events.some(({ event }) => visible(event, filter) && event.at <= at)) throw invalidCursor();
    return 0;
  };
  return {
    async append(input) {
      if (ids.has(input.id)) {
        throw coreErrors.CONFLICT({ cause: new Error(`Event "${input.id}" is already recorded.`) });
      }
      const sequence = (nextSequence.get(input.turnId) ?? 0) + 1;
      const event: AiAuditEvent = { ...structuredClone(input), at: normalizeTime(input.at, 'at'), sequence };
      nextSequence.set(input.turnId, sequence);
      ids.add(input.id);
      events.push({ position: ++appended, event });
      return structuredClone(event);
    },
    async list(filter, page) {
      checkLimit(page.limit);
      const from = filter.from === undefined ? undefined : normalizeTime(filter.from, 'from');
      const to = filter.to === undefined ? undefined : normalizeTime(filter.to, 'to');
      const before = page.cursor === undefined ? Number.POSITIVE_INFINITY : positionOf(page.cursor, filter);
      const found: Array<{ position: number; event: AiAuditEvent }> = [];
      for (let index = events.length - 1; index >= 0 && found.length <= page.limit; index--) {
        const entry = events[index]!;
        if (entry.position < before && matches(entry.event, filter, from, to)) found.push(entry);
      }
      const listed = found.slice(0, page.limit);
      const last = listed.at(-1);
      return {
        events: listed.map((entry) => structuredClone(entry.event)),
        // The cursor names the page's last event and its time, which the caller saw; never a count across tenants.
        ...(found.length > page.limit && last ? { next: encodeCursor([last.event.id, last.event.at]) } : {}),
      };
    },
    async forTurn(turnId, tenant) {
      return events
        .filter(({ event }) => event.turnId === turnId && (tenant === undefined || event.tenant === tenant))
        .map(({ event }) => structuredClone(event))
        .sort((left, right) => left.sequence - right.sequence);
    },
    async trim({ before, tenant }) {
      const cutoff = normalizeTime(before, 'before');
      const kept = events.filter(
        ({ event }) => !(event.at < cutoff && (tenant === undefined || event.tenant === tenant)),
      );
      const removed = events.length - kept.length;
      events = kept;
      // The next sequence of a turn follows its newest remaining event, as in a database.
      nextSequence.clear();
      for (const { event } of kept) {
        nextSequence.set(event.turnId, Math.max(nextSequence.get(event.turnId) ?? 0, event.sequence));
      }
      return removed;
    },
  };
}
