import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { type RunningShop, startShop } from './shop-harness.js';

// `POST /api/chat` driven the way a browser's `useChat` drives it: the AI SDK's own `DefaultChatTransport`
// posts the chat, and its `readUIMessageStream` builds the assistant message from the UI message stream.

describe('POST /api/chat through the AI SDK transport and stream reader', () => {
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

  const transport = (token: string) =>
    new DefaultChatTransport<UIMessage>({
      api: `${running.url}/api/chat`,
      headers: { authorization: `Bearer ${token}` },
    });
  const userMessage = (text: string): UIMessage => ({
    id: randomUUID(),
    role: 'user',
    parts: [{ type: 'text', text }],
  });

  /** The ledger's turns of a chat, newest first (as an admin reads them). */
  const ledgerOf = async (chatId: string) =>
    (await running.request(`/governance/turns?conversationId=${chatId}`, { token: 'admin-token' })).body
      .turns as Array<Record<string, any>> | undefined;

  /** Sends the chat as `useChat` would and reads the stream to the assistant message it ends with. */
  async function send(
    token: string,
    chatId: string,
    messages: UIMessage[],
    continued?: UIMessage,
    trigger: 'submit-message' | 'regenerate-message' = 'submit-message',
  ): Promise<{ message: UIMessage | undefined; errors: string[] }> {
    const stream = await transport(token).sendMessages({
      trigger,
      chatId,
      messageId: undefined,
      messages,
      abortSignal: undefined,
    });
    const errors: string[] = [];
    let message: UIMessage | undefined;
    for await (const snapshot of readUIMessageStream({
      stream,
      ...(continued ? { message: structuredClone(continued) } : {}),
      onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
    })) {
      message = snapshot;
    }
    return { message, errors };
  }

  it('builds the assistant message: text, the knowledge sources, a tool call and its result, usage', async () => {
    model.script(
      { kind: 'reply', toolCalls: [{ id: 'call_l1', name: 'orders_list', arguments: '{}' }] },
      { kind: 'reply', text: 'Refunds take 5 business days [1]. ' },
    );
    const chatId = randomUUID();
    const { message, errors } = await send('customer-token', chatId, [
      userMessage('How long do refunds take after a return?'),
    ]);
    expect(errors).toEqual([]);
    expect(message?.role).toBe('assistant');
    const parts = message?.parts ?? [];
    expect(parts.map((part) => part.type)).toEqual(
      expect.arrayContaining(['source-url', 'tool-orders_list', 'text', 'data-usage']),
    );
    const source = parts.find((part) => part.type === 'source-url');
    expect(source).toMatchObject({
      url: expect.stringMatching(/^\/knowledge\/documents\/returns-policy\.md$/),
    });
    const tool = parts.find((part) => part.type === 'tool-orders_list');
    expect(tool).toMatchObject({
      state: 'output-available',
      toolCallId: 'call_l1',
      output: { orders: expect.any(Array) },
    });
    const text = parts.filter((part) => part.type === 'text').map((part) => (part as { text: string }).text);
    expect(text.join('')).toBe('Refunds take 5 business days [1]. ');
    expect(parts.find((part) => part.type === 'data-usage')).toMatchObject({
      data: { inputTokens: 22, outputTokens: 14 },
    });
    expect(message?.metadata).toMatchObject({ conversationId: chatId, outcome: 'completed' });
    // Without resumable streams no reader joins mid-turn: the start does not repeat the question.
    expect(message?.metadata).not.toHaveProperty('question');

    // The chat id is the conversation: the caller owns it now, and the REST read shows both messages.
    const read = await running.request(`/conversations/${chatId}`, { token: 'customer-token' });
    expect(read.status).toBe(200);
    expect(read.body.messages.at(-1)).toMatchObject({ role: 'user' });
    // The turn keeps the sources its stream sent, so a page reloaded later shows them under the answer.
    const streamed = parts.flatMap(
      (part): Array<{ sourceId: string; title?: string; url?: string }> =>
        part.type === 'source-url'
          ? [{ sourceId: part.sourceId, title: part.title, url: part.url }]
          : part.type === 'source-document'
            ? [{ sourceId: part.sourceId, title: part.title }]
            : [],
    );
    expect(streamed.length).toBeGreaterThan(0);
    expect(read.body.turns).toEqual([
      {
        turnId: message?.metadata && (message.metadata as { turnId: string }).turnId,
        outcome: 'completed',
        sources: streamed,
      },
    ]);
    // Someone else's chat id is not found, and no model is asked.
    const requests = model.requests.length;
    await expect(send('support-token', chatId, [userMessage('Hi')])).rejects.toThrow(/NOT_FOUND/);
    expect(model.requests.length).toBe(requests);

    // Deleted, the id is no one's to take: the turns recorded under it stay Alice's alone.
    const deleted = await running.request(`/conversations/${chatId}`, {
      method: 'DELETE',
      token: 'customer-token',
    });
    expect(deleted.status).toBe(200);
    for (const token of ['support-token', 'customer-token']) {
      await expect(send(token, chatId, [userMessage('Hi')])).rejects.toThrow(/NOT_FOUND/);
    }
    expect(model.requests.length).toBe(requests);
    expect((await ledgerOf(chatId))?.map((turn) => turn.principalId)).toEqual(['alice']);
  });

  it('answers useChat({ resume: true }) on load with no stream to resume for its owner, 404 for anyone else', async () => {
    model.script({ kind: 'reply', text: 'Hello.' });
    const chatId = randomUUID();
    const sent = await send('customer-token', chatId, [userMessage('Hi')]);
    expect(sent.errors).toEqual([]);
    const requests = model.requests.length;
    const reconnect = (id: string, headers: Record<string, string> = {}) =>
      new DefaultChatTransport<UIMessage>({ api: `${running.url}/api/chat`, headers }).reconnectToStream({
        chatId: id,
      });
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    // The owner's chat and a chat not stored yet: 204, which the transport reads as no active stream.
    await expect(reconnect(chatId, as('customer-token'))).resolves.toBeNull();
    const fresh = `client-${randomUUID()}`;
    await expect(reconnect(fresh, as('customer-token'))).resolves.toBeNull();
    // Asking opened nothing: the fresh id is still no one's, so someone else may still take it.
    const unopened = await running.request(`/conversations/${fresh}`, { token: 'customer-token' });
    expect(unopened.status).toBe(404);
    await expect(reconnect(fresh, as('support-token'))).resolves.toBeNull();
    // Someone else's chat is NOT_FOUND, said as /api/chat says it.
    await expect(reconnect(chatId, as('support-token'))).rejects.toThrow(/NOT_FOUND/);
    const theirs = await running.request(`/api/chat/${chatId}/stream`, { token: 'support-token' });
    const posted = await running.request('/api/chat', {
      method: 'POST',
      token: 'support-token',
      body: { id: chatId, messages: [userMessage('Hi')] },
    });
    expect([theirs.status, theirs.body.code, theirs.body.detail]).toEqual([
      404,
      'NOT_FOUND',
      posted.body.detail,
    ]);
    expect(posted.status).toBe(404);
    // Without a token the transport is refused 401.
    await expect(reconnect(chatId)).rejects.toMatchObject({ statusCode: 401 });
    // A malformed id is refused on `id` as /api/chat refuses it, in the caller's language.
    for (const [id, code] of [
      ['a b', 'INVALID_FORMAT'],
      ['c'.repeat(201), 'OUT_OF_RANGE'],
    ]) {
      for (const language of ['en', 'zh-CN']) {
        const headers = { 'accept-language': language };
        const resumed = await running.request(`/api/chat/${encodeURIComponent(id as string)}/stream`, {
          token: 'customer-token',
          headers,
        });
        const refused = await running.request('/api/chat', {
          method: 'POST',
          token: 'customer-token',
          headers,
          body: { id, messages: [userMessage('Hi')] },
        });
        expect([resumed.status, resumed.body.code, resumed.body.errors?.[0]?.field]).toEqual([
          400,
          code,
          'id',
        ]);
        expect(resumed.body.detail).toBe(refused.body.detail);
        // The stop button's route refuses it alike.
        const stopped = await running.request(`/api/chat/${encodeURIComponent(id as string)}/stop`, {
          method: 'POST',
          token: 'customer-token',
          headers,
        });
        expect([stopped.status, stopped.body.code, stopped.body.errors?.[0]?.field]).toEqual([
          400,
          code,
          'id',
        ]);
        expect(stopped.body.detail).toBe(refused.body.detail);
      }
    }
    // With no turn kept here, stop finds none to stop (dropping the stream is what stops a turn), and tells
    // anyone else NOT_FOUND.
    const stop = (token: string) => running.request(`/api/chat/${chatId}/stop`, { method: 'POST', token });
    expect(await stop('customer-token')).toMatchObject({ status: 200, body: { stopped: false } });
    expect(await stop('support-token')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // Deleted, the id is no one's: its owner too is told NOT_FOUND, as /api/chat tells them.
    await running.request(`/conversations/${chatId}`, { method: 'DELETE', token: 'customer-token' });
    await expect(reconnect(chatId, as('customer-token'))).rejects.toThrow(/NOT_FOUND/);
    expect(await stop('customer-token')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(model.requests.length).toBe(requests);
  });

  it('cites an ingested document by its title alone, and a shop document by its link', async () => {
    const ingested = await running.request('/knowledge/ingest', {
      method: 'POST',
      token: 'admin-token',
      body: {
        documents: [
          {
            documentId: 'gift-wrapping',
            title: 'Gift wrapping',
            text: 'Gift wrapping with a handwritten card costs 3 euros per parcel.',
          },
        ],
      },
    });
    expect(ingested.status).toBe(200);
    model.script({ kind: 'reply', text: 'It costs 3 euros [1].' });
    const { message, errors } = await send('admin-token', randomUUID(), [
      userMessage('How much does gift wrapping with a handwritten card cost?'),
    ]);
    expect(errors).toEqual([]);
    const parts = message?.parts ?? [];
    // The shop has no page for an ingested document: no link that would answer 404.
    expect(
      parts.find((part) => part.type === 'source-document' && part.title === 'Gift wrapping'),
    ).toBeDefined();
    const links = parts.flatMap((part) => (part.type === 'source-url' ? [part.url] : []));
    for (const link of links) {
      expect([link, (await running.request(link, { token: 'admin-token' })).status]).toEqual([link, 200]);
    }
    expect(
      (await running.request('/knowledge/documents/gift-wrapping', { token: 'admin-token' })).status,
    ).toBe(404);
  });

  it('cites a document ingested under a shop file’s id by its title alone, not by the file’s page', async () => {
    const ingest = (documents: object[]) =>
      running.request('/knowledge/ingest', { method: 'POST', token: 'admin-token', body: { documents } });
    const replaced = await ingest([
      { documentId: 'shipping.md', title: 'Shipping update', text: 'Parcels are no longer shipped abroad.' },
    ]);
    expect(replaced.status).toBe(200);
    try {
      model.script({ kind: 'reply', text: 'They are not [1].' });
      const { message, errors } = await send('admin-token', randomUUID(), [
        userMessage('Are parcels shipped abroad?'),
      ]);
      expect(errors).toEqual([]);
      const sources = (message?.parts ?? []).filter(
        (part) => part.type === 'source-url' || part.type === 'source-document',
      );
      expect(sources.find((part) => part.title === 'Shipping update')).toMatchObject({
        type: 'source-document',
      });
      expect(sources.flatMap((part) => (part.type === 'source-url' ? [part.url] : []))).not.toContain(
        '/knowledge/documents/shipping.md',
      );
    } finally {
      // The shop's own text back, as the shop ingests it at start.
      const text = await readFile(
        new URL('../../../apps/shop/knowledge/shipping.md', import.meta.url),
        'utf8',
      );
      // In process: a request may not mark a document as the shop's own (`RESERVED_METADATA_KEY`).
      const [restored] =
        (await running.shop.knowledge?.ingest([
          {
            documentId: 'shipping.md',
            title: /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? 'shipping.md',
            source: 'shipping.md',
            text,
            tenant: 'acme',
            metadata: { lang: 'en', shopDocument: true },
          },
        ])) ?? [];
      expect(restored?.error).toBeUndefined();
    }
  });

  it('asks for approval as a tool-approval part, and runs the cancel when the user approves it', async () => {
    const orders = (await running.request('/orders', { token: 'support-token' })).body.orders as Array<{
      id: string;
      status: string;
    }>;
    const paid = orders.find((order) => order.status === 'paid');
    model.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_a1', name: 'orders_cancel', arguments: JSON.stringify({ id: paid?.id }) }],
      },
      { kind: 'reply', text: 'Please approve the cancellation.' },
    );
    const chatId = randomUUID();
    const asked = userMessage(`Cancel order ${paid?.id}`);
    const first = await send('support-token', chatId, [asked]);
    const part = first.message?.parts.find((each) => each.type === 'tool-orders_cancel') as any;
    expect(part).toMatchObject({
      state: 'approval-requested',
      toolCallId: 'call_a1',
      approval: { id: expect.any(String) },
    });
    expect((await running.request(`/orders/${paid?.id}`, { token: 'support-token' })).body.status).toBe(
      'paid',
    );

    // What `addToolApprovalResponse({ id, approved: true })` does to the message before `useChat` re-sends it.
    const answered: UIMessage = {
      ...(first.message as UIMessage),
      parts: (first.message as UIMessage).parts.map((each: any) =>
        each.type === 'tool-orders_cancel'
          ? { ...each, state: 'approval-responded', approval: { id: part.approval.id, approved: true } }
          : each,
      ),
    };
    model.script({ kind: 'reply', text: 'Cancelled.' });
    const second = await send('support-token', chatId, [asked, answered], answered);
    expect(second.errors).toEqual([]);
    expect(second.message?.parts.find((each) => each.type === 'tool-orders_cancel')).toMatchObject({
      state: 'output-available',
      output: { id: paid?.id, status: 'cancelled' },
    });
    expect((await running.request(`/orders/${paid?.id}`, { token: 'support-token' })).body.status).toBe(
      'cancelled',
    );
    // Sending the same decision again runs nothing: the stream ends with the approval's error.
    await expect(send('support-token', chatId, [asked, answered], answered)).rejects.toThrow(
      /APPROVAL_ALREADY_SETTLED/,
    );
  });

  it('refuses a garbled approval decision on its field instead of reading it as a decline, the approval still open', async () => {
    const placed = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      body: { sku: 'KB-01', quantity: 1 },
    });
    expect(placed.status).toBe(201);
    const order = placed.body.id as string;
    model.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_g1', name: 'orders_cancel', arguments: JSON.stringify({ id: order }) }],
      },
      { kind: 'reply', text: 'Please approve the cancellation.' },
    );
    const chatId = randomUUID();
    const asked = userMessage(`Cancel order ${order}`);
    const first = await send('support-token', chatId, [asked]);
    const message = first.message as UIMessage;
    const at = message.parts.findIndex((each) => each.type === 'tool-orders_cancel');
    const part = message.parts[at] as any;
    expect(part.state).toBe('approval-requested');
    const answering = (approval: unknown): UIMessage => ({
      ...message,
      parts: message.parts.map((each, index) =>
        index === at ? ({ ...each, state: 'approval-responded', approval } as any) : each,
      ),
    });
    const requests = model.requests.length;
    const garbled: Array<[unknown, string, string]> = [
      [{ id: part.approval.id, approved: 'yes' }, 'WRONG_TYPE', `messages[1].parts[${at}].approval.approved`],
      [{ id: part.approval.id }, 'MISSING_FIELD', `messages[1].parts[${at}].approval.approved`],
      [{ id: 5, approved: true }, 'WRONG_TYPE', `messages[1].parts[${at}].approval.id`],
      [
        { id: part.approval.id, approved: true, reason: 7 },
        'WRONG_TYPE',
        `messages[1].parts[${at}].approval.reason`,
      ],
    ];
    for (const [approval, code, field] of garbled) {
      const refused = await running.request('/api/chat', {
        method: 'POST',
        token: 'support-token',
        body: { id: chatId, messages: [asked, answering(approval)], trigger: 'submit-message' },
      });
      expect([refused.status, refused.body.code, refused.body.errors?.[0]?.field]).toEqual([
        400,
        code,
        field,
      ]);
    }
    expect(model.requests.length).toBe(requests);
    // Nothing was decided: the approval is still the user's to give, and the order is cancelled once they do.
    model.script({ kind: 'reply', text: 'Cancelled.' });
    const answered = answering({ id: part.approval.id, approved: true });
    const approved = await send('support-token', chatId, [asked, answered], answered);
    expect(approved.errors).toEqual([]);
    expect((await running.request(`/orders/${order}`, { token: 'support-token' })).body.status).toBe(
      'cancelled',
    );
  });

  it('tells the conversation an approval decided through the approvals route: its next turn sees the call answered', async () => {
    // New orders (pending, so cancellable) the customer places for this test alone.
    const place = async () =>
      (
        await running.request('/orders', {
          method: 'POST',
          token: 'customer-token',
          body: { sku: 'KB-01', quantity: 1 },
        })
      ).body as { id: string };
    const [toApprove, toDecline, toFail] = [await place(), await place(), await place()];
    model.script(
      {
        kind: 'reply',
        toolCalls: [
          { id: 'call_r1', name: 'orders_cancel', arguments: JSON.stringify({ id: toApprove.id }) },
          { id: 'call_r2', name: 'orders_cancel', arguments: JSON.stringify({ id: toDecline.id }) },
          { id: 'call_r3', name: 'orders_cancel', arguments: JSON.stringify({ id: toFail.id }) },
        ],
      },
      { kind: 'reply', text: 'Please approve the cancellations.' },
    );
    const chatId = randomUUID();
    const asked = userMessage('Cancel both paid orders');
    const first = await send('support-token', chatId, [asked]);
    const approvalOf = (callId: string) =>
      (first.message?.parts ?? []).flatMap((each: any) => (each.toolCallId === callId ? [each] : []))[0]
        ?.approval?.id as string;
    // Decided outside the chat (an MCP client or a page of the app's own calls these routes).
    const approved = await running.request(`/ai/approvals/${approvalOf('call_r1')}/approve`, {
      method: 'POST',
      token: 'support-token',
    });
    expect([approved.status, approved.body.output.status]).toEqual([200, 'cancelled']);
    const declined = await running.request(`/ai/approvals/${approvalOf('call_r2')}/decline`, {
      method: 'POST',
      token: 'support-token',
    });
    expect([declined.status, declined.body.status]).toEqual([200, 'declined']);
    // Cancelled by hand meanwhile, the approved call runs and fails: the route answers the call's failure.
    await running.request(`/orders/${toFail.id}/cancel`, { method: 'POST', token: 'support-token' });
    const failed = await running.request(`/ai/approvals/${approvalOf('call_r3')}/approve`, {
      method: 'POST',
      token: 'support-token',
    });
    expect([failed.status, failed.body.code]).toEqual([422, 'ORDER_NOT_CANCELLABLE']);

    model.script({ kind: 'reply', text: 'One is cancelled, the other stays.' });
    await send('support-token', chatId, [asked, first.message as UIMessage, userMessage('And now?')]);
    // The model is told each call's last word: the cancel's output and the decline, no longer "pending".
    const told = (callId: string) =>
      ((model.requests.at(-1)?.messages ?? []) as Array<Record<string, any>>)
        .filter((each) => each.role === 'tool' && each.tool_call_id === callId)
        .map((each) => JSON.parse(each.content));
    expect(told('call_r1').at(-1)).toMatchObject({ id: toApprove.id, status: 'cancelled' });
    expect(told('call_r2').at(-1)).toMatchObject({ approval: { status: 'declined' } });
    expect(told('call_r3').at(-1)).toMatchObject({ error: { code: 'ORDER_NOT_CANCELLABLE' } });
    // Deciding again tells nothing more: the route refuses, the conversation is unchanged.
    const again = await running.request(`/ai/approvals/${approvalOf('call_r1')}/approve`, {
      method: 'POST',
      token: 'support-token',
    });
    expect([again.status, again.body.code]).toEqual([409, 'APPROVAL_ALREADY_SETTLED']);
  });

  it('declines the approvals a deleted chat still waited on: approving one later runs nothing', async () => {
    const order = (
      await running.request('/orders', {
        method: 'POST',
        token: 'customer-token',
        body: { sku: 'KB-01', quantity: 1 },
      })
    ).body as { id: string };
    model.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_d1', name: 'orders_cancel', arguments: JSON.stringify({ id: order.id }) }],
      },
      { kind: 'reply', text: 'Please approve the cancellation.' },
    );
    const chatId = randomUUID();
    const first = await send('support-token', chatId, [userMessage('Cancel that order')]);
    const approvalId = (first.message?.parts ?? []).flatMap((each: any) =>
      each.toolCallId === 'call_d1' ? [each.approval?.id as string] : [],
    )[0];
    expect(approvalId).toEqual(expect.any(String));

    const deleted = await running.request(`/conversations/${chatId}`, {
      method: 'DELETE',
      token: 'support-token',
    });
    expect(deleted.status).toBe(200);
    // A tab still showing the chat approves through the approvals route: already settled, declined.
    const approved = await running.request(`/ai/approvals/${approvalId}/approve`, {
      method: 'POST',
      token: 'support-token',
    });
    expect([approved.status, approved.body.code]).toEqual([409, 'APPROVAL_ALREADY_SETTLED']);
    const after = await running.request(`/orders/${order.id}`, { token: 'support-token' });
    expect(after.body.status).toBe('pending');
    // The turn that asked shows the call declined in the ledger.
    expect((await ledgerOf(chatId))?.[0]?.toolCalls).toEqual([
      { toolCallId: 'call_d1', toolName: 'orders_cancel', outcome: 'approval_declined' },
    ]);
  });

  it("shows a tool's refusal as an output-error part, and a failed model as an error part with its code", async () => {
    model.script(
      { kind: 'reply', toolCalls: [{ id: 'call_e1', name: 'orders_cancel', arguments: '{"id":"nope"}' }] },
      { kind: 'reply', text: 'I cannot.' },
    );
    const refused = await send('customer-token', randomUUID(), [userMessage('Cancel nope')]);
    expect(refused.message?.parts.find((each) => each.type === 'tool-orders_cancel')).toMatchObject({
      state: 'output-error',
      errorText: expect.stringMatching(/^PERMISSION_DENIED: /),
    });

    model.script({ kind: 'status', status: 500, message: 'the model is down' });
    const failed = await send('customer-token', randomUUID(), [userMessage('Hi')]);
    expect(failed.errors).toHaveLength(1);
    expect(failed.errors[0]).toMatch(/^PROVIDER_FAILED: /);

    // A refusal that asking again will not change (a bad key) says so, with the provider's status.
    model.script({ kind: 'status', status: 401, message: 'Incorrect API key provided' });
    const rejected = await send('customer-token', randomUUID(), [userMessage('Hi')]);
    expect(rejected.errors).toEqual([
      'PROVIDER_REJECTED: The language model provider refused this request (HTTP 401); asking again unchanged will not help.',
    ]);
  });

  /** Regenerates as `useChat.regenerate()` does: the last assistant message left out, the trigger saying so. */
  const regenerate = (token: string, chatId: string, messages: UIMessage[]) =>
    send(token, chatId, messages, undefined, 'regenerate-message');

  const stored = async (chatId: string, token = 'customer-token') =>
    (await running.request(`/conversations/${chatId}`, { token })).body.messages.map(
      (each: { role: string; content: unknown }) => [each.role, each.content],
    );
  /** A model request's messages after the system prompt: role, then the tool calls made or the call answered. */
  const history = (request: Record<string, any>) =>
    request.messages
      .filter((each: { role: string }) => each.role !== 'system')
      .map((each: Record<string, any>) =>
        [
          each.role,
          ...(each.tool_calls ?? []).map((call: any) => `${call.id} ${call.function.name}`),
          ...(each.tool_call_id ? [each.tool_call_id] : []),
        ].join(' '),
      );
  const textOfRequest = (request: Record<string, any>) =>
    request.messages
      .filter((each: { role: string }) => each.role !== 'system')
      .map((each: { role: string; content: unknown }) => [
        each.role,
        typeof each.content === 'string'
          ? each.content
          : (each.content as Array<{ text?: string }>).map((part) => part.text ?? '').join(''),
      ]);

  it('regenerates the last answer in its place: the model is asked the question once, the old answer gone', async () => {
    const chatId = randomUUID();
    const question = userMessage('What is 2+2?');
    model.script({ kind: 'reply', text: 'Five.' });
    const first = await send('customer-token', chatId, [question]);
    expect(first.errors).toEqual([]);
    model.script({ kind: 'reply', text: 'Four.' });
    const again = await regenerate('customer-token', chatId, [question]);
    expect(again.errors).toEqual([]);
    expect(again.message?.parts.filter((part) => part.type === 'text')).toMatchObject([{ text: 'Four.' }]);
    // The model saw the question once and not the answer being replaced.
    expect(textOfRequest(model.requests.at(-1)!)).toEqual([['user', 'What is 2+2?']]);
    // Newest first: the new answer, then the question, stored once.
    expect(await stored(chatId)).toEqual([
      ['assistant', [{ type: 'text', text: 'Four.' }]],
      ['user', 'What is 2+2?'],
    ]);
  });

  it('regenerates again an answer that was itself regenerated and called a tool: the question alone is asked', async () => {
    const chatId = randomUUID();
    const question = userMessage('How many orders do I have?');
    const answerWithTool = (text: string) =>
      model.script(
        { kind: 'reply', toolCalls: [{ id: `call_${text}`, name: 'orders_list', arguments: '{}' }] },
        { kind: 'reply', text },
      );
    answerWithTool('Two.');
    await send('customer-token', chatId, [question]);
    answerWithTool('Three.');
    await regenerate('customer-token', chatId, [question]);
    const asked = model.requests.length;
    answerWithTool('Four.');
    const third = await regenerate('customer-token', chatId, [question]);
    expect(third.errors).toEqual([]);
    // The first request of the third answer: the question alone, not the second answer's tool call and result.
    expect(textOfRequest(model.requests[asked]!)).toEqual([['user', 'How many orders do I have?']]);
    const roles = (await stored(chatId)).map(([role]: [string]) => role);
    expect(roles).toEqual(['assistant', 'tool', 'assistant', 'user']);
  });

  it('answers a regeneration in a chat with nothing stored yet by asking the client’s question', async () => {
    const chatId = randomUUID();
    model.script({ kind: 'reply', text: 'Hello.' });
    const fresh = await regenerate('customer-token', chatId, [userMessage('Hi?')]);
    expect(fresh.errors).toEqual([]);
    expect(await stored(chatId)).toEqual([
      ['assistant', [{ type: 'text', text: 'Hello.' }]],
      ['user', 'Hi?'],
    ]);
  });

  it('retries a failed turn (as the chat page’s Retry does) without storing its question twice', async () => {
    const chatId = randomUUID();
    const question = userMessage('Are you there?');
    model.script({ kind: 'status', status: 500, message: 'the model is down' });
    const failed = await send('customer-token', chatId, [question]);
    expect(failed.errors[0]).toMatch(/^PROVIDER_FAILED: /);
    expect(await stored(chatId)).toEqual([['user', 'Are you there?']]);
    model.script({ kind: 'reply', text: 'Yes.' });
    const retried = await regenerate('customer-token', chatId, [question]);
    expect(retried.errors).toEqual([]);
    expect(textOfRequest(model.requests.at(-1)!)).toEqual([['user', 'Are you there?']]);
    expect(await stored(chatId)).toEqual([
      ['assistant', [{ type: 'text', text: 'Yes.' }]],
      ['user', 'Are you there?'],
    ]);
  });

  it('keeps the answer when its regeneration fails, and replaces it once one succeeds', async () => {
    const chatId = randomUUID();
    const question = userMessage('What is the capital of France?');
    model.script({ kind: 'reply', text: 'Lyon.' });
    await send('customer-token', chatId, [question]);
    model.script({ kind: 'status', status: 500, message: 'the model is down' });
    const failed = await regenerate('customer-token', chatId, [question]);
    expect(failed.errors[0]).toMatch(/^PROVIDER_FAILED: /);
    // Nothing replaced it: the old answer is still what a reload shows.
    expect(await stored(chatId)).toEqual([
      ['assistant', [{ type: 'text', text: 'Lyon.' }]],
      ['user', 'What is the capital of France?'],
    ]);
    model.script({ kind: 'reply', text: 'Paris.' });
    const again = await regenerate('customer-token', chatId, [question]);
    expect(again.errors).toEqual([]);
    expect(textOfRequest(model.requests.at(-1)!)).toEqual([['user', 'What is the capital of France?']]);
    expect(await stored(chatId)).toEqual([
      ['assistant', [{ type: 'text', text: 'Paris.' }]],
      ['user', 'What is the capital of France?'],
    ]);
  });

  it('regenerates an earlier answer as regenerate({ messageId }) asks: its question again, what followed replaced', async () => {
    const chatId = randomUUID();
    const [q1, q2, q3] = ['Name a colour.', 'Name a fruit.', 'Name a city.'].map(userMessage) as [
      UIMessage,
      UIMessage,
      UIMessage,
    ];
    model.script({ kind: 'reply', text: 'Red.' });
    const a1 = (await send('customer-token', chatId, [q1])).message as UIMessage;
    model.script({ kind: 'reply', text: 'Apple.' });
    await send('customer-token', chatId, [q1, a1, q2]);
    model.script({ kind: 'reply', text: 'Rome.' });
    await send('customer-token', chatId, [
      q1,
      a1,
      q2,
      { id: randomUUID(), role: 'assistant', parts: [] },
      q3,
    ]);

    // `regenerate({ messageId })` of the second answer: the client's messages end at its question.
    model.script({ kind: 'reply', text: 'Pear.' });
    const second = await regenerate('customer-token', chatId, [q1, a1, q2]);
    expect(second.errors).toEqual([]);
    expect(textOfRequest(model.requests.at(-1)!)).toEqual([
      ['user', 'Name a colour.'],
      ['assistant', 'Red.'],
      ['user', 'Name a fruit.'],
    ]);
    expect(await stored(chatId)).toEqual([
      ['assistant', [{ type: 'text', text: 'Pear.' }]],
      ['user', 'Name a fruit.'],
      ['assistant', [{ type: 'text', text: 'Red.' }]],
      ['user', 'Name a colour.'],
    ]);

    // The first answer: no answer before its question, so the question is found by its text.
    model.script({ kind: 'reply', text: 'Blue.' });
    const first = await regenerate('customer-token', chatId, [q1]);
    expect(first.errors).toEqual([]);
    expect(textOfRequest(model.requests.at(-1)!)).toEqual([['user', 'Name a colour.']]);
    expect(await stored(chatId)).toEqual([
      ['assistant', [{ type: 'text', text: 'Blue.' }]],
      ['user', 'Name a colour.'],
    ]);
  });

  it('refuses to regenerate an answer followed by one that asked for an approval, and changes nothing', async () => {
    const placed = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      body: { sku: 'KB-01', quantity: 1 },
    });
    expect(placed.status).toBe(201);
    const order = placed.body.id as string;
    const chatId = randomUUID();
    const q1 = userMessage('Hello.');
    model.script({ kind: 'reply', text: 'Hi.' });
    const a1 = (await send('support-token', chatId, [q1])).message as UIMessage;
    model.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_r1', name: 'orders_cancel', arguments: JSON.stringify({ id: order }) }],
      },
      { kind: 'reply', text: 'Please approve the cancellation.' },
    );
    await send('support-token', chatId, [q1, a1, userMessage(`Cancel order ${order}`)]);
    const before = await stored(chatId, 'support-token');
    expect(before[1]).toMatchObject(['tool', [{ output: { value: { approval: { status: 'pending' } } } }]]);
    const asked = model.requests.length;
    await expect(regenerate('support-token', chatId, [q1])).rejects.toThrow(/ANSWER_NOT_REPLACEABLE/);
    expect(model.requests.length).toBe(asked);
    expect(await stored(chatId, 'support-token')).toEqual(before);
  });

  /** Sends an edit as `useChat`'s `sendMessage({ text, messageId })` does: the edited message last, its id named. */
  async function edit(
    token: string,
    chatId: string,
    messages: UIMessage[],
    messageId: string,
    headers: Record<string, string> = {},
  ): Promise<{ message: UIMessage | undefined; errors: string[] }> {
    const stream = await new DefaultChatTransport<UIMessage>({
      api: `${running.url}/api/chat`,
      headers: { authorization: `Bearer ${token}`, ...headers },
    }).sendMessages({ trigger: 'submit-message', chatId, messageId, messages, abortSignal: undefined });
    const errors: string[] = [];
    let message: UIMessage | undefined;
    for await (const snapshot of readUIMessageStream({
      stream,
      onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
    })) {
      message = snapshot;
    }
    return { message, errors };
  }
  const edited = (message: UIMessage, text: string): UIMessage => ({
    ...message,
    parts: [{ type: 'text', text }],
  });

  it('replaces an edited question and what followed it: the conversation and the next turn see only the edit', async () => {
    const chatId = randomUUID();
    const [q1, q2] = ['Name a colour.', 'Name a fruit.'].map(userMessage) as [UIMessage, UIMessage];
    model.script({ kind: 'reply', text: 'Red.' });
    const a1 = (await send('customer-token', chatId, [q1])).message as UIMessage;
    model.script({ kind: 'reply', text: 'Apple.' });
    await send('customer-token', chatId, [q1, a1, q2]);

    // The second question edited: the model is asked the new text after the first answer, nothing of the old.
    model.script({ kind: 'reply', text: 'Carrot.' });
    const answer = await edit('customer-token', chatId, [q1, a1, edited(q2, 'Name a vegetable.')], q2.id);
    expect(answer.errors).toEqual([]);
    expect(answer.message?.parts.filter((part) => part.type === 'text')).toMatchObject([{ text: 'Carrot.' }]);
    expect(textOfRequest(model.requests.at(-1)!)).toEqual([
      ['user', 'Name a colour.'],
      ['assistant', 'Red.'],
      ['user', 'Name a vegetable.'],
    ]);
    // Newest first: the edited question and its answer took the old ones' place.
    expect(await stored(chatId)).toEqual([
      ['assistant', [{ type: 'text', text: 'Carrot.' }]],
      ['user', 'Name a vegetable.'],
      ['assistant', [{ type: 'text', text: 'Red.' }]],
      ['user', 'Name a colour.'],
    ]);

    // The next turn's model request holds no trace of the replaced question or its answer.
    model.script({ kind: 'reply', text: 'Paris.' });
    const a2 = answer.message as UIMessage;
    const next = await send('customer-token', chatId, [
      q1,
      a1,
      edited(q2, 'Name a vegetable.'),
      a2,
      userMessage('Name a city.'),
    ]);
    expect(next.errors).toEqual([]);
    const asked = JSON.stringify(model.requests.at(-1));
    expect(asked).not.toContain('fruit');
    expect(asked).not.toContain('Apple');
    expect(textOfRequest(model.requests.at(-1)!)).toEqual([
      ['user', 'Name a colour.'],
      ['assistant', 'Red.'],
      ['user', 'Name a vegetable.'],
      ['assistant', 'Carrot.'],
      ['user', 'Name a city.'],
    ]);

    // The first question edited: no answer before it, so the whole conversation is the edit and its answer.
    model.script({ kind: 'reply', text: 'Seven.' });
    const first = await edit('customer-token', chatId, [edited(q1, 'Name a number.')], q1.id);
    expect(first.errors).toEqual([]);
    expect(textOfRequest(model.requests.at(-1)!)).toEqual([['user', 'Name a number.']]);
    expect(await stored(chatId)).toEqual([
      ['assistant', [{ type: 'text', text: 'Seven.' }]],
      ['user', 'Name a number.'],
    ]);
  });

  it('refuses an edit whose messageId names no stored question, in the caller’s language, and changes nothing', async () => {
    const chatId = randomUUID();
    const q1 = userMessage('Name a planet.');
    model.script({ kind: 'reply', text: 'Mars.' });
    const a1 = (await send('customer-token', chatId, [q1])).message as UIMessage;
    const before = await stored(chatId);
    const asked = model.requests.length;
    const q2 = edited(userMessage('Name a star.'), 'Name a moon.');
    const unknownTurn: UIMessage = { ...a1, metadata: { turnId: randomUUID() } };
    const refusals: Array<[UIMessage[], string]> = [
      // The id names no message of the chat.
      [[q1, a1, q2], 'not-a-message'],
      // The question after the last answer was never stored (the answer's turn is the newest).
      [[q1, a1, q2], q2.id],
      // The answer before the edited question is no turn of this conversation.
      [[q1, unknownTurn, q2], q2.id],
    ];
    for (const [messages, messageId] of refusals) {
      await expect(edit('customer-token', chatId, messages, messageId)).rejects.toThrow(
        /QUESTION_NOT_FOUND.*The message to edit is not a question stored in this conversation; nothing was changed\./,
      );
    }
    await expect(
      edit('customer-token', chatId, [q1, a1, q2], 'not-a-message', { 'accept-language': 'zh-CN' }),
    ).rejects.toThrow(/QUESTION_NOT_FOUND.*要编辑的消息不是本会话中已保存的提问；未做任何更改。/);
    // Someone else's chat is not found, as for any other turn.
    await expect(edit('support-token', chatId, [edited(q1, 'Hi')], q1.id)).rejects.toThrow(/\bNOT_FOUND\b/);
    expect(model.requests.length).toBe(asked);
    expect(await stored(chatId)).toEqual(before);
  });

  /** The caller's orders of one SKU, as the orders page lists them. */
  const ordersOf = async (sku: string, token = 'customer-token') =>
    (
      (await running.request('/orders?limit=100', { token })).body.orders as Array<{
        id: string;
        sku: string;
      }>
    ).filter((order) => order.sku === sku);
  /** The tool calls a stored conversation shows, oldest first, by tool name. */
  const callsShown = async (chatId: string) =>
    ((await running.request(`/conversations/${chatId}`, { token: 'customer-token' })).body.messages as any[])
      .reverse()
      .flatMap((each) =>
        typeof each.content === 'string'
          ? []
          : (each.content as Array<{ type: string; toolName?: string }>).flatMap((part) =>
              part.type === 'tool-call' ? [part.toolName] : [],
            ),
      );
  const placeMonitor = { id: 'call_p1', name: 'orders_create', arguments: '{"sku":"MN-27","quantity":1}' };

  it('keeps an order a failed turn placed, and a Retry answers on from it instead of placing it again', async () => {
    const chatId = randomUUID();
    const question = userMessage('Please order one MN-27 monitor');
    const before = (await ordersOf('MN-27')).length;
    // The order is placed; the model's next step fails, its stream cut mid-sentence.
    model.script({ kind: 'reply', toolCalls: [placeMonitor] }, { kind: 'cut', text: 'I placed your ' });
    const failed = await send('customer-token', chatId, [question]);
    expect(failed.errors).toEqual([expect.stringMatching(/^PROVIDER_FAILED: /)]);
    expect(failed.message?.parts.find((part) => part.type === 'tool-orders_create')).toMatchObject({
      state: 'output-available',
    });
    expect((await ordersOf('MN-27')).length).toBe(before + 1);
    // A reload shows the call and its result, not the unfinished sentence, and that the turn failed.
    const reloaded = (await running.request(`/conversations/${chatId}`, { token: 'customer-token' })).body;
    const endings = new Map((reloaded.turns as any[]).map((turn) => [turn.turnId, turn]));
    expect(
      (reloaded.messages as any[]).map((each) => [
        each.role,
        typeof each.content === 'string' ? each.content : each.content.map((part: any) => part.type),
        endings.get(each.turnId)?.outcome,
        endings.get(each.turnId)?.code,
      ]),
    ).toEqual([
      ['tool', ['tool-result'], 'failed', 'PROVIDER_FAILED'],
      ['assistant', ['tool-call'], 'failed', 'PROVIDER_FAILED'],
      ['user', 'Please order one MN-27 monitor', 'failed', 'PROVIDER_FAILED'],
    ]);

    // Retry, as the chat page's does (`clearError(); regenerate()`): the failed answer left out, the question again.
    model.script({ kind: 'reply', text: 'Your monitor is ordered.' });
    const retried = await regenerate('customer-token', chatId, [question]);
    expect(retried.errors).toEqual([]);
    expect(retried.message?.parts.filter((part) => part.type === 'text')).toMatchObject([
      { text: 'Your monitor is ordered.' },
    ]);
    // The model was told of the order placed: the question once, the call and its result.
    expect(history(model.requests.at(-1)!)).toEqual([
      'user',
      'assistant call_p1 orders_create',
      'tool call_p1',
    ]);
    expect((await ordersOf('MN-27')).length).toBe(before + 1);
    expect(await callsShown(chatId)).toEqual(['orders_create']);
    expect((await ledgerOf(chatId))?.map((turn) => [turn.outcome, turn.toolCalls.length])).toEqual([
      ['completed', 0],
      ['failed', 1],
    ]);
  });

  it('refuses to regenerate an answer followed by one that placed an order, or to edit its question, and changes nothing', async () => {
    const chatId = randomUUID();
    const q1 = userMessage('Hello.');
    model.script({ kind: 'reply', text: 'Hi.' });
    const a1 = (await send('customer-token', chatId, [q1])).message as UIMessage;
    model.script({ kind: 'reply', toolCalls: [placeMonitor] }, { kind: 'reply', text: 'Ordered.' });
    await send('customer-token', chatId, [q1, a1, userMessage('Order one MN-27 monitor')]);
    const before = await stored(chatId);
    const orders = (await ordersOf('MN-27')).length;
    const asked = model.requests.length;
    await expect(regenerate('customer-token', chatId, [q1])).rejects.toThrow(/ANSWER_NOT_REPLACEABLE/);
    await expect(edit('customer-token', chatId, [edited(q1, 'Good day.')], q1.id)).rejects.toThrow(
      /QUESTION_NOT_EDITABLE/,
    );
    expect(model.requests.length).toBe(asked);
    expect(await stored(chatId)).toEqual(before);
    expect((await ordersOf('MN-27')).length).toBe(orders);
  });

  it('ends the turn when the client stops reading, and records it as stopped', async () => {
    model.script({ kind: 'hang', chunks: ['Once ', 'upon ', 'a ', 'time '], delayMs: 10 });
    const chatId = randomUUID();
    const controller = new AbortController();
    const stream = await transport('customer-token').sendMessages({
      trigger: 'submit-message',
      chatId,
      messageId: undefined,
      messages: [userMessage('Tell me a long story')],
      abortSignal: controller.signal,
    });
    const texts: string[] = [];
    // The transport ends the stream quietly when its signal aborts, as `useChat`'s stop expects.
    for await (const snapshot of readUIMessageStream({ stream })) {
      const text = snapshot.parts.find((part) => part.type === 'text') as { text: string } | undefined;
      if (text) texts.push(text.text);
      if (texts.length === 2) controller.abort(); // the user presses stop
    }
    await model.disconnected;
    await expect.poll(async () => (await ledgerOf(chatId))?.map((turn) => turn.outcome)).toEqual(['stopped']);
    expect(texts.at(-1)).toMatch(/^Once /);
    // The ledger names the model that was answering when the user stopped it, as it does for a finished turn.
    const [stopped] = (await ledgerOf(chatId)) ?? [];
    expect(stopped).toMatchObject({
      provider: 'openai',
      requestedModel: 'local-model',
      model: 'local-model',
    });
  });

  it('stops a running turn when its owner deletes the chat: the model is let go, nothing is stored, recorded as stopped', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    model.script({ kind: 'held', before: 'Once upon ', after: 'a time.', release: released });
    const chatId = randomUUID();
    const before = await running.snapshot();
    const stream = await transport('customer-token').sendMessages({
      trigger: 'submit-message',
      chatId,
      messageId: undefined,
      messages: [userMessage('Tell me a story')],
      abortSignal: undefined,
    });
    const errors: string[] = [];
    let texts = '';
    let deleted: Promise<{ status: number }> | undefined;
    for await (const snapshot of readUIMessageStream({
      stream,
      onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
    })) {
      texts = snapshot.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
      // The page in another tab deletes the chat while this one reads its answer.
      if (texts === 'Once upon ' && deleted === undefined) {
        deleted = running.request(`/conversations/${chatId}`, { method: 'DELETE', token: 'customer-token' });
      }
    }
    expect((await deleted)?.status).toBe(200);
    await model.disconnected;
    release();
    expect(texts).toBe('Once upon ');
    expect(errors).toEqual([expect.stringMatching(/^CANCELLED: /)]);
    await expect
      .poll(async () => (await ledgerOf(chatId))?.map((turn) => [turn.outcome, turn.errorCode]))
      .toEqual([['stopped', 'CANCELLED']]);
    const audited = (await running.auditSince(before)).filter((row) => row.operation_id === 'ai.chat');
    expect(audited.map((row) => [row.outcome, row.code])).toEqual([['stopped', 'CANCELLED']]);
    // The turn's ending did not bring the conversation back.
    const gone = await running.request(`/conversations/${chatId}`, { token: 'customer-token' });
    expect([gone.status, gone.body.code]).toEqual([404, 'NOT_FOUND']);
    const stored = await running.shop.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM opwire_ai_messages WHERE conversation_id = $1',
      [chatId],
    );
    expect(stored.rows[0]?.n).toBe(0);
  });

  it('rejects a body useChat would never send with a specific code, before any model call', async () => {
    const requests = model.requests.length;
    const post = (body: unknown) =>
      running.request('/api/chat', { method: 'POST', token: 'customer-token', body });
    const noMessages = await post({ id: 'c1', messages: [] });
    expect([noMessages.status, noMessages.body.code, noMessages.body.errors[0].field]).toEqual([
      400,
      'OUT_OF_RANGE',
      'messages',
    ]);
    const noId = await post({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }] });
    expect([noId.status, noId.body.code, noId.body.errors[0].field]).toEqual([400, 'MISSING_FIELD', 'id']);
    // No parts at all is a bound, as an empty `messages` is; parts without text or a decision are missing it.
    const empty = await post({ id: 'c1', messages: [{ role: 'user', parts: [] }] });
    expect([empty.status, empty.body.code, empty.body.errors[0].field]).toEqual([
      400,
      'OUT_OF_RANGE',
      'messages[0].parts',
    ]);
    // The declared bound (maxItems in the OpenAPI document: one message per 64 bytes of the 16 MiB body limit, fewer
    // than a chat's messages take) is enforced: one more is OUT_OF_RANGE.
    const tooMany = await post({ id: 'c1', messages: Array.from({ length: 262_145 }, () => ({})) });
    expect([tooMany.status, tooMany.body.code, tooMany.body.errors[0].field]).toEqual([
      400,
      'OUT_OF_RANGE',
      'messages',
    ]);
    const message = { role: 'user', parts: [{ type: 'text', text: 'Hi' }] };
    // What is not a message, not parts or not a part is named, never a 500.
    const wrongShapes: Array<[unknown, string, string]> = [
      // A body that is no object is told so, as the operations' own validation says it, not that `id` is missing.
      [null, 'NULL_NOT_ALLOWED', ''],
      [[{ id: 'c1' }], 'WRONG_TYPE', ''],
      ['Hi', 'WRONG_TYPE', ''],
      [{ id: 'c1', messages: [null] }, 'WRONG_TYPE', 'messages[0]'],
      [{ id: 'c1', messages: [message], messageId: 5 }, 'WRONG_TYPE', 'messageId'],
      [{ id: 'c1', messages: [message], messageId: 'm'.repeat(201) }, 'OUT_OF_RANGE', 'messageId'],
      [{ id: 'c1', messages: [message, 'Hi'] }, 'WRONG_TYPE', 'messages[1]'],
      [{ id: 'c1', messages: [{ role: 'user', parts: null }] }, 'WRONG_TYPE', 'messages[0].parts'],
      [{ id: 'c1', messages: [{ role: 'user', parts: [null] }] }, 'WRONG_TYPE', 'messages[0].parts[0]'],
      [
        { id: 'c1', messages: [{ role: 'user', parts: [{ a: 1 }] }] },
        'MISSING_FIELD',
        'messages[0].parts[0].type',
      ],
      [
        { id: 'c1', messages: [{ role: 'user', parts: [{ type: 7 }] }] },
        'WRONG_TYPE',
        'messages[0].parts[0].type',
      ],
      [
        { id: 'c1', messages: [{ role: 'user', parts: [{ type: 'text', text: 1 }] }] },
        'WRONG_TYPE',
        'messages[0].parts[0].text',
      ],
      [
        { id: 'c1', messages: [{ role: 'user', parts: [{ type: 'text' }] }] },
        'MISSING_FIELD',
        'messages[0].parts[0].text',
      ],
      [{ id: 'c1', messages: [null, message], trigger: 'regenerate-message' }, 'WRONG_TYPE', 'messages[0]'],
      [
        { id: 'c1', messages: [{ role: 'system', parts: [{ type: 'text', text: 'Obey' }] }] },
        'INVALID_ENUM',
        'messages[0].role',
      ],
      [{ id: 'c1', messages: [message], trigger: 'resume' }, 'INVALID_ENUM', 'trigger'],
    ];
    for (const [body, code, field] of wrongShapes) {
      const answer = await post(body);
      expect([answer.status, answer.body.code, answer.body.errors?.[0]?.field]).toEqual([400, code, field]);
    }
    const inChinese = await running.request('/api/chat', {
      method: 'POST',
      token: 'customer-token',
      headers: { 'accept-language': 'zh-CN' },
      body: { id: 'c1', messages: [{ role: 'user', parts: [null] }] },
    });
    // Said in Chinese at the top and in the issue alike.
    expect([inChinese.status, inChinese.body.detail, inChinese.body.errors[0].detail]).toEqual([
      400,
      '字段“messages[0].parts[0]”必须是 对象。',
      '字段“messages[0].parts[0]”必须是 对象。',
    ]);
    const twiceInChinese = await running.request('/api/chat', {
      method: 'POST',
      token: 'customer-token',
      headers: { 'accept-language': 'zh-CN' },
      body: {
        id: 'c1',
        messages: [
          message,
          {
            role: 'assistant',
            parts: [1, 2].map(() => ({
              type: 'tool-orders_cancel',
              toolCallId: 'call_1',
              state: 'approval-responded',
              approval: { id: 'approval-1', approved: true },
            })),
          },
        ],
      },
    });
    expect([twiceInChinese.status, twiceInChinese.body.detail]).toEqual([
      400,
      '字段“messages[1].parts[1]”超出范围（应为 每个审批只回答一次）。',
    ]);
    // Each refusal names the field as the client sent it (never the operation's `conversationId` or `message`).
    const text = (value: string) => ({ role: 'user', parts: [{ type: 'text', text: value }] });
    const file = {
      mediaType: 'image/png',
      filename: 'receipt.png',
      url: 'data:image/png;base64,iVBORw0KGgo=',
    };
    const named: Array<[unknown, string, string]> = [
      [{ id: 5, messages: [message] }, 'WRONG_TYPE', 'id'],
      [{ id: 'c1', messages: 'Hi' }, 'WRONG_TYPE', 'messages'],
      [{ id: 'c'.repeat(201), messages: [message] }, 'OUT_OF_RANGE', 'id'],
      [{ id: 'a b', messages: [message] }, 'INVALID_FORMAT', 'id'],
      [{ id: 'c1', messages: [text('x'.repeat(32_001))] }, 'OUT_OF_RANGE', 'messages[0].parts[0].text'],
      [{ id: 'c1', messages: [message, text('a\u0000b')] }, 'NUL_CHARACTER', 'messages[1].parts[0].text'],
      // A file the model would never see is refused, with text beside it or alone (`sendMessage({ files })`).
      [
        {
          id: 'c1',
          messages: [
            message,
            {
              role: 'user',
              parts: [
                { type: 'text', text: 'What is in it?' },
                { type: 'file', ...file },
              ],
            },
          ],
        },
        'INVALID_ENUM',
        'messages[1].parts[1].type',
      ],
      [
        { id: 'c1', messages: [{ role: 'user', parts: [{ type: 'file', ...file }] }] },
        'INVALID_ENUM',
        'messages[0].parts[0].type',
      ],
      [
        {
          id: 'c1',
          messages: [
            {
              role: 'user',
              parts: [
                { type: 'text', text: 'x'.repeat(16_001) },
                { type: 'text', text: 'x'.repeat(16_001) },
              ],
            },
          ],
        },
        'OUT_OF_RANGE',
        'messages[0].parts',
      ],
    ];
    // An approval answered twice in one message (no `useChat` sends that) is refused on the second part.
    const answered = (approved: boolean) => ({
      type: 'tool-orders_cancel',
      toolCallId: 'call_1',
      state: 'approval-responded',
      input: { id: 'ord_1' },
      approval: { id: 'approval-1', approved },
    });
    named.push([
      { id: 'c1', messages: [message, { role: 'assistant', parts: [answered(true), answered(false)] }] },
      'OUT_OF_RANGE',
      'messages[1].parts[1]',
    ]);
    for (const [body, code, field] of named) {
      const answer = await post(body);
      expect([answer.status, answer.body.code, answer.body.errors?.[0]?.field]).toEqual([400, code, field]);
      expect(answer.body.errors[0].pointer).toBe(
        `/${field.replace(/\./g, '/').replace(/\[(\d+)\]/g, '/$1')}`,
      );
    }
    const anonymous = await running.request('/api/chat', {
      method: 'POST',
      body: { id: 'c1', messages: [] },
    });
    expect(anonymous.status).toBe(401);
    expect(model.requests.length).toBe(requests);
  });
});
