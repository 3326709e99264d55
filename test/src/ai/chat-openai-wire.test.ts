import { type ChatEvent, createChat, createToolCatalog } from '@opwire/ai';
import { createOrdersFixture, fixtureCallers } from '@opwire/ai/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from './openai-wire-server.js';

let server: OpenAIWireServer;
beforeEach(async () => {
  server = await startOpenAIWireServer();
});
afterEach(() => server.close());

function setup(options: { maxSteps?: number; fallback?: boolean } = {}) {
  const fixture = createOrdersFixture();
  const catalog = createToolCatalog({ app: fixture.app });
  const chat = createChat({
    catalog,
    providers: options.fallback
      ? { primary: server.provider('gpt-primary'), backup: server.provider('gpt-backup') }
      : { local: server.provider() },
    ...(options.maxSteps ? { maxSteps: options.maxSteps } : {}),
  });
  /** The turn ledger's rows, oldest first. */
  const ledger = async () => (await chat.governance.ledger.list({}, { limit: 100 })).turns.reverse();
  return { ...fixture, chat, ledger };
}

/** The JSON the model received for a tool call in a later request. */
function toolMessage(request: Record<string, any> | undefined, toolCallId: string): unknown {
  const message = request?.messages.find(
    (each: any) => each.role === 'tool' && each.tool_call_id === toolCallId,
  );
  return message ? JSON.parse(message.content) : undefined;
}

async function collect(events: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const all: ChatEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('chat over the OpenAI wire format', () => {
  it('runs a tool call as the caller and reports usage over both steps', async () => {
    const { chat, orders, ledger } = setup();
    server.script(
      {
        kind: 'reply',
        toolCalls: [
          { id: 'call_1', name: 'orders_create', arguments: '{"sku":"tea","quantity":2,"priority":null}' },
        ],
        usage: [40, 9],
      },
      { kind: 'reply', text: 'Your order is placed.', usage: [60, 6] },
    );
    const result = await chat.complete({ caller: fixtureCallers.customer, message: 'Two teas please' });
    expect(result.text).toBe('Your order is placed.');
    expect([...orders.values()]).toEqual([
      expect.objectContaining({ owner: 'user-customer', tenant: 'acme', sku: 'tea', quantity: 2 }),
    ]);
    expect(toolMessage(server.requests[1], 'call_1')).toMatchObject({
      sku: 'tea',
      quantity: 2,
      status: 'open',
    });
    expect(server.requests[0]?.tools.map((each: any) => [each.function.name, each.function.strict])).toEqual([
      ['orders_list', true],
      ['orders_get', true],
      ['orders_create', true],
    ]);
    expect(result.usage).toEqual({ inputTokens: 100, outputTokens: 15, totalTokens: 115 });
    expect([result.provider, result.model]).toEqual(['local', 'gpt-test']);
    expect((await ledger())[0]).toMatchObject({
      toolCalls: [{ toolCallId: 'call_1', toolName: 'orders_create', outcome: 'ok' }],
      outcome: 'completed',
      inputTokens: 100,
      outputTokens: 15,
      model: 'gpt-test',
    });
  });

  it("gives a customer's model PERMISSION_DENIED for a cancel and leaves the order as it was", async () => {
    const { chat, seed } = setup();
    const order = seed();
    server.script(
      {
        kind: 'reply',
        toolCalls: [
          { id: 'call_1', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) },
        ],
      },
      { kind: 'reply', text: 'I cannot cancel orders for you.' },
    );
    const result = await chat.complete({ caller: fixtureCallers.customer, message: 'Cancel my order' });
    expect(toolMessage(server.requests[1], 'call_1')).toEqual({
      error: { code: 'PERMISSION_DENIED', message: 'You do not have permission to perform "orders.cancel".' },
    });
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ error: { code: 'PERMISSION_DENIED' } });
    expect(order.status).toBe('open');
    expect(server.requests[0]?.tools.map((each: any) => each.function.name)).not.toContain('orders_cancel');
  });

  it('streams two tool calls of one step, each with its result', async () => {
    const { chat, seed } = setup();
    const order = seed();
    server.script(
      {
        kind: 'reply',
        toolCalls: [
          { id: 'call_a', name: 'orders_get', arguments: JSON.stringify({ orderId: order.id }) },
          { id: 'call_b', name: 'orders_list', arguments: '{"status":"open"}' },
        ],
      },
      { kind: 'reply', text: 'You have one open order.' },
    );
    const turn = chat.stream({ caller: fixtureCallers.customer, message: 'What do I have?' });
    const events = await collect(turn.events);
    const results = events.filter((event) => event.type === 'tool-result');
    expect(results.map((event) => event.type === 'tool-result' && [event.toolCallId, event.output])).toEqual([
      ['call_a', expect.objectContaining({ id: order.id })],
      ['call_b', { orders: [expect.objectContaining({ id: order.id })] }],
    ]);
    const text = events
      .filter((event) => event.type === 'text')
      .map((event) => (event.type === 'text' ? event.delta : ''))
      .join('');
    expect(text).toBe('You have one open order.');
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      result: { outcome: 'completed', toolsCalled: ['orders_get', 'orders_list'] },
    });
    expect(server.requests[1]?.stream).toBe(true);
  });

  it('answers malformed JSON arguments with an error result and runs nothing', async () => {
    const { chat, orders } = setup();
    server.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_1', name: 'orders_create', arguments: '{"sku": "tea", "quantity": ' }],
      },
      { kind: 'reply', text: 'Sorry, let me retry later.' },
    );
    const result = await chat.complete({ caller: fixtureCallers.customer, message: 'Tea' });
    expect(toolMessage(server.requests[1], 'call_1')).toEqual({
      error: {
        code: 'MALFORMED_ARGUMENTS',
        message: 'The arguments for tool "orders_create" are not a valid JSON object.',
      },
    });
    expect(result.text).toBe('Sorry, let me retry later.');
    expect(orders.size).toBe(0);
  });

  it('answers an unknown tool name with TOOL_NOT_FOUND', async () => {
    const { chat } = setup();
    server.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_1', name: 'shell_exec', arguments: '{"command":"rm -rf /"}' }],
      },
      { kind: 'reply', text: 'That tool does not exist.' },
    );
    await chat.complete({ caller: fixtureCallers.admin, message: 'Run a command' });
    expect(toolMessage(server.requests[1], 'call_1')).toEqual({
      error: { code: 'TOOL_NOT_FOUND', message: 'There is no tool named "shell_exec" available to you.' },
    });
  });

  it('stops at the step limit with a clear reply, never an empty one', async () => {
    const { chat, ledger } = setup({ maxSteps: 2 });
    const list = {
      kind: 'reply' as const,
      toolCalls: [{ id: 'call_x', name: 'orders_list', arguments: '{"status":null}' }],
    };
    server.script(list, {
      ...list,
      toolCalls: [{ id: 'call_y', name: 'orders_list', arguments: '{"status":null}' }],
    });
    const result = await chat.complete({ caller: fixtureCallers.customer, message: 'Keep listing' });
    expect(result.text).toBe(
      'I stopped after 2 steps without finishing this request. Ask me to continue, or narrow the request.',
    );
    expect([result.outcome, result.stopReason]).toEqual(['stopped', 'step-limit']);
    expect(server.requests).toHaveLength(2);
    expect((await ledger())[0]).toMatchObject({ outcome: 'stopped' });
  });

  it('ends the turn at once when the user presses stop mid-stream', async () => {
    const { chat, ledger } = setup();
    server.script({ kind: 'hang', chunks: ['Thinking ', 'about ', 'it '], delayMs: 20 });
    const stop = new AbortController();
    const turn = chat.stream({
      caller: fixtureCallers.customer,
      message: 'Write an essay',
      signal: stop.signal,
    });
    const events: ChatEvent[] = [];
    const reading = (async () => {
      for await (const event of turn.events) {
        events.push(event);
        if (event.type === 'text' && !stop.signal.aborted) stop.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ code: 'CANCELLED' });
    await server.disconnected;
    expect(events.map((event) => event.type)).toEqual(['start', 'text']);
    expect((await turn.result).outcome).toBe('stopped');
    expect((await ledger())[0]).toMatchObject({ outcome: 'stopped', errorCode: 'CANCELLED' });
  });

  it('rejects complete() with CANCELLED when stopped while the model answers', async () => {
    const { chat } = setup();
    server.script({ kind: 'hang', chunks: ['...'], delayMs: 20 });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    await expect(
      chat.complete({ caller: fixtureCallers.customer, message: 'Hi', signal: stop.signal }),
    ).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });

  it('falls back to the next provider after a 500 and reports which one answered', async () => {
    const { chat, ledger } = setup({ fallback: true });
    server.script(
      { kind: 'status', status: 500, message: 'upstream exploded' },
      { kind: 'reply', text: 'Hello from backup.' },
    );
    const result = await chat.complete({ caller: fixtureCallers.customer, message: 'Hi' });
    expect([result.text, result.provider, result.model]).toEqual([
      'Hello from backup.',
      'backup',
      'gpt-backup',
    ]);
    expect(server.requests.map((request) => request.model)).toEqual(['gpt-primary', 'gpt-backup']);
    expect((await ledger())[0]).toMatchObject({ provider: 'backup', model: 'gpt-backup' });
  });

  it('does not fall back after a 400, and says the provider refused the request', async () => {
    const { chat } = setup({ fallback: true });
    server.script({ kind: 'status', status: 400, message: 'bad request' }, { kind: 'reply', text: 'never' });
    await expect(chat.complete({ caller: fixtureCallers.customer, message: 'Hi' })).rejects.toMatchObject({
      code: 'PROVIDER_REJECTED',
      params: { status: 400 },
    });
    expect(server.requests).toHaveLength(1);
  });
});
