import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { prepareChatRequest } from './prepare-chat-request.js';

// What the drawer posts to `/api/chat`: the messages the route reads, not the whole history `useChat` holds.
// The route's reading of each is driven end to end in test/src/shop/chat-long-history.test.ts.

const user = (id: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text: id }] });
const answer = (id: string): UIMessage => ({
  id,
  role: 'assistant',
  metadata: { turnId: `turn-${id}` },
  parts: [{ type: 'text', text: 'x'.repeat(40_000) }],
});
const history = [user('q1'), answer('a1'), user('q2'), answer('a2'), user('q3')];

/** The ids of the messages posted, and the rest of the body. */
async function posted(
  messages: UIMessage[],
  trigger: 'submit-message' | 'regenerate-message',
  messageId?: string,
) {
  const { body } = await prepareChatRequest({
    id: 'chat-1',
    messages,
    requestMetadata: undefined,
    body: { locale: 'en' },
    credentials: undefined,
    headers: undefined,
    api: '/api/chat',
    trigger,
    messageId,
  });
  const { messages: sent, ...rest } = body as { messages: UIMessage[] };
  return { ids: sent.map((message) => message.id), rest };
}

describe('prepareChatRequest', () => {
  it('posts a new question alone, with the chat id, the trigger and the body’s own fields', async () => {
    expect(await posted(history, 'submit-message')).toEqual({
      ids: ['q3'],
      rest: { locale: 'en', id: 'chat-1', trigger: 'submit-message', messageId: undefined },
    });
  });

  it('posts answered approvals alone: the assistant message that carries them', async () => {
    const approving = [...history, answer('a3')];
    expect((await posted(approving, 'submit-message')).ids).toEqual(['a3']);
    expect((await posted(approving, 'submit-message', 'a3')).ids).toEqual(['a3']);
  });

  it('keeps an earlier assistant message the messageId names (useChat continuing an answered approval)', async () => {
    expect((await posted(history, 'submit-message', 'a1')).ids).toEqual(['a1', 'q2', 'a2', 'q3']);
  });

  it('posts a regenerated question with the answer before it, whose turn the route reads', async () => {
    // regenerate() and regenerate({ messageId: 'a2' }): useChat has cut the messages at the question.
    const cut = history.slice(0, 3);
    expect((await posted(cut, 'regenerate-message')).ids).toEqual(['a1', 'q2']);
    expect((await posted(cut, 'regenerate-message', 'a2')).ids).toEqual(['a1', 'q2']);
    // The first question: no answer before it, which the route reads as the chat's first question.
    expect((await posted([user('q1')], 'regenerate-message')).ids).toEqual(['q1']);
  });

  it('posts an edited question with the answer before it', async () => {
    expect((await posted(history, 'submit-message', 'q3')).ids).toEqual(['a2', 'q3']);
    expect((await posted([user('q1')], 'submit-message', 'q1')).ids).toEqual(['q1']);
  });

  it('reaches back past a question that was never answered to the answer before it', async () => {
    // q3 was refused before any answer (a budget, a lost connection): the answer before q4 is still a2.
    const unanswered = [...history, user('q4')];
    expect((await posted(unanswered, 'submit-message', 'q4')).ids).toEqual(['a2', 'q3', 'q4']);
    expect((await posted(unanswered, 'regenerate-message')).ids).toEqual(['a2', 'q3', 'q4']);
    expect((await posted(unanswered, 'submit-message')).ids).toEqual(['q4']);
  });

  it('posts a long history in a few kilobytes', async () => {
    const long = Array.from({ length: 400 }, (_, at) => (at % 2 === 0 ? user(`q${at}`) : answer(`a${at}`)));
    const body = (
      await prepareChatRequest({
        id: 'chat-1',
        messages: [...long, user('last')],
        requestMetadata: undefined,
        body: undefined,
        credentials: undefined,
        headers: undefined,
        api: '/api/chat',
        trigger: 'submit-message',
        messageId: undefined,
      })
    ).body;
    expect(JSON.stringify(long).length).toBeGreaterThan(8_000_000);
    expect(JSON.stringify(body).length).toBeLessThan(200);
  });
});
