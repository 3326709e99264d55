import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { repairHistory, toModelMessages, toStoredMessages } from './stored-message.js';

describe('stored messages', () => {
  it('keep text, tool calls and tool results of every kind, and give them back as model messages', () => {
    const messages: ModelMessage[] = [
      { role: 'system', content: 'Instructions are per turn, never stored.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Cancel 42' },
          { type: 'image', image: new Uint8Array([1]) },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'thinking' },
          { type: 'text', text: 'On it.', providerOptions: { openai: { itemId: 'x' } } },
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'orders_cancel',
            input: { orderId: '42', at: new Date(0) },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'orders_cancel',
            output: { type: 'json', value: { ok: true } },
          },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'a',
            output: { type: 'error-text', value: 'boom' },
          },
          {
            type: 'tool-result',
            toolCallId: 'c3',
            toolName: 'b',
            output: { type: 'execution-denied', reason: 'no' },
          },
          {
            type: 'tool-result',
            toolCallId: 'c4',
            toolName: 'c',
            output: {
              type: 'content',
              value: [
                { type: 'text', text: 'page 1' },
                {
                  type: 'file',
                  data: { type: 'url', url: new URL('https://example.com/x.png') },
                  mediaType: 'image/png',
                },
              ],
            },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'reasoning', text: 'only thoughts' }] },
      { role: 'assistant', content: 'Done.' },
    ];
    const stored = toStoredMessages(messages);
    expect(stored).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Cancel 42' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'On it.' },
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'orders_cancel',
            input: { orderId: '42', at: '1970-01-01T00:00:00.000Z' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'orders_cancel',
            output: { type: 'json', value: { ok: true } },
          },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'a',
            output: { type: 'error-text', value: 'boom' },
          },
          {
            type: 'tool-result',
            toolCallId: 'c3',
            toolName: 'b',
            output: { type: 'execution-denied', reason: 'no' },
          },
          { type: 'tool-result', toolCallId: 'c4', toolName: 'c', output: { type: 'text', value: 'page 1' } },
        ],
      },
      { role: 'assistant', content: 'Done.' },
    ]);
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored);
    expect(toModelMessages(stored)).toEqual(stored);
  });

  it('repairs a window: it starts at a user message, and calls and results come in pairs', () => {
    const call = (id: string) => ({ type: 'tool-call' as const, toolCallId: id, toolName: 't', input: {} });
    const result = (id: string) => ({
      type: 'tool-result' as const,
      toolCallId: id,
      toolName: 't',
      output: { type: 'json' as const, value: 1 },
    });
    expect(
      repairHistory([
        { role: 'tool', content: [result('old')] },
        { role: 'assistant', content: 'late answer' },
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'text', text: 'x' }, call('a'), call('lost')] },
        { role: 'tool', content: [result('a'), result('stray')] },
        { role: 'assistant', content: [call('unanswered')] },
      ]),
    ).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: [{ type: 'text', text: 'x' }, call('a')] },
      { role: 'tool', content: [result('a')] },
    ]);
    expect(repairHistory([{ role: 'assistant', content: 'no question' }])).toEqual([]);
  });
});
