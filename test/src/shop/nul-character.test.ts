import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { expectRejected } from './expect-rejected.js';
import { type RunningShop, startShop } from './shop-harness.js';

// PostgreSQL cannot store U+0000 in text or jsonb: before, such a string reached the database and the
// shop answered 500 INTERNAL with a stack trace in the log. Validation now refuses it with its own code.
const databaseUrl = process.env.DATABASE_URL;
const engines = [
  { name: 'embedded PGlite', databaseUrl: undefined },
  ...(databaseUrl ? [{ name: 'a PostgreSQL server', databaseUrl }] : []),
];

describe.each(engines)('a NUL character in a request to the shop on $name', { timeout: 60_000 }, (engine) => {
  let model: OpenAIWireServer;
  let running: RunningShop;
  beforeAll(async () => {
    model = await startOpenAIWireServer();
    running = await startShop({
      ...(engine.databaseUrl ? { databaseUrl: engine.databaseUrl } : {}),
      assistant: {
        env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'local-model' },
      },
    });
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    await model?.close();
  }, 60_000);

  it('over HTTP, in an order note: 400 NUL_CHARACTER on the field, audited, nothing stored', async () => {
    const response = await expectRejected(running, '/orders', {
      request: {
        method: 'POST',
        token: 'customer-token',
        body: { sku: 'KB-01', quantity: 1, note: 'a\u0000b' },
      },
      status: 400,
      code: 'NUL_CHARACTER',
      field: 'note',
      audited: true,
    });
    expect(response.body.detail).toBe(
      'Field "note" contains a NUL character (U+0000), which is not accepted.',
    );
  });

  it('over HTTP, in a path parameter and in a knowledge filter key', async () => {
    const path = await running.request('/orders/ord%00x', { token: 'customer-token' });
    expect([path.status, path.body.code]).toEqual([400, 'INVALID_FORMAT']);
    const filter = await running.request('/knowledge/search', {
      method: 'POST',
      token: 'customer-token',
      body: { query: 'refund', metadata: { 'lang\u0000': 'en' } },
    });
    expect([filter.status, filter.body.code, filter.body.errors[0].field]).toEqual([
      400,
      'NUL_CHARACTER',
      'metadata["lang\\u0000"]',
    ]);
  });

  it('through a tool call: the model gets NUL_CHARACTER as the tool result and no order is placed', async () => {
    const before = await running.snapshot();
    model.script(
      {
        kind: 'reply',
        toolCalls: [
          {
            id: 'call_nul',
            name: 'orders_create',
            arguments: JSON.stringify({ sku: 'KB-01', quantity: 1, note: 'gift\u0000wrap' }),
          },
        ],
      },
      { kind: 'reply', text: 'That note cannot be stored.' },
    );
    const answer = await running.request('/ai/chat', {
      method: 'POST',
      token: 'customer-token',
      body: { message: 'Order one KB-01 with a gift note' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.steps[0].toolResults[0].output).toMatchObject({
      error: { code: 'NUL_CHARACTER', field: 'note' },
    });
    expect(answer.body.text).toBe('That note cannot be stored.');
    const after = await running.snapshot();
    expect(after.orderCount).toBe(before.orderCount);
    // The AI audit trail keeps what the model asked for, NUL and all, and what it was answered.
    const read = await running.request(`/governance/turns/${answer.body.turnId}`, { token: 'admin-token' });
    expect(
      read.body.events.map(
        (event: { action: string; code?: string }) => `${event.action} ${event.code ?? ''}`,
      ),
    ).toEqual(['request ', 'tool_call ', 'tool_result NUL_CHARACTER']);
    expect(read.body.events[1].payload.input.note).toBe('gift\u0000wrap');
  });

  /** A chat turn in which the model makes one tool call, then answers `text`. */
  const turnWithCall = (
    token: string,
    call: { id: string; name: string; arguments: string },
    text: string,
  ) => {
    model.script({ kind: 'reply', toolCalls: [call] }, { kind: 'reply', text });
    return running.request('/ai/chat', { method: 'POST', token, body: { message: 'Go ahead' } });
  };

  it('a lone surrogate, over HTTP and through a tool call: INVALID_UNICODE, nothing stored, the trail complete', async () => {
    await expectRejected(running, '/orders', {
      request: {
        method: 'POST',
        token: 'customer-token',
        body: { sku: 'KB-01', quantity: 1, note: 'a\ud800b' },
      },
      status: 400,
      code: 'INVALID_UNICODE',
      field: 'note',
      audited: true,
    });
    const before = await running.snapshot();
    const answer = await turnWithCall(
      'customer-token',
      {
        id: 'call_surrogate',
        name: 'orders_create',
        arguments: JSON.stringify({ sku: 'KB-01', quantity: 1, note: 'gift\udc00wrap' }),
      },
      'That note cannot be stored.',
    );
    expect(answer.body.steps[0].toolResults[0].output).toMatchObject({
      error: { code: 'INVALID_UNICODE', field: 'note' },
    });
    expect((await running.snapshot()).orderCount).toBe(before.orderCount);
    const read = await running.request(`/governance/turns/${answer.body.turnId}`, { token: 'admin-token' });
    expect(
      read.body.events.map(
        (event: { action: string; code?: string }) => `${event.action} ${event.code ?? ''}`,
      ),
    ).toEqual(['request ', 'tool_call ', 'tool_result INVALID_UNICODE']);
  });

  it('in a tool name or call id from the model: the turn, its events and its approval are recorded, with U+FFFD for NUL', async () => {
    const unknown = await turnWithCall(
      'customer-token',
      { id: 'call\u0000x', name: 'orders\u0000create', arguments: '{}' },
      'No such tool.',
    );
    expect(unknown.body.steps[0].toolResults[0].output).toMatchObject({ error: { code: 'TOOL_NOT_FOUND' } });
    const read = await running.request(`/governance/turns/${unknown.body.turnId}`, { token: 'admin-token' });
    // Before, the ledger row (with the turn's cost) and both tool events were lost: text cannot hold NUL.
    expect(read.body.turn.toolCalls).toEqual([
      { toolCallId: 'call\uFFFDx', toolName: 'orders\uFFFDcreate', outcome: 'TOOL_NOT_FOUND' },
    ]);
    expect(
      read.body.events.map((event: { action: string; toolName?: string }) => [event.action, event.toolName]),
    ).toEqual([
      ['request', undefined],
      ['tool_call', 'orders\uFFFDcreate'],
      ['tool_result', 'orders\uFFFDcreate'],
    ]);

    // Before, storing the approval failed and the model was answered INTERNAL. The order must exist: a cancel
    // is prechecked (as the call would run) before it waits for approval.
    const placed = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      body: { sku: 'KB-01', quantity: 1 },
    });
    expect(placed.status).toBe(201);
    const waiting = await turnWithCall(
      'admin-token',
      { id: 'call\u0000y', name: 'orders_cancel', arguments: JSON.stringify({ id: placed.body.id }) },
      'Waiting for your approval.',
    );
    expect(waiting.body.steps[0].toolResults[0].output).toMatchObject({ approval: { status: 'pending' } });

    // A call the pipeline refuses: its core audit record (before, lost) keeps the call id the same way.
    const before = await running.snapshot();
    const refused = await turnWithCall(
      'customer-token',
      { id: 'call\u0000z', name: 'orders_create', arguments: '{"sku":"KB-01","quantity":0}' },
      'That quantity is not allowed.',
    );
    expect(refused.body.steps[0].toolResults[0].output).toMatchObject({ error: { code: 'OUT_OF_RANGE' } });
    expect(
      (await running.auditSince(before)).map((row) => [row.operation_id, row.tool_call_id, row.code]),
    ).toEqual([
      ['orders.create', 'call\uFFFDz', 'OUT_OF_RANGE'],
      ['ai.chat', null, null],
    ]);
  });
});
