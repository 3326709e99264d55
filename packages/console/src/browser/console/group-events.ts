import type { AuditEvent } from './governance-types.js';

/** The events of one turn, in sequence. */
export interface TurnEvents {
  readonly turnId: string;
  readonly principalId: string;
  /** When the newest of the turn's events happened. */
  readonly at: string;
  readonly events: readonly AuditEvent[];
}

/**
 * Groups events that arrive newest first into turns, the turn with the newest event first, and each turn's
 * events in sequence (the order they happened in).
 */
export function groupEventsByTurn(events: readonly AuditEvent[]): TurnEvents[] {
  const groups = new Map<string, AuditEvent[]>();
  for (const event of events) {
    const group = groups.get(event.turnId);
    if (group) group.push(event);
    else groups.set(event.turnId, [event]);
  }
  return [...groups.entries()].map(([turnId, turnEvents]) => {
    const ordered = [...turnEvents].sort((a, b) => a.sequence - b.sequence);
    const newest =
      turnEvents
        .map((event) => event.at)
        .sort()
        .at(-1) ?? '';
    return { turnId, principalId: ordered[0]?.principalId ?? '', at: newest, events: ordered };
  });
}
