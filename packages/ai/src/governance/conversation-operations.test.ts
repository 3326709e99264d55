import { type Caller, createOpwire, isOpwireError } from '@opwire/core';
import { describe, expect, it } from 'vitest';
import { sampleMessages } from '../testing/conversation-store-conformance.js';
import { createConversationOperations } from './conversation-operations.js';
import { createGovernance } from './create-governance.js';
import { toModelMessages } from './stored-message.js';

const alice: Caller = { principalId: 'alice', tenant: 'acme', permissions: ['chat:use'] };
const bob: Caller = { principalId: 'bob', tenant: 'acme', permissions: ['chat:use'] };
const outsider: Caller = { principalId: 'carol', tenant: 'acme', permissions: ['orders:read'] };

function setup() {
  let now = Date.UTC(2030, 0, 1);
  const governance = createGovernance({ now: () => (now += 1_000) });
  const app = createOpwire({ operations: createConversationOperations({ governance }) });
  const call = async (operationId: string, input: unknown, caller: Caller = alice) => {
    try {
      return { value: (await app.invoke(operationId, input, { caller })) as any };
    } catch (error) {
      if (isOpwireError(error)) return { code: error.code, ...(error.field ? { field: error.field } : {}) };
      throw error;
    }
  };
  return { governance, call };
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
    expect(await call('conversations.list', { limit: 1000 })).toEqual({
      code: 'OUT_OF_RANGE',
      field: 'limit',
    });
  });
});
