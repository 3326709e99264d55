import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { withRunningQuestion } from './conversation-view.js';

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
const answer = (id: string, metadata?: Record<string, unknown>): UIMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'text', text: 'Counting…' }],
  ...(metadata ? { metadata } : {}),
});

describe('withRunningQuestion', () => {
  it('shows the question a resumed turn names above its answer, after a stored answer or alone', () => {
    const live = answer('live', { turnId: 't2', question: 'How many orders?' });
    const asked = { id: 'live-question', role: 'user', parts: [{ type: 'text', text: 'How many orders?' }] };
    expect(withRunningQuestion([user('u1', 'Hello'), answer('a1'), live])).toEqual([
      user('u1', 'Hello'),
      answer('a1'),
      asked,
      live,
    ]);
    expect(withRunningQuestion([live])).toEqual([asked, live]);
  });

  it('leaves the messages as they are when a question already precedes the answer, or none is named', () => {
    const live = answer('live', { question: 'How many orders?' });
    const sent = [user('u1', 'How many orders?'), live];
    expect(withRunningQuestion(sent)).toBe(sent);
    const unnamed = [answer('a1'), answer('live', { turnId: 't2' })];
    expect(withRunningQuestion(unnamed)).toBe(unnamed);
    const waiting = [answer('a1', { question: 'Old' }), user('u2', 'Next')];
    expect(withRunningQuestion(waiting)).toBe(waiting);
  });
});
