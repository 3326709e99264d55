import { APICallError } from '@ai-sdk/provider';
import { simulateStreamingMiddleware, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createApprovals } from './approvals/create-approvals.js';
import { createMemoryApprovalStore } from './approvals/memory-approval-store.js';
import { createChat } from './create-chat.js';
import { createGovernance } from './governance/create-governance.js';
import { createMemoryAiAuditTrail } from './governance/memory-ai-audit-trail.js';
import { createMemoryConversationStore } from './governance/memory-conversation-store.js';
import { createMemoryTurnLedger } from './governance/memory-turn-ledger.js';
import { createOrdersFixture, fixtureCallers } from './testing/orders-fixture.js';
import { answer, callTools } from './testing/scripted-answers.js';
import { createToolCatalog } from './tool-catalog.js';

/** The chat streams; a scripted mock answers through the AI SDK's own streaming simulation. */
const streaming = (model: MockLanguageModelV4) =>
  wrapLanguageModel({ model, middleware: simulateStreamingMiddleware() });

function setup(model: MockLanguageModelV4, options: Partial<Parameters<typeof createChat>[0]> = {}) {
  const fixture = createOrdersFixture();
  const catalog = createToolCatalog({ app: fixture.app });
  const chat = createChat({ catalog, providers: { mock: { model: streaming(model) } }, ...options });
  /** The turn ledger's rows, oldest first. */
  const ledger = async () => (await chat.governance.ledger.list({}, { limit: 100 })).turns.reverse();
  return { ...fixture, chat, ledger };
}

describe('createChat and the approvals store', () => {
  const cancelling = () =>
    new MockLanguageModelV4({
      modelId: 'mock-1',
      doGenerate: [
        callTools([{ id: 'c0', name: 'orders_cancel', input: '{"orderId":"order-1"}' }]),
        answer('It waits for your approval.'),
      ],
    });

  it('refuses at startup a catalog whose approvals wait in another store than the governance given', () => {
    const fixture = createOrdersFixture({ cancelNeedsApproval: true });
    const governance = createGovernance();
    const providers = { mock: { model: streaming(cancelling()) } };
    expect(() =>
      createChat({ catalog: createToolCatalog({ app: fixture.app }), providers, governance }),
    ).toThrow(/INVALID_CONFIGURATION|another store than governance/);
    const approvals = createApprovals({ app: fixture.app, store: governance.approvals, events: governance });
    expect(() =>
      createChat({ catalog: createToolCatalog({ app: fixture.app, approvals }), providers, governance }),
    ).not.toThrow();
  });

  it('declines, when its chat is deleted, a call waiting in the catalog’s own approvals (the quick start’s wiring)', async () => {
    const fixture = createOrdersFixture({ cancelNeedsApproval: true });
    fixture.seed();
    const catalog = createToolCatalog({ app: fixture.app });
    const chat = createChat({ catalog, providers: { mock: { model: streaming(cancelling()) } } });
    const support = fixtureCallers.support;
    const turn = await chat.complete({ caller: support, message: 'Cancel order-1' });
    const [pending] = turn.pendingApprovals;
    expect(pending).toBeDefined();
    await chat.governance.deleteConversation(support, turn.conversationId);
    await expect(catalog.approvals.approve(pending?.approvalId ?? '', support)).rejects.toMatchObject({
      code: 'APPROVAL_ALREADY_SETTLED',
    });
    expect(fixture.orders.get('order-1')?.status).not.toBe('cancelled');
  });

  /**
   * Two processes on shared stores: a chat turn in one whose model, in its first step, calls `orders_cancel`
   * (which waits for approval) only once the other process has deleted the chat, so that deletion declined
   * nothing: the approval did not exist yet.
   */
  async function deletedBeforeTheApproval(maxSteps: number) {
    const fixture = createOrdersFixture({ cancelNeedsApproval: true });
    fixture.seed();
    const stores = {
      conversations: createMemoryConversationStore(),
      ledger: createMemoryTurnLedger(),
      events: createMemoryAiAuditTrail(),
      approvals: createMemoryApprovalStore(),
    };
    const here = createGovernance(stores);
    const elsewhere = createGovernance(stores);
    const support = fixtureCallers.support;
    const { id: conversationId } = await here.createConversation(support);
    let calls = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async ({ abortSignal }) => {
        calls++;
        if (calls === 1) {
          await elsewhere.deleteConversation(support, conversationId);
          return callTools([{ id: 'c0', name: 'orders_cancel', input: '{"orderId":"order-1"}' }]);
        }
        // A next step, if the SDK starts it before the stop lands, waits until it is aborted.
        return new Promise((_resolve, reject) => {
          if (abortSignal?.aborted) reject(abortSignal.reason);
          else abortSignal?.addEventListener('abort', () => reject(abortSignal.reason));
        });
      },
    });
    const approvals = createApprovals({ app: fixture.app, store: stores.approvals, events: here });
    const catalog = createToolCatalog({ app: fixture.app, approvals });
    const chat = createChat({
      catalog,
      governance: here,
      providers: { mock: { model: streaming(model) } },
      maxSteps,
    });
    const turn = chat.stream({ caller: support, conversationId, message: 'Cancel order-1' });
    // The turn stops CANCELLED or ends without storing; either way its result is what is looked at.
    await (async () => {
      for await (const _event of turn.events);
    })().catch(() => {});
    return { fixture, stores, approvals, support, result: await turn.result };
  }

  for (const [maxSteps, when] of [
    [5, 'stops before its next step'],
    [1, 'ends in its last step'],
  ] as const) {
    it(`declines the approval a turn asked for after another process deleted its chat, when the turn ${when}`, async () => {
      const { fixture, stores, approvals, support, result } = await deletedBeforeTheApproval(maxSteps);
      const trail = await stores.events.forTurn(result.turnId);
      const requested = trail.find((event) => event.action === 'approval_requested');
      const approvalId = (requested?.payload as { approvalId?: string } | undefined)?.approvalId ?? '';
      expect(approvalId).not.toBe('');
      expect(trail).toContainEqual(
        expect.objectContaining({
          action: 'approval_declined',
          toolCallId: 'c0',
          payload: expect.objectContaining({ approvalId, reason: 'conversation_deleted' }),
        }),
      );
      await expect(approvals.approve(approvalId, support)).rejects.toMatchObject({
        code: 'APPROVAL_ALREADY_SETTLED',
      });
      expect(fixture.orders.get('order-1')?.status).not.toBe('cancelled');
      expect(await stores.approvals.listPending(support, new Date().toISOString())).toEqual([]);
      // Its ledger row says the call was declined, not still waiting.
      const [row] = (await stores.ledger.list({}, { limit: 10 })).turns;
      expect(row?.toolCalls).toEqual([
        { toolCallId: 'c0', toolName: 'orders_cancel', outcome: 'approval_declined' },
      ]);
    });
  }
});

describe('createChat', () => {
  it('runs tools as the caller and sums usage over every step', async () => {
    const model = new MockLanguageModelV4({
      modelId: 'mock-1',
      doGenerate: [
        callTools([{ id: 'c1', name: 'orders_create', input: '{"sku":"tea","quantity":2,"priority":null}' }]),
        answer('Done.'),
      ],
    });
    const { chat, orders, ledger } = setup(model);
    const result = await chat.complete({ caller: fixtureCallers.customer, message: 'Order 2 teas' });
    expect(result.text).toBe('Done.');
    expect(result.outcome).toBe('completed');
    expect(result.usage).toEqual({ inputTokens: 30, outputTokens: 13, totalTokens: 43 });
    expect(result.provider).toBe('mock');
    expect(result.model).toBe('mock-1');
    expect(result.toolsCalled).toEqual(['orders_create']);
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ sku: 'tea', quantity: 2 });
    expect([...orders.values()][0]).toMatchObject({ owner: 'user-customer', tenant: 'acme' });
    expect(await ledger()).toEqual([
      expect.objectContaining({
        turnId: result.turnId,
        conversationId: result.conversationId,
        inputTokens: 30,
        outputTokens: 13,
        outcome: 'completed',
        principalId: 'user-customer',
        model: 'mock-1',
        toolCalls: [{ toolCallId: 'c1', toolName: 'orders_create', outcome: 'ok' }],
      }),
    ]);
  });

  it('sends only the caller tools to the model, in strict form', async () => {
    const model = new MockLanguageModelV4({ doGenerate: [answer('Hi')] });
    const { chat } = setup(model);
    await chat.complete({ caller: fixtureCallers.customer, message: 'hi' });
    const tools = model.doGenerateCalls[0]?.tools ?? [];
    expect(tools.map((each) => (each as { name: string }).name)).toEqual([
      'orders_list',
      'orders_get',
      'orders_create',
    ]);
    expect(tools[2]).toMatchObject({ strict: true, inputSchema: { additionalProperties: false } });
  });

  it('narrows the tools to the names asked for, and refuses an unknown or forbidden name before any model call', async () => {
    const model = new MockLanguageModelV4({ doGenerate: [answer('Hi')] });
    const { chat, ledger } = setup(model);
    const caller = fixtureCallers.customer;
    for (const [tools, code, field] of [
      [['nope_tool'], 'UNKNOWN_TOOL', 'tools[0]'],
      [['orders_list', 'orders_cancel'], 'PERMISSION_DENIED', 'tools[1]'],
    ] as const) {
      await expect(chat.complete({ caller, message: 'hi', tools })).rejects.toMatchObject({ code, field });
    }
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(await ledger()).toEqual([]);
    expect((await chat.governance.listConversations(caller, { limit: 10 })).conversations).toEqual([]);
    await chat.complete({ caller, message: 'hi', tools: ['orders_get'] });
    const offered = model.doGenerateCalls[0]?.tools ?? [];
    expect(offered.map((each) => (each as { name: string }).name)).toEqual(['orders_get']);
  });

  it('answers a denied tool, malformed arguments and an unknown tool with error results the model reads', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: [
        callTools([
          { id: 'c1', name: 'orders_cancel', input: '{"orderId":"order-1"}' },
          { id: 'c2', name: 'orders_get', input: '{"orderId": ' },
          { id: 'c3', name: 'shell_exec', input: '{}' },
        ]),
        answer('Sorry.'),
      ],
    });
    const { chat, seed } = setup(model);
    const order = seed();
    const result = await chat.complete({ caller: fixtureCallers.customer, message: 'cancel it' });
    expect(result.steps[0]?.toolResults.map((each) => each.output)).toEqual([
      {
        error: {
          code: 'PERMISSION_DENIED',
          message: 'You do not have permission to perform "orders.cancel".',
        },
      },
      {
        error: {
          code: 'MALFORMED_ARGUMENTS',
          message: 'The arguments for tool "orders_get" are not a valid JSON object.',
        },
      },
      { error: { code: 'TOOL_NOT_FOUND', message: 'There is no tool named "shell_exec" available to you.' } },
    ]);
    const toolMessage = model.doGenerateCalls[1]?.prompt.find((message) => message.role === 'tool');
    expect(JSON.stringify(toolMessage)).toContain('PERMISSION_DENIED');
    expect(JSON.stringify(toolMessage)).toContain('TOOL_NOT_FOUND');
    expect(JSON.stringify(toolMessage)).toContain('MALFORMED_ARGUMENTS');
    expect(order.status).toBe('open');
  });

  it.each([
    ['{"orderId":"order-1","__proto__":{"admin":true}}', '/__proto__'],
    ['{"orderId":"order-1","constructor":{"prototype":{}}}', '/constructor/prototype'],
  ])(
    'answers arguments %s with PROTOTYPE_POISONING at %s, as HTTP answers such a body',
    async (input, field) => {
      const model = new MockLanguageModelV4({
        doGenerate: [callTools([{ id: 'c1', name: 'orders_get', input }]), answer('Sorry.')],
      });
      const { chat, seed } = setup(model);
      seed();
      const result = await chat.complete({ caller: fixtureCallers.customer, message: 'show it' });
      expect(result.steps[0]?.toolResults.map((each) => each.output)).toEqual([
        {
          error: {
            code: 'PROTOTYPE_POISONING',
            field,
            message: `The request contains a forbidden key at "${field}".`,
          },
        },
      ]);
    },
  );

  it('ends with a clear notice when the step limit is reached', async () => {
    const loop = callTools([{ id: 'c', name: 'orders_list', input: '{"status":null}' }]);
    const model = new MockLanguageModelV4({ doGenerate: [loop, loop, loop] });
    const { chat } = setup(model, { maxSteps: 3 });
    const result = await chat.complete({ caller: fixtureCallers.customer, message: 'loop' });
    expect(result.outcome).toBe('stopped');
    expect(result.stopReason).toBe('step-limit');
    expect(result.text).toBe(
      'I stopped after 3 steps without finishing this request. Ask me to continue, or narrow the request.',
    );
    expect(model.doGenerateCalls).toHaveLength(3);
  });

  it('falls back after a 5xx but not after a 401', async () => {
    const failing = (statusCode: number) =>
      new MockLanguageModelV4({
        modelId: `failing-${statusCode}`,
        doGenerate: async () => {
          throw new APICallError({
            message: 'nope',
            url: 'http://x',
            requestBodyValues: {},
            statusCode,
            isRetryable: statusCode >= 500,
          });
        },
      });
    const backup = new MockLanguageModelV4({ modelId: 'backup-1', doGenerate: [answer('From backup')] });
    const fallback = setup(failing(503), {
      providers: { primary: { model: streaming(failing(503)) }, backup: { model: streaming(backup) } },
    });
    const result = await fallback.chat.complete({ caller: fixtureCallers.customer, message: 'hi' });
    expect([result.text, result.provider, result.model]).toEqual(['From backup', 'backup', 'backup-1']);
    expect(fallback.logged).toContainEqual({
      message: 'chat providers skipped',
      details: { turnId: result.turnId, skipped: [{ provider: 'primary', reason: 'status 503' }] },
    });

    // A fresh backup that would answer: only the 401 keeps it from being asked.
    const unasked = new MockLanguageModelV4({ modelId: 'backup-2', doGenerate: [answer('From backup')] });
    const denied = setup(failing(401), {
      providers: { primary: { model: streaming(failing(401)) }, backup: { model: streaming(unasked) } },
    });
    await expect(
      denied.chat.complete({ caller: fixtureCallers.customer, message: 'hi' }),
    ).rejects.toMatchObject({ code: 'PROVIDER_REJECTED' });
    expect(unasked.doGenerateCalls).toHaveLength(0);
    expect((await denied.ledger())[0]).toMatchObject({ outcome: 'failed', errorCode: 'PROVIDER_REJECTED' });
  });

  it('prices each step by the model that answered it when the fallback chain starts over at a later step', async () => {
    // The chain asks its first provider again at every step: here it answers the first and fails the second.
    let calls = 0;
    const large = new MockLanguageModelV4({
      modelId: 'gpt-4o',
      doGenerate: async () => {
        calls += 1;
        if (calls === 1) {
          return callTools(
            [{ id: 'c1', name: 'orders_list', input: '{"status":null}' }],
            [1_000_000, 1_000_000],
          );
        }
        throw new APICallError({ message: 'busy', url: 'http://x', requestBodyValues: {}, statusCode: 503 });
      },
    });
    const small = new MockLanguageModelV4({
      modelId: 'gpt-4o-mini',
      doGenerate: [answer('None.', [10, 10])],
    });
    const fixture = createOrdersFixture();
    const governance = createGovernance({
      prices: {
        'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10, currency: 'USD' },
        'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, currency: 'USD' },
      },
    });
    const approvals = createApprovals({ app: fixture.app, store: governance.approvals, events: governance });
    const chat = createChat({
      catalog: createToolCatalog({ app: fixture.app, approvals }),
      providers: { large: { model: streaming(large) }, small: { model: streaming(small) } },
      governance,
    });
    const result = await chat.complete({ caller: fixtureCallers.customer, message: 'My orders?' });
    // 2.5 + 10 for the first step, (10 × 0.15 + 10 × 0.6) / 1e6 for the second.
    const cost = { amount: 12.5000075, currency: 'USD' };
    expect([result.text, result.provider, result.model, result.cost]).toEqual([
      'None.',
      'small',
      'gpt-4o-mini',
      cost,
    ]);
    expect(await governance.ledger.get(result.turnId)).toMatchObject({
      provider: 'small',
      model: 'gpt-4o-mini',
      inputTokens: 1_000_010,
      outputTokens: 1_000_010,
      cost,
    });
  });

  it('ends a turn past its deadline with DEADLINE_EXCEEDED, not CANCELLED', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: ({ abortSignal }) =>
        new Promise((_resolve, reject) =>
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason)),
        ),
    });
    const { chat, ledger } = setup(model);
    await expect(
      chat.complete({
        caller: fixtureCallers.customer,
        message: 'hi',
        signal: AbortSignal.timeout(20),
      }),
    ).rejects.toMatchObject({ code: 'DEADLINE_EXCEEDED' });
    expect((await ledger())[0]).toMatchObject({ outcome: 'failed', errorCode: 'DEADLINE_EXCEEDED' });
  });

  it('fails with INTERNAL, never PROVIDER_FAILED, when the app context hook throws', async () => {
    const model = new MockLanguageModelV4({ doGenerate: [answer('never')] });
    const { chat, ledger, logged } = setup(model, {
      context: async () => {
        throw new Error('knowledge store down');
      },
    });
    const failure = chat.complete({ caller: fixtureCallers.customer, message: 'hi' });
    await expect(failure).rejects.toMatchObject({ code: 'INTERNAL', message: 'An internal error occurred.' });
    const streamed = chat.stream({ caller: fixtureCallers.customer, message: 'hi' });
    const events: unknown[] = [];
    const reading = (async () => {
      for await (const event of streamed.events) events.push(event);
    })();
    await expect(reading).rejects.toMatchObject({ code: 'INTERNAL', message: 'An internal error occurred.' });
    expect(events.map((event) => (event as { type: string }).type)).toEqual(['start']);
    expect(await streamed.result).toMatchObject({ outcome: 'failed' });
    expect(model.doGenerateCalls).toHaveLength(0);
    expect((await ledger()).map((row) => row.errorCode)).toEqual(['INTERNAL', 'INTERNAL']);
    expect(logged.filter((entry) => entry.message === 'chat turn failed')).toHaveLength(2);
  });

  it('applies guardrails in order and rejects with GUARDRAIL_REJECTED', async () => {
    const model = new MockLanguageModelV4({ doGenerate: [answer('The secret is 42')] });
    const seen: string[] = [];
    const { chat } = setup(model, {
      guardrails: [
        { name: 'first', stage: 'input', check: () => void seen.push('first') },
        {
          name: 'no-shouting',
          stage: 'input',
          check: ({ text }) =>
            text === text.toUpperCase() ? { allow: false, reason: 'no shouting' } : undefined,
        },
        {
          name: 'no-secrets',
          stage: 'output',
          check: ({ text }) => (text.includes('secret') ? { allow: false, reason: 'leak' } : { allow: true }),
        },
      ],
    });
    await expect(chat.complete({ caller: fixtureCallers.customer, message: 'HELLO' })).rejects.toMatchObject({
      code: 'GUARDRAIL_REJECTED',
      data: { guardrail: 'no-shouting', stage: 'input' },
    });
    expect(model.doGenerateCalls).toHaveLength(0);
    await expect(chat.complete({ caller: fixtureCallers.customer, message: 'hello' })).rejects.toMatchObject({
      code: 'GUARDRAIL_REJECTED',
      data: { guardrail: 'no-secrets', stage: 'output' },
    });
    expect(seen).toEqual(['first', 'first']);
  });

  it('renders the prompt template as instructions, and fails startup on a bad one', async () => {
    const model = new MockLanguageModelV4({ doGenerate: [answer('ok')] });
    const { chat } = setup(model, {
      prompts: { support: 'You help {principalId} of {tenant} ({locale}).' },
      defaultPrompt: 'support',
    });
    await chat.complete({ caller: fixtureCallers.customer, message: 'hi' });
    expect(model.doGenerateCalls[0]?.prompt[0]).toEqual({
      role: 'system',
      content: 'You help user-customer of acme (en).',
    });
    expect(() => setup(model, { prompts: { bad: 'Hi {name}' } })).toThrow(
      /prompt "bad" uses unknown placeholder \{name\}/,
    );
    expect(() => setup(model, { defaultPrompt: 'missing' })).toThrow(
      /defaultPrompt "missing" is not a registered prompt/,
    );
    await expect(
      chat.complete({ caller: fixtureCallers.customer, message: 'hi', prompt: 'nope' }),
    ).rejects.toMatchObject({ code: 'PROMPT_NOT_FOUND' });
  });

  it('appends per-turn context from the user message after the prompt, before the model is called', async () => {
    const model = new MockLanguageModelV4({ doGenerate: [answer('ok'), answer('See [1].')] });
    const questions: string[] = [];
    const { chat } = setup(model, {
      prompts: { support: 'You help {tenant}.' },
      defaultPrompt: 'support',
      context: async ({ question, caller }) => {
        questions.push(question);
        return `[1] Source: Returns policy (${caller.tenant})`;
      },
    });
    const first = await chat.complete({ caller: fixtureCallers.customer, message: 'first' });
    await chat.complete({
      caller: fixtureCallers.customer,
      conversationId: first.conversationId,
      message: 'How do returns work?',
    });
    expect(questions).toEqual(['first', 'How do returns work?']);
    expect(model.doGenerateCalls[1]?.prompt[0]).toEqual({
      role: 'system',
      content: 'You help acme.\n\n[1] Source: Returns policy (acme)',
    });
    // The second turn's model sees the history from the conversation store.
    expect(model.doGenerateCalls[1]?.prompt.slice(1).map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
    ]);
  });

  it('stores the sources the context gave with the turn, leaving out any a store would refuse', async () => {
    const model = new MockLanguageModelV4({ doGenerate: [answer('See [1].')] });
    const returns = { sourceId: 'returns', title: 'Returns', url: '/faq#returns' };
    const { chat } = setup(model, {
      context: async () => ({
        text: '[1] Returns policy',
        sources: [returns, { sourceId: '', title: 'No id' }, { sourceId: 'gift', title: 'Gift wrapping' }],
      }),
    });
    const caller = fixtureCallers.customer;
    const result = await chat.complete({ caller, message: 'How do returns work?' });
    const stored = await chat.governance.readMessages(caller, result.conversationId, { limit: 10 });
    expect(stored.map((message) => [message.message.role, message.ending])).toEqual([
      [
        'assistant',
        { outcome: 'completed', sources: [returns, { sourceId: 'gift', title: 'Gift wrapping' }] },
      ],
      ['user', { outcome: 'completed', sources: [returns, { sourceId: 'gift', title: 'Gift wrapping' }] }],
    ]);
  });

  /**
   * A turn whose model answers only when told to (and rejects when its request is aborted), started and
   * waiting on that model; its chat logs each line with its level.
   */
  async function heldTurn() {
    const aborted: unknown[] = [];
    let answerNow = () => {};
    const model = new MockLanguageModelV4({
      doGenerate: ({ abortSignal }) =>
        new Promise((resolve, reject) => {
          answerNow = () => resolve(answer('Once upon a time.'));
          abortSignal?.addEventListener('abort', () => {
            aborted.push(abortSignal.reason);
            reject(abortSignal.reason);
          });
        }),
    });
    const lines: Array<{ level: string; message: string }> = [];
    const keep = (level: string) => (message: string) => void lines.push({ level, message });
    const logger = { error: keep('error'), warn: keep('warn'), info: keep('info') };
    const { chat, ledger } = setup(model, { logger });
    const customer = fixtureCallers.customer;
    const turn = chat.stream({ caller: customer, message: 'Tell me a story' });
    const events: Array<{ type: string; conversationId?: string }> = [];
    const reading = (async () => {
      for await (const event of turn.events) events.push(event as (typeof events)[number]);
    })();
    await expect.poll(() => model.doGenerateCalls.length).toBe(1);
    const conversationId = events[0]?.conversationId as string;
    return {
      chat,
      ledger,
      customer,
      turn,
      reading,
      conversationId,
      aborted,
      lines,
      answer: () => answerNow(),
    };
  }

  it('stops a running turn whose conversation its owner deletes, stores nothing and logs no error', async () => {
    const { chat, ledger, customer, turn, reading, conversationId, aborted, lines } = await heldTurn();
    // Another conversation of the same caller going away leaves the turn alone.
    const other = await chat.governance.createConversation(customer);
    await chat.governance.deleteConversation(customer, other.id);
    // Someone else deleting it is told NOT_FOUND and stops nothing.
    await expect(
      chat.governance.deleteConversation(fixtureCallers.support, conversationId),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(aborted).toEqual([]);

    await chat.governance.deleteConversation(customer, conversationId);
    await expect(reading).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(aborted).toEqual([expect.objectContaining({ code: 'CANCELLED' })]);
    expect(await turn.result).toMatchObject({ conversationId, outcome: 'stopped', stopReason: 'cancelled' });
    expect((await ledger()).map((row) => [row.conversationId, row.outcome, row.errorCode])).toEqual([
      [conversationId, 'stopped', 'CANCELLED'],
    ]);
    // Its trail says why it stopped.
    expect((await chat.governance.events.forTurn((await turn.result).turnId)).at(-1)).toMatchObject({
      action: 'stop',
      code: 'CANCELLED',
      payload: { reason: 'conversation_deleted' },
    });
    // Not brought back by the turn's ending, and nothing logged above info.
    await expect(chat.governance.getConversation(customer, conversationId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(lines.filter((line) => line.level !== 'info')).toEqual([]);
  });

  it('ends a turn whose conversation was deleted where it could not be told (another process) with a warning, not an error', async () => {
    const held = await heldTurn();
    const { chat, ledger, customer, turn, conversationId } = held;
    // Straight through the store, as another process's delete reaches this one: the turn is not told.
    const owner = { principalId: customer.principalId, tenant: customer.tenant };
    expect(await chat.governance.conversations.delete(conversationId, owner)).toBe(true);
    held.answer();
    await held.reading;
    expect(await turn.result).toMatchObject({ outcome: 'completed', text: 'Once upon a time.' });
    expect((await ledger()).map((row) => row.outcome)).toEqual(['completed']);
    expect(held.lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'conversation deleted while its turn ran: the turn was not stored'],
    ]);
    await expect(chat.governance.getConversation(customer, conversationId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('stops before its next step a turn whose conversation was deleted elsewhere (another process)', async () => {
    const aborted: unknown[] = [];
    const customer = fixtureCallers.customer;
    const owner = { principalId: customer.principalId, tenant: customer.tenant };
    let chat: ReturnType<typeof setup>['chat'] | undefined;
    let conversationId = '';
    let calls = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async ({ abortSignal }) => {
        calls++;
        if (calls === 1) {
          // While the first step runs, another process deletes the chat: this turn is not told.
          await chat?.governance.conversations.delete(conversationId, owner);
          return callTools([{ id: 'c1', name: 'orders_list', input: '{}' }]);
        }
        // The next step, if the SDK starts it before the stop lands: it waits until it is aborted.
        return new Promise((_resolve, reject) => {
          const stop = () => {
            aborted.push(abortSignal?.reason);
            reject(abortSignal?.reason);
          };
          if (abortSignal?.aborted) stop();
          else abortSignal?.addEventListener('abort', stop);
        });
      },
    });
    const built = setup(model);
    chat = built.chat;
    const opened = await chat.governance.createConversation(customer);
    conversationId = opened.id;
    const turn = chat.stream({ caller: customer, conversationId, message: 'List my orders, then more' });
    const reading = (async () => {
      for await (const _event of turn.events);
    })();
    await expect(reading).rejects.toMatchObject({ code: 'CANCELLED' });
    // The next step never answered: not asked for, or asked and cancelled.
    expect(aborted).toEqual(calls === 1 ? [] : [expect.objectContaining({ code: 'CANCELLED' })]);
    expect(await turn.result).toMatchObject({ outcome: 'stopped', toolsCalled: ['orders_list'] });
    expect((await built.ledger()).map((row) => [row.outcome, row.errorCode])).toEqual([
      ['stopped', 'CANCELLED'],
    ]);
    expect((await chat.governance.events.forTurn((await turn.result).turnId)).at(-1)).toMatchObject({
      action: 'stop',
      payload: { reason: 'conversation_deleted' },
    });
  });

  describe('a write that ran before the turn failed', () => {
    /** A model that places an order, then fails its next step as a provider whose stream is cut, then answers. */
    const placingThenFailing = () => {
      const replies = [
        () =>
          callTools([
            { id: 'c1', name: 'orders_create', input: '{"sku":"tea","quantity":1,"priority":null}' },
          ]),
        () => {
          throw new APICallError({
            message: 'stream cut',
            url: 'http://x',
            requestBodyValues: {},
            statusCode: 500,
            isRetryable: false,
          });
        },
        () => answer('Your tea is ordered.'),
      ];
      let call = 0;
      return new MockLanguageModelV4({
        modelId: 'mock-1',
        doGenerate: async () => (replies[call++] ?? replies[2])!(),
      });
    };
    /** The stored conversation, oldest first: role, then its text or its tool calls and results by id. */
    const conversationOf = async (chat: ReturnType<typeof setup>['chat'], conversationId: string) =>
      (await chat.governance.readMessages(fixtureCallers.customer, conversationId, { limit: 50 }))
        .reverse()
        .map(({ message, ending }) => [
          message.role,
          typeof message.content === 'string'
            ? message.content
            : message.content.map((part) =>
                part.type === 'text'
                  ? part.text
                  : `${part.type} ${'toolCallId' in part ? part.toolCallId : ''}`,
              ),
          ending?.outcome,
        ]);

    it('keeps the call and its result, ending failed; a regeneration answers after it without running it again', async () => {
      const model = placingThenFailing();
      const { chat, orders, ledger } = setup(model);
      const caller = fixtureCallers.customer;
      await expect(chat.complete({ caller, message: 'Order one tea' })).rejects.toMatchObject({
        code: 'PROVIDER_FAILED',
      });
      const [failed] = await ledger();
      expect(failed).toMatchObject({ outcome: 'failed', errorCode: 'PROVIDER_FAILED' });
      const conversationId = failed?.conversationId ?? '';
      expect(await conversationOf(chat, conversationId)).toEqual([
        ['user', 'Order one tea', 'failed'],
        ['assistant', ['tool-call c1'], 'failed'],
        ['tool', ['tool-result c1'], 'failed'],
      ]);
      expect(orders.size).toBe(1);

      // Retry (the chat page's `regenerate()`): the model answers on from the kept call and its result.
      const retried = await chat.complete({
        caller,
        conversationId,
        regenerate: true,
        message: 'Order one tea',
      });
      expect([retried.outcome, retried.text, retried.toolsCalled]).toEqual([
        'completed',
        'Your tea is ordered.',
        [],
      ]);
      expect(orders.size).toBe(1);
      expect(model.doGenerateCalls.at(-1)?.prompt.map((message) => message.role)).toEqual([
        'user',
        'assistant',
        'tool',
      ]);
      expect(await conversationOf(chat, conversationId)).toEqual([
        ['user', 'Order one tea', 'failed'],
        ['assistant', ['tool-call c1'], 'failed'],
        ['tool', ['tool-result c1'], 'failed'],
        ['assistant', ['Your tea is ordered.'], 'completed'],
      ]);
    });

    it('refuses to regenerate an earlier answer than one that wrote, or to edit its question, changing nothing', async () => {
      const model = new MockLanguageModelV4({
        modelId: 'mock-1',
        doGenerate: [
          answer('Hello.'),
          callTools([
            { id: 'c1', name: 'orders_create', input: '{"sku":"tea","quantity":1,"priority":null}' },
          ]),
          answer('Ordered.'),
        ],
      });
      const { chat, orders } = setup(model);
      const caller = fixtureCallers.customer;
      const first = await chat.complete({ caller, message: 'Hi' });
      const { conversationId } = first;
      await chat.complete({ caller, conversationId, message: 'Order one tea' });
      const before = await conversationOf(chat, conversationId);
      const asked = model.doGenerateCalls.length;
      await expect(
        chat.complete({ caller, conversationId, regenerate: true, message: 'Hi' }),
      ).rejects.toMatchObject({
        code: 'ANSWER_NOT_REPLACEABLE',
      });
      for (const question of [undefined, first.turnId]) {
        await expect(
          chat.complete({
            caller,
            conversationId,
            regenerate: true,
            edit: true,
            message: 'Order two teas',
            ...(question === undefined ? {} : { regenerateAfter: question }),
          }),
        ).rejects.toMatchObject({ code: 'QUESTION_NOT_EDITABLE' });
      }
      expect(model.doGenerateCalls).toHaveLength(asked);
      expect(await conversationOf(chat, conversationId)).toEqual(before);
      expect(orders.size).toBe(1);
    });

    it('still regenerates an earlier answer, and edits its question, when the later calls only read', async () => {
      const model = new MockLanguageModelV4({
        modelId: 'mock-1',
        doGenerate: [
          answer('Hello.'),
          callTools([{ id: 'c1', name: 'orders_list', input: '{"status":null}' }]),
          answer('None.'),
          answer('Hi again.'),
        ],
      });
      const { chat } = setup(model);
      const caller = fixtureCallers.customer;
      const { conversationId } = await chat.complete({ caller, message: 'Hi' });
      await chat.complete({ caller, conversationId, message: 'My orders?' });
      const again = await chat.complete({ caller, conversationId, regenerate: true, message: 'Hi' });
      expect(again.text).toBe('Hi again.');
      expect(await conversationOf(chat, conversationId)).toEqual([
        ['user', 'Hi', 'completed'],
        ['assistant', ['Hi again.'], 'completed'],
      ]);
    });
  });

  it('fails with CHAT_NOT_CONFIGURED without providers, and a stream throws it before any event', async () => {
    const { chat } = setup(new MockLanguageModelV4(), { providers: {} });
    await expect(chat.complete({ caller: fixtureCallers.customer, message: 'hi' })).rejects.toMatchObject({
      code: 'CHAT_NOT_CONFIGURED',
      message: expect.stringContaining('OPENAI_API_KEY'),
    });
    let thrown: unknown;
    try {
      chat.stream({ caller: fixtureCallers.customer, message: 'hi' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'CHAT_NOT_CONFIGURED' });
  });
});
