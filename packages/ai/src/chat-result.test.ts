import { coreErrors } from '@opwire/core';
import type { StepResult, ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { toChatSteps } from './chat-result.js';

/** A finished step whose one call failed with `error` (the shape the AI SDK reports). */
const failedStep = (error: unknown) =>
  ({
    toolCalls: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'orders_get', input: {} }],
    content: [
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'orders_get', input: {} },
      { type: 'tool-error', toolCallId: 'call_1', toolName: 'orders_get', input: {}, error },
    ],
  }) as unknown as StepResult<ToolSet>;

describe('toChatSteps', () => {
  it('reports a failed call with the code and the localized message of what it threw', () => {
    const thrown = coreErrors.NOT_FOUND({ params: { resource: 'order' } });
    expect(toChatSteps([failedStep(thrown)], new Map(), 'zh-CN')[0]?.toolResults).toEqual([
      {
        toolCallId: 'call_1',
        toolName: 'orders_get',
        output: { error: { code: 'NOT_FOUND', message: '未找到所请求的order。' } },
      },
    ]);
  });

  it('hides the details of an unknown throw behind INTERNAL in the locale', () => {
    const [step] = toChatSteps([failedStep(new Error('SELECT secret'))], new Map(), 'zh-CN');
    expect(step?.toolResults[0]?.output).toEqual({ error: { code: 'INTERNAL', message: '发生内部错误。' } });
  });

  it('prefers the result decided for an invalid call', () => {
    const decided = { error: { code: 'TOOL_NOT_FOUND', message: 'decided' } };
    const [step] = toChatSteps([failedStep(new Error('x'))], new Map([['call_1', decided]]), 'en');
    expect(step?.toolResults[0]?.output).toBe(decided);
  });
});
