import {
  type Chat,
  type ConversationStore,
  chatUiRoute,
  chatUiStopRoute,
  createApprovals,
  createChat,
  createChatOperations,
  createChatStreams,
  createGovernance,
  createMemoryConversationStore,
  createToolCatalog,
} from '@opwire/ai';
import { createOrdersFixture, fixtureCallers } from '@opwire/ai/testing';
import { createOpwire } from '@opwire/core';
import { createFetchHandler, staticTokens } from '@opwire/http';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { expect, it } from 'vitest';
import { startOpenAIWireServer } from './openai-wire-server.js';

// With resumable streams, a Stop pressed while the turn is still starting (its request read, its first chunk not
// out: useChat says "submitted") must stop the turn too, not leave it running for the keep time. The turn is held
// there by a conversation store whose `open` waits for the test.

it('stops a resumable turn whose stop came before its first chunk, as soon as it starts, before any model call', async () => {
  const model = await startOpenAIWireServer();
  try {
    const memory = createMemoryConversationStore();
    let opening = () => {};
    const opened = new Promise<void>((resolve) => {
      opening = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const conversations: ConversationStore = {
      ...memory,
      async open(request) {
        opening();
        await released;
        return memory.open(request);
      },
    };
    const governance = createGovernance({ conversations });
    const fixture = createOrdersFixture();
    let chat: Chat | undefined;
    const app = createOpwire({
      operations: [...fixture.operations, ...createChatOperations({ chat: () => chat! })],
    });
    chat = createChat({
      catalog: createToolCatalog({
        app,
        approvals: createApprovals({ app, store: governance.approvals, events: governance }),
      }),
      providers: { local: model.provider() },
      governance,
    });
    // Far longer than the test: only the stop can end the turn while it runs.
    const streams = createChatStreams({ keepRunningMs: 600_000 });
    const handler = createFetchHandler(app, {
      authenticate: staticTokens({
        'token-customer': fixtureCallers.customer,
        'token-support': fixtureCallers.support,
      }),
      docs: false,
      operationRoutes: [chatUiRoute({ streams })],
      routes: [chatUiStopRoute({ governance, streams })],
    });
    model.script({ kind: 'reply', text: 'Counting your orders.' });
    const chatId = 'chat-stopped-early';
    // The AI SDK's own transport, its requests answered by the handler in process.
    const transport = new DefaultChatTransport<UIMessage>({
      api: 'http://shop.test/api/chat',
      headers: { authorization: 'Bearer token-customer' },
      fetch: async (input, init) => handler(new Request(input, init)),
    });
    const posted = transport.sendMessages({
      trigger: 'submit-message',
      chatId,
      messageId: undefined,
      messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'How many orders?' }] }],
      abortSignal: undefined,
    });
    await opened;
    const stop = async (token: string) => {
      const response = await handler(
        new Request(`http://shop.test/api/chat/${chatId}/stop`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      return { status: response.status, body: await response.json() };
    };
    // Someone else's stop is not kept for it (the chat is no one's yet, so they are told there is none to stop).
    expect(await stop('token-support')).toEqual({ status: 200, body: { stopped: false } });
    expect(await stop('token-customer')).toEqual({ status: 200, body: { stopped: true } });
    release();
    let message: UIMessage | undefined;
    for await (const snapshot of readUIMessageStream({ stream: await posted })) message = snapshot;
    // It started (its start names the chat) and stopped at once: no model call, the turn recorded as stopped.
    expect(message?.metadata).toMatchObject({ conversationId: chatId });
    expect(model.requests).toEqual([]);
    await expect
      .poll(async () => (await governance.ledger.list({}, { limit: 10 })).turns.map((turn) => turn.outcome))
      .toEqual(['stopped']);
    expect(await app.audit.list({ operationId: 'ai.chat' })).toEqual([
      expect.objectContaining({ outcome: 'stopped', code: 'CANCELLED' }),
    ]);
    expect(streams.size).toBe(0);
    await streams.close();
  } finally {
    await model.close();
  }
});
