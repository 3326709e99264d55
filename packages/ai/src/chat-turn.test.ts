import { consoleLogger } from '@opwire/core';
import type { StepResult, ToolSet } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { ChatConfig } from './chat-config.js';
import { Turn } from './chat-turn.js';
import { createGovernance } from './governance/create-governance.js';
import { createPromptRegistry } from './prompts.js';
import { resolveProviders } from './providers.js';
import { createOrdersFixture, fixtureCallers } from './testing/orders-fixture.js';
import { createToolCatalog } from './tool-catalog.js';
import { defaultToolLimits } from './tool-gate.js';

// What a stopped turn stores depends on how far the stream was read when the user stopped it. The AI SDK
// records a step (`onStepEnd`) before its consumer reads the step's end from the stream, so the turn can
// hold a recorded step whose text it also read as unfinished: driven here step by step, since the end-to-end
// tests cannot place a stop inside that window.

function turnOf() {
  const fixture = createOrdersFixture();
  const governance = createGovernance();
  const config: ChatConfig = {
    catalog: createToolCatalog({ app: fixture.app }),
    chain: resolveProviders({ mock: { model: new MockLanguageModelV4({ modelId: 'mock-1' }) } }),
    governance,
    guardrails: [],
    prompts: createPromptRegistry({}),
    defaultPrompt: undefined,
    maxSteps: 5,
    maxRetries: 0,
    modelTimeoutMs: 30_000,
    limits: defaultToolLimits,
    context: undefined,
    logger: consoleLogger,
  };
  const controller = new AbortController();
  const turn = new Turn(config, {
    caller: fixtureCallers.customer,
    message: 'Say it',
    signal: controller.signal,
  });
  /** Stops the turn as the user does: the signal aborts and the stream throws. */
  const stop = async () => {
    controller.abort();
    return (await turn.fail(new DOMException('This operation was aborted', 'AbortError'))).result;
  };
  /** The conversation's stored messages, oldest first, as role and text. */
  const stored = async () =>
    (await governance.readMessages(fixtureCallers.customer, turn.conversationId, { limit: 10 }))
      .reverse()
      .map(({ message }) => [message.role, textOf(message.content)]);
  return { turn, stop, stored };
}

/** A step the model finished with this text, as the AI SDK hands it to `onStepEnd`. */
function stepSaying(text: string): StepResult<ToolSet> {
  return {
    content: [{ type: 'text', text }],
    toolCalls: [],
    finishReason: 'tool-calls',
    usage: { inputTokens: 10, outputTokens: 3 },
    response: { modelId: 'mock-1', messages: [{ role: 'assistant', content: [{ type: 'text', text }] }] },
  } as unknown as StepResult<ToolSet>;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return (content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('');
}

describe('a stopped turn', () => {
  it('stores a step recorded but not yet read to its end once, not again as unfinished text', async () => {
    const { turn, stop, stored } = turnOf();
    await turn.open(() => undefined);
    await turn.prepare(() => undefined);
    turn.streamedText('All of it.');
    // The SDK records the step; the stream's step-end part is not read yet when the user stops.
    turn.settings().onStepEnd?.(stepSaying('All of it.'));
    const result = await stop();

    expect(result.outcome).toBe('stopped');
    expect(await stored()).toEqual([
      ['user', 'Say it'],
      ['assistant', 'All of it.'],
    ]);
  });

  it('stores the text of the step after the last one read to its end', async () => {
    const { turn, stop, stored } = turnOf();
    await turn.open(() => undefined);
    await turn.prepare(() => undefined);
    turn.streamedText('Checking. ');
    turn.settings().onStepEnd?.(stepSaying('Checking. '));
    turn.streamedStepEnd(true);
    turn.streamedText('Your order is');
    const result = await stop();

    expect(result.outcome).toBe('stopped');
    expect(await stored()).toEqual([
      ['user', 'Say it'],
      ['assistant', 'Checking. '],
      ['assistant', 'Your order is'],
    ]);
  });
});
