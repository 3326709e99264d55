import { type Caller, createOpwire, isOpwireError } from '@opwire/core';
import { describe, expect, it } from 'vitest';
import { approvalFor } from '../testing/approval-store-conformance.js';
import { sampleMessages } from '../testing/conversation-store-conformance.js';
import { turnRecordFor } from '../testing/turn-ledger-conformance.js';
import { createConversationOperations } from './conversation-operations.js';
import { createGovernance } from './create-governance.js';
import { createMemoryTurnLedger } from './memory-turn-ledger.js';
import { toModelMessages } from './stored-message.js';
import type { TurnLedger, TurnOutcome } from './turn-ledger.js';

const alice: Caller = { principalId: 'alice', tenant: 'acme', permissions: ['chat:use'] };
const bob: Caller = { principalId: 'bob', tenant: 'acme', permissions: ['chat:use'] };
const outsider: Caller = { principalId: 'carol', tenant: 'acme', permissions: ['orders:read'] };

/** A memory ledger that counts the reads of single turns (`get`) and of lists (`list`). */
function countingLedger() {
  const ledger = createMemoryTurnLedger();
  const reads = { get: 0, list: 0 };
  const counted: TurnLedger = {
    ...ledger,
    get: (...args) => {
      reads.get++;
      return ledger.get(...args);
    },
    list: (...args) => {
      reads.list++;
      return ledger.list(...args);
    },
  };
  return { ledger: counted, reads };
}

function setup() {
  let now = Date.UTC(2030, 0, 1);
  const { ledger, reads } = countingLedger();
  const governance = createGovernance({ ledger, now: () => (now += 1_000) });
  const app = createOpwire({ operations: createConversationOperations({ governance, now: () => now }) });
  const call = async (operationId: string, input: unknown, caller: Caller = alice) => {
    try {
      return { value: (await app.invoke(operationId, input, { caller })) as any };
    } catch (error) {
      if (isOpwireError(error)) return { code: error.code, ...(error.field ? { field: error.field } : {}) };
      throw error;
    }
  };
  return { governance, call, reads };
}

/** Appends a user question and an assistant answer to a conversation of alice's, in turn `turnId`. */
async function appendTurn(governance: ReturnType<typeof setup>['governance'], id: string, turnId: string) {
  await governance.appendMessages(
    alice,
    id,
    [
      { role: 'user', content: `question of ${turnId}` },
      { role: 'assistant', content: `answer of ${turnId}` },
    ],
    { turnId },
  );
}

describe('conversation operations', () => {
  it('create a conversation with a server id and read it back with its messages, newest first', async () => {
    const { call, governance } = setup();
    const created = await call('conversations.create', { title: 'Returns' });
    expect(created.value).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Returns',
      createdAt: '2030-01-01T00:00:01.000Z',
      updatedAt: '2030-01-01T00:00:01.000Z',
    });
    const id = created.value.id;
    await governance.appendMessages(alice, id, toModelMessages(sampleMessages), { turnId: 'turn-1' });
    const read = await call('conversations.get', { conversationId: id, limit: 3 });
    expect(read.value.conversation).toMatchObject({ id, title: 'Returns' });
    expect(
      read.value.messages.map((message: { sequence: number; role: string }) => [
        message.sequence,
        message.role,
      ]),
    ).toEqual([
      [4, 'assistant'],
      [3, 'tool'],
      [2, 'assistant'],
    ]);
    expect(read.value.messages[1]).toEqual({
      sequence: 3,
      role: 'tool',
      content: sampleMessages[2]?.content,
      turnId: 'turn-1',
      at: expect.any(String),
    });
    expect(read.value.next).toBe(2);
    const older = await call('conversations.get', { conversationId: id, limit: 3, before: read.value.next });
    expect(older.value.messages.map((message: { sequence: number }) => message.sequence)).toEqual([1]);
    expect(older.value).not.toHaveProperty('next');
  });

  it('say how each turn on a page ended, in one ledger read per page', async () => {
    const { call, governance, reads } = setup();
    const { id } = (await call('conversations.create', {})).value;
    const endings: Array<[TurnOutcome, string | undefined]> = [
      ['completed', undefined],
      ['stopped', 'CANCELLED'],
      ['failed', 'PROVIDER_FAILED'],
    ];
    const turnIds = Array.from({ length: 110 }, (_, index) => `turn-${String(index).padStart(3, '0')}`);
    for (const [index, turnId] of turnIds.entries()) {
      await appendTurn(governance, id, turnId);
      const [outcome, errorCode] = endings[index % 3]!;
      await governance.ledger.record(
        turnRecordFor('acme', {
          turnId,
          conversationId: id,
          ...(errorCode === undefined ? { outcome } : { outcome, errorCode }),
        }),
      );
    }
    const endingOf = (turnId: string) => {
      const [outcome, code] = endings[turnIds.indexOf(turnId) % 3]!;
      return { turnId, outcome, ...(code === undefined ? {} : { code }) };
    };
    const newestFirst = [...turnIds].reverse();

    reads.get = reads.list = 0;
    const first = await call('conversations.get', { conversationId: id, limit: 200 });
    expect(first.value.messages).toHaveLength(200);
    expect(first.value.turns).toEqual(newestFirst.slice(0, 100).map(endingOf));
    expect(first.value.turns.slice(0, 3)).toEqual([
      { turnId: 'turn-109', outcome: 'stopped', code: 'CANCELLED' },
      { turnId: 'turn-108', outcome: 'completed' },
      { turnId: 'turn-107', outcome: 'failed', code: 'PROVIDER_FAILED' },
    ]);
    expect(reads).toEqual({ get: 0, list: 1 });

    reads.get = reads.list = 0;
    const older = await call('conversations.get', {
      conversationId: id,
      limit: 200,
      before: first.value.next,
    });
    expect(older.value.turns).toEqual(newestFirst.slice(100).map(endingOf));
    expect(reads).toEqual({ get: 0, list: 1 });
  });

  it('say how a turn ended as stored with its messages, reading the ledger only for turns stored without', async () => {
    const { call, governance, reads } = setup();
    const { id } = (await call('conversations.create', {})).value;
    const question = (turnId: string) => [{ role: 'user' as const, content: `question of ${turnId}` }];
    await governance.appendMessages(alice, id, question('stopped'), {
      turnId: 'stopped',
      ending: { outcome: 'stopped', code: 'CANCELLED' },
    });
    await governance.appendMessages(alice, id, question('done'), {
      turnId: 'done',
      ending: { outcome: 'completed' },
    });
    reads.get = reads.list = 0;
    expect((await call('conversations.get', { conversationId: id })).value.turns).toEqual([
      { turnId: 'done', outcome: 'completed' },
      { turnId: 'stopped', outcome: 'stopped', code: 'CANCELLED' },
    ]);
    // No ledger row was ever written for these turns, and the ledger was not asked.
    expect(reads).toEqual({ get: 0, list: 0 });

    await appendTurn(governance, id, 'older-release');
    await governance.ledger.record(
      turnRecordFor('acme', {
        turnId: 'older-release',
        conversationId: id,
        outcome: 'failed',
        errorCode: 'X',
      }),
    );
    reads.get = reads.list = 0;
    expect((await call('conversations.get', { conversationId: id })).value.turns).toEqual([
      { turnId: 'older-release', outcome: 'failed', code: 'X' },
      { turnId: 'done', outcome: 'completed' },
      { turnId: 'stopped', outcome: 'stopped', code: 'CANCELLED' },
    ]);
    expect(reads).toEqual({ get: 0, list: 1 });
  });

  it('leave out of a page’s turns one the ledger no longer holds or holds for someone else', async () => {
    const { call, governance, reads } = setup();
    const { id } = (await call('conversations.create', {})).value;
    await governance.appendMessages(alice, id, [{ role: 'user', content: 'no turn' }]);
    reads.get = reads.list = 0;
    expect((await call('conversations.get', { conversationId: id })).value.turns).toEqual([]);
    expect(reads).toEqual({ get: 0, list: 0 });

    const rows = [
      turnRecordFor('acme', { turnId: 'own', conversationId: id }),
      turnRecordFor('acme', { turnId: 'other-conversation', conversationId: 'elsewhere' }),
      turnRecordFor('acme', { turnId: 'other-principal', conversationId: id, principalId: 'bob' }),
      turnRecordFor('globex', { turnId: 'other-tenant', conversationId: id }),
    ];
    for (const row of rows) {
      await governance.ledger.record(row);
      await appendTurn(governance, id, row.turnId);
    }
    await appendTurn(governance, id, 'trimmed');
    const read = await call('conversations.get', { conversationId: id });
    expect(read.value.messages).toHaveLength(11);
    expect(read.value.turns).toEqual([{ turnId: 'own', outcome: 'completed' }]);
  });

  it('say where each approval the page asked for stands now: pending, decided since, or expired', async () => {
    const { call, governance } = setup();
    const { id } = (await call('conversations.create', {})).value;
    const owner = { tenant: 'acme', principalId: 'alice' };
    const waiting = approvalFor(owner, 0);
    const expired = approvalFor(owner, -30);
    const declined = approvalFor(owner, 0);
    const bobs = approvalFor({ tenant: 'acme', principalId: 'bob' }, 0);
    for (const approval of [waiting, expired, declined, bobs]) {
      await governance.approvals.create(approval, { maxPending: 20, now: approval.createdAt });
    }
    await governance.approvals.settle(declined.approvalId, owner, {
      status: 'declined',
      at: '2030-01-01T00:01:00.000Z',
    });
    // As a turn stores a call waiting for approval: its result says `pending`, however it is decided later.
    const asked = (approval: { approvalId: string }, toolCallId: string) => ({
      type: 'tool-result' as const,
      toolCallId,
      toolName: 'orders_cancel',
      output: {
        type: 'json' as const,
        value: { approval: { status: 'pending', approvalId: approval.approvalId } },
      },
    });
    await governance.appendMessages(
      alice,
      id,
      [
        { role: 'user', content: 'cancel them' },
        {
          role: 'tool',
          content: [
            asked(waiting, 'call_1'),
            asked(expired, 'call_2'),
            asked(declined, 'call_3'),
            asked(bobs, 'call_4'),
            asked({ approvalId: 'unknown' }, 'call_5'),
          ],
        },
      ],
      { turnId: 'turn-1' },
    );
    expect((await call('conversations.get', { conversationId: id })).value.approvals).toEqual([
      { approvalId: waiting.approvalId, status: 'pending', expiresAt: waiting.expiresAt },
      { approvalId: expired.approvalId, status: 'expired', expiresAt: expired.expiresAt },
      { approvalId: declined.approvalId, status: 'declined', expiresAt: declined.expiresAt },
    ]);
  });

  it('list only the caller conversations, page by page', async () => {
    const { call } = setup();
    const ids = [];
    for (const title of ['a', 'b', 'c']) ids.push((await call('conversations.create', { title })).value.id);
    await call('conversations.create', {}, bob);
    const first = await call('conversations.list', { limit: 2 });
    const second = await call('conversations.list', { limit: 2, cursor: first.value.next });
    expect(
      [...first.value.conversations, ...second.value.conversations].map((each: { id: string }) => each.id),
    ).toEqual(ids.reverse());
    expect(second.value).not.toHaveProperty('next');
    expect(await call('conversations.list', { cursor: 'x' })).toEqual({
      code: 'INVALID_FORMAT',
      field: 'cursor',
    });
  });

  it("answer anyone else's conversation exactly like a missing one, and delete only one's own", async () => {
    const { call, governance } = setup();
    const { id } = (await call('conversations.create', {})).value;
    const turn = governance.startTurn({ caller: alice, conversationId: id });
    await turn.finish({ outcome: 'completed' });
    for (const caller of [bob, { ...alice, tenant: 'globex' }]) {
      expect(await call('conversations.get', { conversationId: id }, caller)).toEqual({ code: 'NOT_FOUND' });
      expect(await call('conversations.delete', { conversationId: id }, caller)).toEqual({
        code: 'NOT_FOUND',
      });
    }
    expect(await call('conversations.get', { conversationId: 'missing' })).toEqual({ code: 'NOT_FOUND' });
    expect(await call('conversations.delete', { conversationId: id })).toEqual({
      value: { id, deleted: true },
    });
    expect(await call('conversations.get', { conversationId: id })).toEqual({ code: 'NOT_FOUND' });
    expect(await governance.events.forTurn(turn.turnId)).toHaveLength(1);
  });

  it('need chat:use and bounded input', async () => {
    const { call } = setup();
    expect(await call('conversations.create', {}, outsider)).toEqual({ code: 'PERMISSION_DENIED' });
    expect(await call('conversations.create', { title: 'x'.repeat(201) })).toEqual({
      code: 'OUT_OF_RANGE',
      field: 'title',
    });
    expect(await call('conversations.create', { title: 5 })).toEqual({ code: 'WRONG_TYPE', field: 'title' });
    expect(await call('conversations.get', { conversationId: 'x'.repeat(201) })).toEqual({
      code: 'OUT_OF_RANGE',
      field: 'conversationId',
    });
    expect(await call('conversations.get', { conversationId: 'a', before: 1 })).toEqual({
      code: 'OUT_OF_RANGE',
      field: 'before',
    });
    // Past the largest sequence a store keeps (PostgreSQL's integer): refused as the schema says, never a 500.
    const { value } = await call('conversations.create', {});
    const { id } = value as { id: string };
    expect(await call('conversations.get', { conversationId: id, before: 2 ** 31 })).toEqual({
      code: 'OUT_OF_RANGE',
      field: 'before',
    });
    expect(await call('conversations.get', { conversationId: id, before: 2 ** 31 - 1 })).toMatchObject({
      value: { messages: [] },
    });
    expect(await call('conversations.list', { limit: 1000 })).toEqual({
      code: 'OUT_OF_RANGE',
      field: 'limit',
    });
  });
});
