import { expect, it } from 'vitest';
import type { ConversationStore } from '../governance/conversation-store.js';
import type { Owner } from '../governance/owner.js';
import type { StoredModelMessage } from '../governance/stored-message.js';
import { describeStoreSuite, editedCursors, type StoreSuiteOptions, uniqueTenant } from './store-suite.js';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString();

/** A user question, the assistant's tool call, the tool's result and the answer, as a turn stores them. */
export const sampleMessages: readonly StoredModelMessage[] = [
  { role: 'user', content: 'Cancel order 42 — 谢谢' },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Cancelling.' },
      {
        type: 'tool-call',
        toolCallId: 'call_0',
        toolName: 'orders_cancel',
        input: { orderId: '42', nested: [1, null] },
      },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_0',
        toolName: 'orders_cancel',
        output: { type: 'json', value: { ok: true } },
      },
    ],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
];

/** Runs the `ConversationStore` contract against an adapter; cases share the store, each in its own tenant. */
export function runConversationStoreConformance(name: string, options: StoreSuiteOptions<ConversationStore>) {
  describeStoreSuite(`ConversationStore conformance: ${name}`, options, (store) => {
    const owners = () => {
      const tenant = uniqueTenant();
      const alice: Owner = { tenant, principalId: 'alice' };
      return {
        alice,
        bob: { tenant, principalId: 'bob' },
        otherTenant: { tenant: `${tenant}-x`, principalId: 'alice' },
      };
    };

    it('creates a conversation its owner alone can read; a taken id is CONFLICT', async () => {
      const { alice, bob, otherTenant } = owners();
      const id = crypto.randomUUID();
      const created = await store().create({ id, owner: alice, title: 'Returns', at: at(0) });
      expect(created).toStrictEqual({
        id,
        tenant: alice.tenant,
        principalId: 'alice',
        title: 'Returns',
        createdAt: at(0),
        updatedAt: at(0),
      });
      expect(await store().get(id, alice)).toStrictEqual(created);
      expect(await store().get(id, bob)).toBeUndefined();
      expect(await store().get(id, otherTenant)).toBeUndefined();
      expect(await store().get(crypto.randomUUID(), alice)).toBeUndefined();
      await expect(store().create({ id, owner: bob, at: at(1) })).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await store().get(id, alice)).toStrictEqual(created);
      const untitled = await store().create({ id: crypto.randomUUID(), owner: alice, at: at(2) });
      expect(untitled).not.toHaveProperty('title');
    });

    it('opens an unknown id for the caller, the same one again, and nothing of anyone else', async () => {
      const { alice, bob } = owners();
      const id = `client-${crypto.randomUUID()}`;
      const opened = await store().open({ id, owner: alice, at: at(3) });
      expect(opened).toStrictEqual({
        id,
        tenant: alice.tenant,
        principalId: 'alice',
        createdAt: at(3),
        updatedAt: at(3),
      });
      expect(await store().open({ id, owner: alice, at: at(9) })).toStrictEqual(opened);
      expect(await store().open({ id, owner: bob, at: at(9) })).toBeUndefined();
      expect(await store().get(id, bob)).toBeUndefined();
    });

    it('tells whether an id opens for an owner as open decides, writing nothing', async () => {
      const { alice, bob, otherTenant } = owners();
      const id = `client-${crypto.randomUUID()}`;
      // No one's yet: it would open for anyone, and asking takes nothing.
      expect(await store().opens(id, alice)).toBe(true);
      expect(await store().opens(id, bob)).toBe(true);
      expect(await store().get(id, alice)).toBeUndefined();
      expect((await store().list(alice, { limit: 10 })).conversations).toEqual([]);
      await store().open({ id, owner: alice, at: at(0) });
      expect(await store().opens(id, alice)).toBe(true);
      expect(await store().opens(id, bob)).toBe(false);
      expect(await store().opens(id, otherTenant)).toBe(false);
      // Deleted as reopenable: its owner's alone; deleted for good: no one's.
      await store().delete(id, alice, { reopenable: true });
      expect(await store().opens(id, alice)).toBe(true);
      expect(await store().opens(id, bob)).toBe(false);
      await store().open({ id, owner: alice, at: at(1) });
      await store().delete(id, alice);
      expect(await store().opens(id, alice)).toBe(false);
      expect(await store().opens(id, bob)).toBe(false);
    });

    it('opens one new id once under concurrency: one owner wins it', async () => {
      const { alice, bob } = owners();
      const id = `race-${crypto.randomUUID()}`;
      const outcomes = await Promise.all([
        ...Array.from({ length: 4 }, () => store().open({ id, owner: alice, at: at(1) })),
        ...Array.from({ length: 4 }, () => store().open({ id, owner: bob, at: at(1) })),
      ]);
      const winners = new Set(outcomes.filter((each) => each !== undefined).map((each) => each.principalId));
      expect(winners.size).toBe(1);
      expect(outcomes.filter((each) => each !== undefined)).toHaveLength(4);
    });

    it('appends messages in order and reads them back newest first, in windows', async () => {
      const { alice, bob } = owners();
      const id = crypto.randomUUID();
      await store().create({ id, owner: alice, at: at(0) });
      const first = await store().append(id, alice, {
        messages: sampleMessages.slice(0, 2),
        turnId: 'turn-1',
        at: at(5),
      });
      expect(first?.map((each) => [each.sequence, each.turnId, each.at])).toEqual([
        [1, 'turn-1', at(5)],
        [2, 'turn-1', at(5)],
      ]);
      await store().append(id, alice, { messages: sampleMessages.slice(2), at: at(6) });
      const all = await store().messages(id, alice, { limit: 10 });
      expect(all?.map((each) => each.sequence)).toEqual([4, 3, 2, 1]);
      expect(all?.map((each) => each.message).reverse()).toStrictEqual(sampleMessages);
      expect(all?.[0]).toStrictEqual({
        conversationId: id,
        sequence: 4,
        at: at(6),
        message: sampleMessages[3],
      });
      expect((await store().messages(id, alice, { limit: 2 }))?.map((each) => each.sequence)).toEqual([4, 3]);
      expect(
        (await store().messages(id, alice, { limit: 2, before: 3 }))?.map((each) => each.sequence),
      ).toEqual([2, 1]);
      expect((await store().get(id, alice))?.updatedAt).toBe(at(6));
      expect(await store().append(id, bob, { messages: sampleMessages, at: at(7) })).toBeUndefined();
      expect(await store().messages(id, bob, { limit: 10 })).toBeUndefined();
      expect(await store().messages(id, alice, { limit: 10 })).toHaveLength(4);
    });

    it('reads before the largest sequence a store keeps (2147483647), and refuses a `before` past it or below 1 with OUT_OF_RANGE', async () => {
      const { alice } = owners();
      const id = crypto.randomUUID();
      await store().create({ id, owner: alice, at: at(0) });
      await store().append(id, alice, { messages: sampleMessages, at: at(1) });
      const newest = await store().messages(id, alice, { limit: 10, before: 2_147_483_647 });
      expect(newest?.map((each) => each.sequence)).toEqual([4, 3, 2, 1]);
      for (const bad of [2 ** 31, Number.MAX_SAFE_INTEGER, 0, -1, 1.5, Number.NaN]) {
        await expect(store().messages(id, alice, { limit: 10, before: bad })).rejects.toMatchObject({
          code: 'OUT_OF_RANGE',
          field: 'before',
        });
      }
      expect(await store().messages(id, alice, { limit: 10 })).toHaveLength(4);
    });

    it('keeps how a turn ended with each message it appended; a bad ending writes nothing', async () => {
      const { alice } = owners();
      const id = crypto.randomUUID();
      await store().create({ id, owner: alice, at: at(0) });
      const stopped = { outcome: 'stopped', code: 'CANCELLED' } as const;
      const appended = await store().append(id, alice, {
        messages: sampleMessages.slice(0, 2),
        turnId: 'turn-stopped',
        at: at(1),
        ending: stopped,
      });
      expect(appended?.map((each) => each.ending)).toStrictEqual([stopped, stopped]);
      await store().append(id, alice, {
        messages: sampleMessages.slice(2, 3),
        turnId: 'turn-done',
        at: at(2),
        ending: { outcome: 'completed' },
      });
      await store().append(id, alice, { messages: sampleMessages.slice(3), turnId: 'turn-old', at: at(3) });
      const read = await store().messages(id, alice, { limit: 10 });
      expect(read?.map((each) => [each.turnId, each.ending])).toStrictEqual([
        ['turn-old', undefined],
        ['turn-done', { outcome: 'completed' }],
        ['turn-stopped', stopped],
        ['turn-stopped', stopped],
      ]);
      expect(read?.[0]).not.toHaveProperty('ending');

      const bad = [
        { outcome: 'aborted' },
        { outcome: 'failed', code: '' },
        { outcome: 'failed', code: 'X'.repeat(101) },
        { outcome: 'failed', code: 42 },
        { outcome: 'completed', sources: 'faq-1' },
        { outcome: 'completed', sources: [{ sourceId: '', title: 'Returns' }] },
        { outcome: 'completed', sources: [{ sourceId: 'faq-1' }] },
        { outcome: 'completed', sources: [{ sourceId: 'faq-1', title: 'Returns', url: 7 }] },
        { outcome: 'completed', sources: [null] },
        {
          outcome: 'completed',
          sources: Array.from({ length: 1001 }, () => ({ sourceId: 'a', title: 'b' })),
        },
      ];
      for (const ending of bad) {
        await expect(
          store().append(id, alice, {
            messages: sampleMessages.slice(0, 1),
            at: at(4),
            ending: ending as never,
          }),
        ).rejects.toMatchObject({ code: 'INVALID_FORMAT', field: 'ending' });
        // Refused alike for a conversation the caller does not have.
        await expect(
          store().append(crypto.randomUUID(), alice, {
            messages: sampleMessages.slice(0, 1),
            at: at(4),
            ending: ending as never,
          }),
        ).rejects.toMatchObject({ code: 'INVALID_FORMAT', field: 'ending' });
      }
      expect(await store().messages(id, alice, { limit: 10 })).toHaveLength(4);
      expect((await store().get(id, alice))?.updatedAt).toBe(at(3));
    });

    it('keeps the sources a turn was given with each message it appended, as given; none are kept as absent', async () => {
      const { alice } = owners();
      const id = crypto.randomUUID();
      await store().create({ id, owner: alice, at: at(0) });
      const sources = [
        { sourceId: 'faq-returns', title: '退货政策 Returns', url: 'https://shop.example/faq#returns' },
        { sourceId: 'faq-shipping', title: 'Shipping' },
      ];
      const appended = await store().append(id, alice, {
        messages: sampleMessages.slice(0, 2),
        turnId: 'turn-cited',
        at: at(1),
        ending: { outcome: 'completed', sources },
      });
      expect(appended?.map((each) => each.ending)).toStrictEqual([
        { outcome: 'completed', sources },
        { outcome: 'completed', sources },
      ]);
      await store().append(id, alice, {
        messages: sampleMessages.slice(2, 3),
        turnId: 'turn-plain',
        at: at(2),
        ending: { outcome: 'stopped', code: 'CANCELLED', sources: [] },
      });
      const read = await store().messages(id, alice, { limit: 10 });
      expect(read?.map((each) => [each.turnId, each.ending])).toStrictEqual([
        ['turn-plain', { outcome: 'stopped', code: 'CANCELLED' }],
        ['turn-cited', { outcome: 'completed', sources }],
        ['turn-cited', { outcome: 'completed', sources }],
      ]);
    });

    it('removes the messages after a sequence for its owner alone, and numbers on from there', async () => {
      const { alice, bob } = owners();
      const id = crypto.randomUUID();
      await store().create({ id, owner: alice, at: at(0) });
      await store().append(id, alice, { messages: sampleMessages, turnId: 'turn-1', at: at(1) });
      expect(await store().removeAfter(id, bob, 1)).toBeUndefined();
      expect(await store().removeAfter(crypto.randomUUID(), alice, 1)).toBeUndefined();
      expect(await store().messages(id, alice, { limit: 10 })).toHaveLength(4);
      for (const bad of [-1, 1.5, Number.NaN, 2 ** 31]) {
        await expect(store().removeAfter(id, alice, bad)).rejects.toMatchObject({
          code: 'OUT_OF_RANGE',
          field: 'after',
        });
      }
      expect(await store().removeAfter(id, alice, 1)).toBe(3);
      expect(await store().removeAfter(id, alice, 1)).toBe(0);
      const appended = await store().append(id, alice, {
        messages: sampleMessages.slice(3),
        turnId: 'turn-2',
        at: at(2),
      });
      expect(appended?.map((each) => each.sequence)).toEqual([2]);
      expect(
        (await store().messages(id, alice, { limit: 10 }))?.map((each) => [each.sequence, each.turnId]),
      ).toEqual([
        [2, 'turn-2'],
        [1, 'turn-1'],
      ]);
      expect(await store().removeAfter(id, alice, 0)).toBe(2);
      expect(await store().messages(id, alice, { limit: 10 })).toEqual([]);
    });

    it('lists the owner conversations newest first, page by page', async () => {
      const { alice, bob } = owners();
      const ids = [0, 1, 2, 3, 4].map(() => crypto.randomUUID());
      for (const [index, id] of ids.entries()) await store().create({ id, owner: alice, at: at(index) });
      await store().create({ id: crypto.randomUUID(), owner: bob, at: at(9) });
      // An update does not move a conversation in the list.
      await store().append(ids[0]!, alice, { messages: sampleMessages.slice(0, 1), at: at(8) });
      const expected = [ids[4], ids[3], ids[2], ids[1], ids[0]];
      const first = await store().list(alice, { limit: 2 });
      expect(first.conversations.map((each) => each.id)).toEqual(expected.slice(0, 2));
      const second = await store().list(alice, { limit: 2, cursor: first.next! });
      const third = await store().list(alice, { limit: 2, cursor: second.next! });
      expect([...second.conversations, ...third.conversations].map((each) => each.id)).toEqual(
        expected.slice(2),
      );
      expect(third.next).toBeUndefined();
      expect((await store().list(alice, { limit: 5 })).next).toBeUndefined();
      await expect(store().list(alice, { limit: 2, cursor: 'not-a-cursor' })).rejects.toMatchObject({
        code: 'INVALID_FORMAT',
        field: 'cursor',
      });
      for (const cursor of editedCursors) {
        await expect(store().list(alice, { limit: 2, cursor })).rejects.toMatchObject({
          code: 'INVALID_FORMAT',
          field: 'cursor',
        });
      }
      await expect(store().list(alice, { limit: 0 })).rejects.toMatchObject({
        code: 'OUT_OF_RANGE',
        field: 'limit',
      });
    });

    it('walks every conversation exactly once while conversations are updated and created mid-walk', async () => {
      const { alice } = owners();
      // Two created at the same instant: the id breaks the tie, as everywhere.
      const ids = [0, 1, 2, 2, 3, 4, 5].map(() => crypto.randomUUID());
      const times = [0, 1, 2, 2, 3, 4, 5];
      for (const [index, id] of ids.entries())
        await store().create({ id, owner: alice, at: at(times[index]!) });
      const seen: string[] = [];
      let cursor: string | undefined;
      let step = 0;
      do {
        const page = await store().list(alice, { limit: 2, ...(cursor ? { cursor } : {}) });
        seen.push(...page.conversations.map((each) => each.id));
        cursor = page.next;
        step++;
        // Between pages: touch one not listed yet (the oldest), one already listed, and start a new one.
        await store().append(ids[0]!, alice, { messages: sampleMessages.slice(0, 1), at: at(10 + step) });
        await store().append(seen[0]!, alice, { messages: sampleMessages.slice(0, 1), at: at(20 + step) });
        await store().create({ id: crypto.randomUUID(), owner: alice, at: at(30 + step) });
      } while (cursor);
      expect([...seen].sort()).toEqual([...ids].sort());
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.at(-1)).toBe(ids[0]);
    });

    it('deletes only the owner conversation, with its messages', async () => {
      const { alice, bob } = owners();
      const id = crypto.randomUUID();
      await store().create({ id, owner: alice, at: at(0) });
      await store().append(id, alice, { messages: sampleMessages, at: at(1) });
      expect(await store().delete(id, bob)).toBe(false);
      expect(await store().get(id, alice)).toBeDefined();
      expect(await store().delete(id, alice)).toBe(true);
      expect(await store().get(id, alice)).toBeUndefined();
      expect(await store().messages(id, alice, { limit: 10 })).toBeUndefined();
      expect(await store().delete(id, alice)).toBe(false);
      // A deleted id is never opened again, by anyone: the ledger's turns of it stay Alice's alone.
      expect(await store().open({ id, owner: bob, at: at(2) })).toBeUndefined();
      expect(await store().open({ id, owner: alice, at: at(2) })).toBeUndefined();
      await expect(store().create({ id, owner: bob, at: at(2) })).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await store().get(id, bob)).toBeUndefined();
      expect((await store().list(bob, { limit: 10 })).conversations).toEqual([]);
    });

    it('opens a conversation deleted as reopenable again for its owner alone, once', async () => {
      const { alice, bob, otherTenant } = owners();
      const id = `client-${crypto.randomUUID()}`;
      await store().open({ id, owner: alice, at: at(0) });
      expect(await store().delete(id, bob, { reopenable: true })).toBe(false);
      expect(await store().delete(id, alice, { reopenable: true })).toBe(true);
      expect(await store().get(id, alice)).toBeUndefined();
      expect((await store().list(alice, { limit: 10 })).conversations).toEqual([]);
      // No one else gets the id, not even through create.
      expect(await store().open({ id, owner: bob, at: at(1) })).toBeUndefined();
      expect(
        await store().open({ id, owner: { ...alice, tenant: otherTenant.tenant }, at: at(1) }),
      ).toBeUndefined();
      await expect(store().create({ id, owner: alice, at: at(1) })).rejects.toMatchObject({
        code: 'CONFLICT',
      });
      // Its owner opens it again, as new.
      const reopened = await store().open({ id, owner: alice, at: at(2) });
      expect(reopened).toStrictEqual({
        id,
        tenant: alice.tenant,
        principalId: 'alice',
        createdAt: at(2),
        updatedAt: at(2),
      });
      expect(await store().open({ id, owner: bob, at: at(3) })).toBeUndefined();
      expect(
        await store().append(id, alice, { messages: sampleMessages.slice(0, 1), at: at(3) }),
      ).toHaveLength(1);
      // Deleted by its owner this time: gone for good.
      expect(await store().delete(id, alice)).toBe(true);
      expect(await store().open({ id, owner: alice, at: at(4) })).toBeUndefined();
    });

    it('reopens a reopenable id once under concurrency, for its owner only', async () => {
      const { alice, bob } = owners();
      const id = `race-${crypto.randomUUID()}`;
      await store().open({ id, owner: alice, at: at(0) });
      await store().delete(id, alice, { reopenable: true });
      const outcomes = await Promise.all([
        ...Array.from({ length: 4 }, () => store().open({ id, owner: alice, at: at(1) })),
        ...Array.from({ length: 4 }, () => store().open({ id, owner: bob, at: at(1) })),
      ]);
      expect(outcomes.map((each) => each?.principalId)).toEqual([
        ...Array.from({ length: 4 }, () => 'alice'),
        ...Array.from({ length: 4 }, () => undefined),
      ]);
    });
  });
}
