import { expect, it } from 'vitest';
import type { AiAuditEventInput, AiAuditTrail } from '../governance/ai-audit-trail.js';
import { encodeCursor } from '../governance/paging.js';
import { refusedCutoffs } from './refused-cutoffs.js';
import { describeStoreSuite, editedCursors, type StoreSuiteOptions, uniqueTenant } from './store-suite.js';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString();

/** An event of `turnId`, with every optional field set. */
export function auditEventFor(
  tenant: string,
  turnId: string,
  overrides: Partial<AiAuditEventInput> = {},
): AiAuditEventInput {
  return {
    id: crypto.randomUUID(),
    turnId,
    action: 'tool_call',
    at: at(0),
    tenant,
    principalId: 'alice',
    conversationId: 'conv-1',
    traceId: '0af7651916cd43dd8448eb211c80319c',
    toolCallId: 'call_0',
    toolName: 'orders_cancel',
    code: 'ok',
    payload: { input: { orderId: '42', note: '谢谢', list: [1, 2.5, true, null] } },
    ...overrides,
  };
}

/** Runs the `AiAuditTrail` contract against an adapter; cases share the trail, each in its own tenant. */
export function runAiAuditTrailConformance(name: string, options: StoreSuiteOptions<AiAuditTrail>) {
  describeStoreSuite(`AiAuditTrail conformance: ${name}`, options, (trail) => {
    it('numbers the events of each turn from 1 and returns them exactly, in sequence', async () => {
      const tenant = uniqueTenant();
      const [turnA, turnB] = [crypto.randomUUID(), crypto.randomUUID()];
      const full = auditEventFor(tenant, turnA);
      const minimal: AiAuditEventInput = {
        id: crypto.randomUUID(),
        turnId: turnA,
        action: 'stop',
        at: at(1),
        tenant,
        principalId: 'alice',
      };
      expect(await trail().append(full)).toStrictEqual({ ...full, sequence: 1 });
      expect(await trail().append(auditEventFor(tenant, turnB))).toMatchObject({ sequence: 1 });
      expect(await trail().append(minimal)).toStrictEqual({ ...minimal, sequence: 2 });
      expect(await trail().forTurn(turnA, tenant)).toStrictEqual([
        { ...full, sequence: 1 },
        { ...minimal, sequence: 2 },
      ]);
      expect(await trail().forTurn(turnA, `${tenant}-x`)).toEqual([]);
      await expect(trail().append(full)).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await trail().forTurn(turnA, tenant)).toHaveLength(2);
    });

    it('keeps a payload holding a NUL character, as a model may send one in tool arguments', async () => {
      const tenant = uniqueTenant();
      const turnId = crypto.randomUUID();
      const event = auditEventFor(tenant, turnId, {
        payload: { input: { note: 'gift\u0000wrap', '\u0000': 1 } },
      });
      expect(await trail().append(event)).toStrictEqual({ ...event, sequence: 1 });
      expect(await trail().forTurn(turnId, tenant)).toStrictEqual([{ ...event, sequence: 1 }]);
    });

    it('gives concurrent appends to one turn distinct, gapless sequences', async () => {
      const tenant = uniqueTenant();
      const turnId = crypto.randomUUID();
      const appended = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          trail().append(auditEventFor(tenant, turnId, { code: `c${index}` })),
        ),
      );
      expect(appended.map((event) => event.sequence).sort((left, right) => left - right)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);
      expect((await trail().forTurn(turnId)).map((event) => event.sequence)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);
    });

    it('lists events newest first, filtered by action, turn, principal, tenant and time, page by page', async () => {
      const tenant = uniqueTenant();
      const events = [
        auditEventFor(tenant, 'turn-1', { action: 'request', at: at(1) }),
        auditEventFor(tenant, 'turn-1', { action: 'tool_call', at: at(2) }),
        auditEventFor(tenant, 'turn-2', { action: 'request', at: at(3), principalId: 'bob' }),
        auditEventFor(tenant, 'turn-1', { action: 'error', at: at(4), code: 'PROVIDER_FAILED' }),
        auditEventFor(`${tenant}-x`, 'turn-3', { action: 'request', at: at(5) }),
      ];
      for (const event of events) await trail().append(event);
      const listed = async (filter: Parameters<AiAuditTrail['list']>[0]) =>
        (await trail().list(filter, { limit: 50 })).events.map((event) =>
          events.findIndex((each) => each.id === event.id),
        );
      expect(await listed({ tenant })).toEqual([3, 2, 1, 0]);
      expect(await listed({ tenant, action: 'request' })).toEqual([2, 0]);
      expect(await listed({ tenant, turnId: 'turn-1' })).toEqual([3, 1, 0]);
      expect(await listed({ tenant, principalId: 'bob' })).toEqual([2]);
      expect(await listed({ tenant, from: at(2), to: at(4) })).toEqual([2, 1]);
      expect(await listed({ tenant: `${tenant}-x` })).toEqual([4]);
      const first = await trail().list({ tenant }, { limit: 3 });
      const second = await trail().list({ tenant }, { limit: 3, cursor: first.next! });
      expect([...first.events, ...second.events].map((event) => event.id)).toEqual(
        [3, 2, 1, 0].map((index) => events[index]!.id),
      );
      expect(second.next).toBeUndefined();
      await expect(trail().list({ tenant }, { limit: 3, cursor: 'x' })).rejects.toMatchObject({
        code: 'INVALID_FORMAT',
      });
    });

    it("pages with cursors that tell nothing of other tenants' events, and refuses a foreign or edited one", async () => {
      const [tenant, other] = [uniqueTenant(), uniqueTenant()];
      const [turnId, otherTurnId] = [crypto.randomUUID(), crypto.randomUUID()];
      const mine: AiAuditEventInput[] = [];
      for (let index = 0; index < 4; index++) {
        mine.push(auditEventFor(tenant, turnId, { at: at(index) }));
        await trail().append(mine[index]!);
        // Other tenants' activity between this tenant's events, more of it each time.
        for (let count = 0; count <= index * 2; count++)
          await trail().append(auditEventFor(other, otherTurnId));
      }
      const walked: string[] = [];
      const cursors: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await trail().list({ tenant }, { limit: 1, ...(cursor ? { cursor } : {}) });
        walked.push(...page.events.map((event) => event.id));
        cursor = page.next;
        if (cursor) {
          cursors.push(cursor);
          // All a cursor holds is something the caller was just shown: the id of the page's last event.
          const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
          const shown = new Set(
            Object.values(page.events.at(-1) ?? {}).map((value) => JSON.stringify(value)),
          );
          expect(decoded).toBeInstanceOf(Array);
          for (const value of decoded as unknown[]) expect(shown).toContain(JSON.stringify(value));
        }
      } while (cursor);
      expect(walked).toEqual([...mine].reverse().map((event) => event.id));
      const foreign = (await trail().list({ tenant: other }, { limit: 1 })).next as string;
      for (const refused of [foreign, encodeCursor(['no-such-event']), encodeCursor([3]), ...editedCursors]) {
        await expect(trail().list({ tenant }, { limit: 1, cursor: refused })).rejects.toMatchObject({
          code: 'INVALID_FORMAT',
          field: 'cursor',
        });
      }
      // The owner's cursors still work after all that, and a list over every tenant takes them too.
      expect((await trail().list({ tenant }, { limit: 5, cursor: cursors[0]! })).events).toHaveLength(3);
      expect((await trail().list({}, { limit: 1, cursor: foreign })).events).toHaveLength(1);
    });

    it('ends a walk whose cursor names an event since trimmed, and refuses one naming an event gone while older ones are kept', async () => {
      const [tenant, other] = [uniqueTenant(), uniqueTenant()];
      const turnId = crypto.randomUUID();
      const mine: AiAuditEventInput[] = [];
      for (let minute = 0; minute < 4; minute++) {
        mine.push(auditEventFor(tenant, turnId, { at: at(minute) }));
        await trail().append(mine[minute]!);
      }
      // Another tenant's older event is not trimmed with this tenant's, and does not count as this tenant's.
      await trail().append(auditEventFor(other, crypto.randomUUID(), { at: at(0) }));
      const first = await trail().list({ tenant }, { limit: 2 });
      expect(first.events.map((event) => event.id)).toEqual([mine[3]!.id, mine[2]!.id]);
      // While the walk goes on, retention removes the page's last event and everything older.
      expect(await trail().trim({ before: at(3), tenant })).toBe(3);
      expect(await trail().list({ tenant }, { limit: 2, cursor: first.next! })).toEqual({ events: [] });
      // One naming any missing event older than all the tenant keeps reads the same: there is nothing older to show.
      const older = encodeCursor([crypto.randomUUID(), at(1)]);
      expect(await trail().list({ tenant }, { limit: 2, cursor: older })).toEqual({ events: [] });
      // A cursor naming an event this tenant never had, at a time it still holds events of, is not a trimmed one.
      const forged = encodeCursor([crypto.randomUUID(), at(3)]);
      await expect(trail().list({ tenant }, { limit: 2, cursor: forged })).rejects.toMatchObject({
        code: 'INVALID_FORMAT',
        field: 'cursor',
      });
    });

    it('trims events before a cutoff, of one tenant or of all; a later event of a trimmed turn starts again after what is left', async () => {
      const [first, second] = [uniqueTenant(), uniqueTenant()];
      const [turnOld, turnOld2, turnNew] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      const old = '2001-01-01T00:00:00.000Z';
      await trail().append(auditEventFor(first, turnOld, { at: old }));
      await trail().append(auditEventFor(second, turnOld2, { at: old }));
      const kept = await trail().append(auditEventFor(first, turnNew, { at: '2001-03-02T00:00:00.000Z' }));
      await expect(trail().trim({ before: 'never' })).rejects.toMatchObject({ code: 'INVALID_FORMAT' });
      for (const [before, code] of refusedCutoffs) {
        await expect(trail().trim({ before }), before).rejects.toMatchObject({ code, field: 'before' });
      }
      expect(await trail().forTurn(turnOld)).toHaveLength(1);
      expect(await trail().trim({ before: '2001-03-01T00:00:00.000Z', tenant: first })).toBe(1);
      expect(await trail().forTurn(turnOld2)).toHaveLength(1);
      expect(await trail().trim({ before: '2001-03-01T00:00:00.000Z' })).toBe(1);
      expect(await trail().forTurn(turnOld2)).toEqual([]);
      expect(await trail().forTurn(turnNew)).toStrictEqual([kept]);
      expect(await trail().append(auditEventFor(first, turnOld))).toMatchObject({ sequence: 1 });
    });
  });
}
