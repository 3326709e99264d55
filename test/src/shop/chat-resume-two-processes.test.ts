import { randomUUID } from 'node:crypto';
import { DefaultChatTransport, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { startShopProcesses } from './shop-harness.js';

// Two shop processes on one PostgreSQL database with resumable streams (`CHAT_RESUME_SECONDS`), as behind a load
// balancer: the page posts its question to one, and its reload (`useChat({ resume: true })`, the AI SDK's own
// transport) or its stop button lands on the other.

const databaseUrl = process.env.DATABASE_URL;
describe.skipIf(!databaseUrl)(
  'two shop processes on one PostgreSQL database: a running chat turn reached from either',
  () => {
    let model: OpenAIWireServer;
    let first: string;
    let second: string;
    let close = async () => {};
    beforeAll(async () => {
      model = await startOpenAIWireServer();
      const started = await startShopProcesses(2, databaseUrl ?? '', {
        CHAT_RESUME_SECONDS: '1',
        OPENAI_BASE_URL: model.baseURL,
        OPENAI_API_KEY: 'test',
        OPWIRE_CHAT_MODEL: 'local-model',
      });
      [first, second] = started.urls as [string, string];
      close = started.close;
    }, 120_000);
    afterAll(async () => {
      await close();
      await model.close();
    });

    const transport = (url: string, token = 'customer-token') =>
      new DefaultChatTransport<UIMessage>({
        api: `${url}/api/chat`,
        headers: { authorization: `Bearer ${token}` },
      });
    const textOf = (message: UIMessage | undefined) =>
      (message?.parts ?? [])
        .filter((part) => part.type === 'text')
        .map((part) => (part as { text: string }).text)
        .join('');
    const call = async (url: string, path: string, token: string, method = 'GET', sent?: unknown) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(sent === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(sent === undefined ? {} : { body: JSON.stringify(sent) }),
      });
      const body: any = response.status === 204 ? undefined : await response.json();
      return { status: response.status, body };
    };
    const outcomes = async (url: string, chatId: string) =>
      (await call(url, `/governance/turns?conversationId=${chatId}`, 'admin-token')).body.turns?.map(
        (turn: { outcome: string; errorCode?: string }) => [turn.outcome, turn.errorCode],
      );

    /** Posts a question to `url`, reads until `seen` shows in the answer, then drops the request as a reload does. */
    async function postAndLeave(
      url: string,
      chatId: string,
      question: string,
      seen: string,
    ): Promise<UIMessage> {
      const controller = new AbortController();
      const stream = await transport(url).sendMessages({
        trigger: 'submit-message',
        chatId,
        messageId: undefined,
        messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text: question }] }],
        abortSignal: controller.signal,
      });
      let last: UIMessage | undefined;
      for await (const snapshot of readUIMessageStream({ stream })) {
        last = snapshot;
        if (textOf(snapshot).includes(seen)) controller.abort();
      }
      if (last === undefined) throw new Error('no message before leaving');
      return last;
    }

    it('gives a page reloaded onto the other process the running answer from its start, and keeps the turn running while it reads there', async () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      model.script({ kind: 'held', before: 'Once upon ', after: 'a time.', release: released });
      const requests = model.requests.length;
      const chatId = randomUUID();
      const left = await postAndLeave(first, chatId, 'Tell me a story', 'upon');
      expect(textOf(left)).toBe('Once upon ');
      // Someone else is told NOT_FOUND there too.
      await expect(transport(second, 'support-token').reconnectToStream({ chatId })).rejects.toThrow(
        /NOT_FOUND/,
      );
      const resumed = await transport(second).reconnectToStream({ chatId });
      expect(resumed).not.toBeNull();
      let seen = '';
      const read = (async () => {
        let message: UIMessage | undefined;
        for await (const snapshot of readUIMessageStream({
          stream: resumed as ReadableStream<UIMessageChunk>,
        })) {
          message = snapshot;
          seen = textOf(snapshot);
        }
        return message;
      })();
      await expect.poll(() => seen).toBe('Once upon ');
      // Twice the keep time: nobody reads it in the process that runs it, but the reader there keeps it running.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await outcomes(first, chatId)).toEqual([]);
      release();
      const message = await read;
      expect(textOf(message)).toBe('Once upon a time.');
      expect(message?.metadata).toMatchObject({
        conversationId: chatId,
        outcome: 'completed',
        question: 'Tell me a story',
      });
      expect(model.requests.length).toBe(requests + 1);
      await expect.poll(() => outcomes(second, chatId)).toEqual([['completed', undefined]]);
      // Ended: neither process has a running answer for it any more.
      await expect.poll(() => transport(second).reconnectToStream({ chatId })).toBeNull();
      await expect(transport(first).reconnectToStream({ chatId })).resolves.toBeNull();
    });

    it("stops the other process's running turn when its owner's stop lands here, and records it as stopped once", async () => {
      model.script({
        kind: 'hang',
        chunks: ['Once ', 'upon ', 'a ', 'time ', 'there ', 'was '],
        delayMs: 300,
      });
      const chatId = randomUUID();
      const stream = await transport(first).sendMessages({
        trigger: 'submit-message',
        chatId,
        messageId: undefined,
        messages: [
          { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'Tell me a long story' }] },
        ],
        abortSignal: undefined,
      });
      let seen = '';
      const read = (async () => {
        let message: UIMessage | undefined;
        for await (const snapshot of readUIMessageStream({ stream })) {
          message = snapshot;
          seen = textOf(snapshot);
        }
        return message;
      })();
      await expect.poll(() => seen).toContain('Once');
      // Someone else's stop is not found, and stops nothing.
      expect(await call(second, `/api/chat/${chatId}/stop`, 'support-token', 'POST')).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
      expect(await call(second, `/api/chat/${chatId}/stop`, 'customer-token', 'POST')).toEqual({
        status: 200,
        body: { stopped: true },
      });
      await model.disconnected;
      const message = await read;
      expect(textOf(message)).toMatch(/^Once /);
      expect(textOf(message)).not.toContain('was');
      await expect.poll(() => outcomes(second, chatId)).toEqual([['stopped', 'CANCELLED']]);
      const stored = await call(second, `/conversations/${chatId}`, 'customer-token');
      expect(stored.body.turns).toEqual([expect.objectContaining({ outcome: 'stopped', code: 'CANCELLED' })]);
      // Nothing runs any more, in either process.
      for (const url of [first, second]) {
        expect(await call(url, `/api/chat/${chatId}/stop`, 'customer-token', 'POST')).toEqual({
          status: 200,
          body: { stopped: false },
        });
        await expect(transport(url).reconnectToStream({ chatId })).resolves.toBeNull();
      }
    });

    it('declines the approval a turn asked for after the other process deleted its chat: approving it is 409 and runs nothing', async () => {
      const order = (await call(first, '/orders', 'customer-token', 'POST', { sku: 'KB-01', quantity: 1 }))
        .body;
      let answer = () => {};
      model.script(
        {
          kind: 'reply',
          toolCalls: [{ id: 'call_x1', name: 'orders_cancel', arguments: JSON.stringify({ id: order.id }) }],
          after: new Promise<void>((resolve) => {
            answer = resolve;
          }),
        },
        { kind: 'reply', text: 'Please approve the cancellation.' },
      );
      const asked = model.requests.length;
      const chatId = (await call(first, '/conversations', 'support-token', 'POST', {})).body.id;
      const turn = call(first, '/ai/chat', 'support-token', 'POST', {
        conversationId: chatId,
        message: 'Cancel it',
      });
      await expect.poll(() => model.requests.length).toBe(asked + 1);
      // Deleted through the other process while the model is still thinking: no approval exists yet.
      expect(await call(second, `/conversations/${chatId}`, 'support-token', 'DELETE')).toEqual({
        status: 200,
        body: { id: chatId, deleted: true },
      });
      answer();
      await turn;
      const turns = (await call(second, `/governance/turns?conversationId=${chatId}`, 'admin-token')).body
        .turns;
      expect(turns.map((each: any) => each.toolCalls)).toEqual([
        [{ toolCallId: 'call_x1', toolName: 'orders_cancel', outcome: 'approval_declined' }],
      ]);
      const { events } = (await call(second, `/governance/turns/${turns[0].turnId}`, 'admin-token')).body;
      const approvalId = events.find((event: any) => event.action === 'approval_requested')?.payload
        .approvalId;
      expect(events.find((event: any) => event.action === 'approval_declined')?.payload).toMatchObject({
        approvalId,
        reason: 'conversation_deleted',
      });
      for (const url of [first, second]) {
        const approved = await call(url, `/ai/approvals/${approvalId}/approve`, 'support-token', 'POST');
        expect([approved.status, approved.body.code]).toEqual([409, 'APPROVAL_ALREADY_SETTLED']);
      }
      expect((await call(second, `/orders/${order.id}`, 'support-token')).body.status).toBe('pending');
    });
  },
);
