import { createChat, createToolCatalog, isToolErrorResult } from '@opwire/ai';
import { answer, callTools, createOrdersFixture, fixtureCallers } from '@opwire/ai/testing';
import { type Caller, isOpwireError } from '@opwire/core';
import { createFetchHandler, staticTokens } from '@opwire/http';
import { simulateStreamingMiddleware, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from './openai-wire-server.js';

type Role = keyof typeof fixtureCallers;
const roles = Object.keys(fixtureCallers) as Role[];
const tokens = Object.fromEntries(roles.map((role) => [`token-${role}`, fixtureCallers[role]]));

/** The decision `app.invoke` takes for an input: `ok` or the error code. */
async function invokeDecision(
  app: ReturnType<typeof createOrdersFixture>['app'],
  id: string,
  input: unknown,
  caller: Caller,
) {
  try {
    await app.invoke(id, input, { caller, origin: { surface: 'http' } });
    return 'ok';
  } catch (error) {
    return isOpwireError(error) ? error.code : 'THROWN';
  }
}

/** The decision the HTTP surface takes: `ok` for 2xx, else the problem code. */
async function httpDecision(
  handler: (request: Request) => Promise<Response>,
  id: string,
  input: unknown,
  role: Role,
) {
  const response = await handler(
    new Request(`http://shop.test/orders/${id.split('.')[1]}`, {
      method: 'POST',
      headers: { authorization: `Bearer token-${role}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    }),
  );
  if (response.ok) return 'ok';
  return ((await response.json()) as { code: string }).code;
}

/** The decision a model sees through the tool path: `ok` or the code in the error result. */
function toolDecision(output: unknown): string {
  return isToolErrorResult(output) ? output.error.code : 'ok';
}

describe('bad arguments through the tool path', () => {
  let server: OpenAIWireServer;
  beforeAll(async () => {
    server = await startOpenAIWireServer();
  });
  afterAll(() => server.close());

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['missing', { sku: 'tea' }, 'MISSING_FIELD'],
    ['wrong type', { sku: 'tea', quantity: '2' }, 'WRONG_TYPE'],
    ['null', { sku: null, quantity: 1 }, 'NULL_NOT_ALLOWED'],
    ['invalid enum', { sku: 'tea', quantity: 1, priority: 'urgent' }, 'INVALID_ENUM'],
    ['unknown field', { sku: 'tea', quantity: 1, tenant: 'globex' }, 'UNKNOWN_FIELD'],
    ['business rule', { sku: 'tea', quantity: 11 }, 'RULE_VIOLATION'],
  ];

  it.each(cases)(
    '%s gets its own code, the same as invoke and HTTP, and changes nothing',
    async (_name, input, code) => {
      const { app, orders } = createOrdersFixture();
      const chat = createChat({
        catalog: createToolCatalog({ app }),
        providers: { local: server.provider() },
      });
      const handler = createFetchHandler(app, { authenticate: staticTokens(tokens), docs: false });
      server.script(
        {
          kind: 'reply',
          toolCalls: [{ id: 'call_1', name: 'orders_create', arguments: JSON.stringify(input) }],
        },
        { kind: 'reply', text: 'ok' },
      );
      const result = await chat.complete({
        caller: fixtureCallers.customer,
        message: 'order',
      });
      const output = result.steps[0]?.toolResults[0]?.output;
      expect(toolDecision(output)).toBe(code);
      expect(await invokeDecision(app, 'orders.create', input, fixtureCallers.customer)).toBe(code);
      expect(await httpDecision(handler, 'orders.create', input, 'customer')).toBe(code);
      expect(orders.size).toBe(0);
    },
  );
});

describe('identity parity', () => {
  const inputs = {
    'orders.list': [{}, { status: 'open' }, { status: 'nope' }],
    'orders.get': [{ orderId: 'order-1' }, { orderId: 'missing' }, {}],
    'orders.create': [{ sku: 'tea', quantity: 1 }, { sku: 'tea', quantity: 99 }, { sku: 'tea' }],
    'orders.cancel': [{ orderId: 'order-1' }, { orderId: 'missing' }, { orderId: 1 }],
  } as const;
  const combinations = roles.flatMap((role) =>
    Object.entries(inputs).flatMap(([id, variants]) =>
      variants.map((input) => [role, id, input] as [Role, string, unknown]),
    ),
  );

  it('covers every role, operation and input', () => {
    expect(combinations).toHaveLength(roles.length * 4 * 3);
  });

  it.each(combinations)(
    '%s calling %s with %j is decided the same through a bound tool, invoke and HTTP',
    async (role, id, input) => {
      const decide = async (run: (fixture: ReturnType<typeof createOrdersFixture>) => Promise<string>) => {
        const fixture = createOrdersFixture();
        fixture.seed();
        return run(fixture);
      };
      const viaTool = await decide(async ({ app }) => {
        const model = new MockLanguageModelV4({
          doGenerate: [
            callTools([{ id: 'call_1', name: id.replace('.', '_'), input: JSON.stringify(input) }]),
            answer('ok'),
          ],
        });
        // The chat streams: the scripted mock answers through the AI SDK's own streaming simulation.
        const streaming = wrapLanguageModel({ model, middleware: simulateStreamingMiddleware() });
        const chat = createChat({
          catalog: createToolCatalog({ app }),
          providers: { mock: { model: streaming } },
        });
        const result = await chat.complete({
          caller: fixtureCallers[role],
          message: 'go',
        });
        return toolDecision(result.steps[0]?.toolResults[0]?.output);
      });
      const viaInvoke = await decide(({ app }) => invokeDecision(app, id, input, fixtureCallers[role]));
      const viaHttp = await decide(({ app }) =>
        httpDecision(
          createFetchHandler(app, { authenticate: staticTokens(tokens), docs: false }),
          id,
          input,
          role,
        ),
      );
      expect({ viaTool, viaHttp }).toEqual({ viaTool: viaInvoke, viaHttp: viaInvoke });
    },
  );
});
