import { randomUUID } from 'node:crypto';
import {
  AbstractChat,
  type ChatInit,
  type ChatState,
  type ChatStatus,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  type UIMessage,
} from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The drawer's own function, from its source file: the package's `./chat` entry holds the drawer's React too.
import { prepareChatRequest } from '../../../packages/console/src/chat/prepare-chat-request.js';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { type RunningShop, startShop } from './shop-harness.js';

// `useChat` posts its whole history on every message. `/api/chat` reads only its tail (the conversation is the
// server's), yet the body limit applies to the whole body: a long chat used to be refused 413 at every later
// message. A stock `useChat` is driven here through the AI SDK's own `AbstractChat` (what `useChat` wraps) and
// `DefaultChatTransport`, and so is the chat drawer's transport (`prepareChatRequest`, posting the tail alone).

/** The chat state `useChat` keeps in React, kept in a plain object. */
class PlainState implements ChatState<UIMessage> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  constructor(public messages: UIMessage[]) {}
  pushMessage = (message: UIMessage) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: UIMessage) => {
    this.messages = [...this.messages.slice(0, index), message, ...this.messages.slice(index + 1)];
  };
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

class NodeChat extends AbstractChat<UIMessage> {
  constructor(init: ChatInit<UIMessage>) {
    super({ ...init, state: new PlainState(init.messages ?? []) });
  }
}

/** ~200 KB of text (one word, so the model server streams it in one chunk): six make a history past 1 MiB. */
const longAnswer = (n: number) => `Answer-${n}:${'Refunds-take-five-days.'.repeat(9000)}`;

describe('a long chat on POST /api/chat', () => {
  let model: OpenAIWireServer;
  let running: RunningShop;
  beforeAll(async () => {
    model = await startOpenAIWireServer();
    running = await startShop({
      assistant: {
        env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'local-model' },
      },
    });
  });
  afterAll(async () => {
    await running.close();
    await model.close();
  });

  /** A chat as `useChat` runs one (stock, or with the drawer's request), and the size of each body it posted. */
  function chatOf(token: string, options: { drawer: boolean; messages?: UIMessage[] }) {
    const posted: number[] = [];
    const errors: string[] = [];
    let failNext = false;
    const chat = new NodeChat({
      id: randomUUID(),
      ...(options.messages ? { messages: options.messages } : {}),
      transport: new DefaultChatTransport<UIMessage>({
        api: `${running.url}/api/chat`,
        headers: { authorization: `Bearer ${token}` },
        ...(options.drawer ? { prepareSendMessagesRequest: prepareChatRequest } : {}),
        fetch: async (input, init) => {
          posted.push(Buffer.byteLength(String(init?.body ?? '')));
          if (failNext) {
            failNext = false;
            throw new TypeError('fetch failed');
          }
          return fetch(input, init);
        },
      }),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
      onError: (error) => errors.push(error.message),
    });
    /** The next request never reaches the server, as when the connection drops. */
    const dropNext = () => {
      failNext = true;
    };
    return { chat, posted, errors, dropNext };
  }

  const textOf = (message: UIMessage | undefined) =>
    (message?.parts ?? [])
      .filter((part) => part.type === 'text')
      .map((part) => (part as { text: string }).text)
      .join('');

  /** The stored conversation, oldest first, as `[role, text]`. */
  async function stored(chatId: string, token: string) {
    const read = await running.request(`/conversations/${chatId}`, { token });
    expect(read.status).toBe(200);
    return (read.body.messages as Array<{ role: string; content: unknown }>)
      .filter((message) => message.role === 'user' || message.role === 'assistant')
      .map((message) => [
        message.role,
        typeof message.content === 'string'
          ? message.content
          : (message.content as Array<{ type: string; text?: string }>)
              .filter((part) => part.type === 'text')
              .map((part) => part.text ?? '')
              .join(''),
      ])
      .reverse();
  }

  /** Asks six questions answered at length: the chat then holds over 1 MiB. */
  async function lengthen(chat: NodeChat) {
    for (let n = 1; n <= 6; n++) {
      model.script({ kind: 'reply', text: longAnswer(n) });
      await chat.sendMessage({ text: `Question ${n}` });
      expect([chat.status, chat.error?.message]).toEqual(['ready', undefined]);
    }
    expect(JSON.stringify(chat.messages).length).toBeGreaterThan(1024 * 1024);
  }

  it('answers a stock useChat whose history is past 1 MiB', async () => {
    const { chat, posted, errors } = chatOf('customer-token', { drawer: false });
    await lengthen(chat);
    model.script({ kind: 'reply', text: 'Still here.' });
    await chat.sendMessage({ text: 'A short question' });
    expect(errors).toEqual([]);
    expect(chat.status).toBe('ready');
    expect(textOf(chat.messages.at(-1))).toBe('Still here.');
    // The whole history went: the server took a body past its 1 MiB default.
    expect(posted.at(-1)).toBeGreaterThan(1024 * 1024);
    expect((await stored(chat.id, 'customer-token')).at(-1)).toEqual(['assistant', 'Still here.']);
  });

  it('answers a stock useChat holding over 1000 messages', async () => {
    // Earlier messages of a long chat (the route reads the newest alone): 1,200 short ones.
    const earlier = Array.from(
      { length: 1200 },
      (_, at): UIMessage => ({
        id: randomUUID(),
        role: at % 2 === 0 ? 'user' : 'assistant',
        parts: [{ type: 'text', text: `Message ${at}` }],
      }),
    );
    const { chat, errors } = chatOf('customer-token', { drawer: false, messages: earlier });
    model.script({ kind: 'reply', text: 'Answered.' });
    await chat.sendMessage({ text: 'Message 1200' });
    expect(errors).toEqual([]);
    expect(textOf(chat.messages.at(-1))).toBe('Answered.');
    expect(chat.messages).toHaveLength(1202);
  });

  it('refuses a body past the route limit (16 MiB) with 413, and a request without a token with 401', async () => {
    const huge = 'x'.repeat(17 * 1024 * 1024);
    const body = { id: randomUUID(), messages: [{ role: 'user', parts: [{ type: 'text', text: huge }] }] };
    const refused = await running.request('/api/chat', { method: 'POST', token: 'customer-token', body });
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: expect.stringContaining('16777216'),
    });
    // Within the limit but with no token: the route wants a caller before it reads the body.
    const small = {
      ...body,
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'x'.repeat(2_000_000) }] }],
    };
    const anonymous = await running.request('/api/chat', { method: 'POST', body: small });
    expect(anonymous.status).toBe(401);
    // OpenAPI says so, and bounds the count by it: one message per 64 bytes, fewer than a chat's messages take.
    const document = (await running.request('/openapi.json')).body;
    const schema = document.paths['/api/chat'].post.requestBody.content['application/json'].schema;
    expect(schema.properties.messages.maxItems).toBe(262_144);
    expect(schema.properties.messages.description).toMatch(/body limit \(16 MiB/);
  });

  describe("the drawer's request (prepareChatRequest) on a chat past 1 MiB", () => {
    it('asks, regenerates and edits as the whole history would, posting one answer at most', async () => {
      const { chat, posted, errors, dropNext } = chatOf('customer-token', { drawer: true });
      await lengthen(chat);
      // A new question: posted alone.
      model.script({ kind: 'reply', text: 'Seven.' });
      await chat.sendMessage({ text: 'Question 7' });
      expect(textOf(chat.messages.at(-1))).toBe('Seven.');
      expect(posted.at(-1)).toBeLessThan(2048);

      // regenerate(): the last answer replaced, the question asked once.
      model.script({ kind: 'reply', text: 'Seven again.' });
      await chat.regenerate();
      expect(textOf(chat.messages.at(-1))).toBe('Seven again.');
      expect(posted.at(-1)).toBeLessThan(300_000);
      const afterRegenerate = await stored(chat.id, 'customer-token');
      expect(afterRegenerate.slice(-3)).toEqual([
        ['assistant', longAnswer(6)],
        ['user', 'Question 7'],
        ['assistant', 'Seven again.'],
      ]);
      expect(afterRegenerate).toHaveLength(14);

      // regenerate({ messageId }) of an earlier answer: its question asked again, what followed replaced.
      const third = chat.messages[5] as UIMessage;
      expect(textOf(third)).toBe(longAnswer(3));
      model.script({ kind: 'reply', text: 'Three, shorter.' });
      await chat.regenerate({ messageId: third.id });
      expect(textOf(chat.messages.at(-1))).toBe('Three, shorter.');
      expect(posted.at(-1)).toBeLessThan(300_000);
      expect((await stored(chat.id, 'customer-token')).slice(-3)).toEqual([
        ['assistant', longAnswer(2)],
        ['user', 'Question 3'],
        ['assistant', 'Three, shorter.'],
      ]);

      // A question that never reached the server, then one answered, then that one edited: the edit replaces it,
      // not the chat's first question (the answer before it is two messages back).
      dropNext();
      await chat.sendMessage({ text: 'Lost question' });
      expect(chat.status).toBe('error');
      model.script({ kind: 'reply', text: 'Four.' });
      await chat.sendMessage({ text: 'Question 4' });
      expect(textOf(chat.messages.at(-1))).toBe('Four.');
      const asked = chat.messages.at(-2) as UIMessage;
      model.script({ kind: 'reply', text: 'Five.' });
      await chat.sendMessage({ text: 'Question 5', messageId: asked.id });
      expect(textOf(chat.messages.at(-1))).toBe('Five.');
      expect(posted.at(-1)).toBeLessThan(2048);
      expect(await stored(chat.id, 'customer-token')).toEqual([
        ['user', 'Question 1'],
        ['assistant', longAnswer(1)],
        ['user', 'Question 2'],
        ['assistant', longAnswer(2)],
        ['user', 'Question 3'],
        ['assistant', 'Three, shorter.'],
        ['user', 'Question 5'],
        ['assistant', 'Five.'],
      ]);
      expect(errors).toEqual(['fetch failed']);
    });

    it('runs an approved call: the decision posted alone', async () => {
      const placed = await running.request('/orders', {
        method: 'POST',
        token: 'customer-token',
        body: { sku: 'KB-01', quantity: 1 },
      });
      expect(placed.status).toBe(201);
      const order = placed.body.id as string;
      const { chat, posted, errors } = chatOf('support-token', { drawer: true });
      await lengthen(chat);
      model.script(
        {
          kind: 'reply',
          toolCalls: [{ id: 'call_long', name: 'orders_cancel', arguments: JSON.stringify({ id: order }) }],
        },
        { kind: 'reply', text: 'Please approve the cancellation.' },
      );
      await chat.sendMessage({ text: `Cancel order ${order}` });
      const requested = chat.messages.at(-1)?.parts.find((part) => part.type === 'tool-orders_cancel') as
        | { state: string; approval: { id: string } }
        | undefined;
      expect(requested?.state).toBe('approval-requested');

      model.script({ kind: 'reply', text: 'Cancelled.' });
      await chat.addToolApprovalResponse({ id: requested?.approval.id as string, approved: true });
      // `sendAutomaticallyWhen` posts the decision; the answer fills the same message.
      await expect.poll(() => textOf(chat.messages.at(-1))).toContain('Cancelled.');
      await expect.poll(() => chat.status).toBe('ready');
      expect(chat.messages.at(-1)?.parts.find((part) => part.type === 'tool-orders_cancel')).toMatchObject({
        state: 'output-available',
        output: { id: order, status: 'cancelled' },
      });
      expect((await running.request(`/orders/${order}`, { token: 'support-token' })).body.status).toBe(
        'cancelled',
      );
      expect(posted.at(-1)).toBeLessThan(8192);
      expect(errors).toEqual([]);
    });
  });
});
