import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefaultChatTransport, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { type RunningShop, startShop, startShopMain } from './shop-harness.js';

// `useChat({ resume: true })` against a shop that keeps running turns (`CHAT_RESUME_SECONDS`, here 1.5 s):
// the AI SDK's own `DefaultChatTransport` posts the chat, drops it as a reloaded page does, and reconnects
// (`reconnectToStream`, `GET /api/chat/{id}/stream`); its `readUIMessageStream` builds the message.

const keepRunningMs = 1500;

describe('POST /api/chat with resumable streams: a reloaded page reads the running answer', () => {
  let model: OpenAIWireServer;
  let running: RunningShop;
  beforeAll(async () => {
    model = await startOpenAIWireServer();
    running = await startShop({
      assistant: {
        env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'local-model' },
        resumeMs: keepRunningMs,
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
  const textOf = (message: UIMessage | undefined) =>
    (message?.parts ?? [])
      .filter((part) => part.type === 'text')
      .map((part) => (part as { text: string }).text)
      .join('');
  const outcomes = async (chatId: string) =>
    (
      await running.request(`/governance/turns?conversationId=${chatId}`, { token: 'admin-token' })
    ).body.turns?.map((turn: { outcome: string }) => turn.outcome);

  /** Posts a question, reads until `seen` shows in the answer, then drops the request as a reload does. */
  async function postAndLeave(chatId: string, question: string, seen: string): Promise<UIMessage> {
    const controller = new AbortController();
    const stream = await transport('customer-token').sendMessages({
      trigger: 'submit-message',
      chatId,
      messageId: undefined,
      messages: [userMessage(question)],
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

  /** Reads a resumed stream to the message it builds. */
  async function readAll(stream: ReadableStream<UIMessageChunk>): Promise<UIMessage | undefined> {
    let message: UIMessage | undefined;
    for await (const snapshot of readUIMessageStream({ stream })) message = snapshot;
    return message;
  }

  it('gives a reloaded page the answer from its start and follows it to its end; the turn runs once, recorded once', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    model.script({ kind: 'held', before: 'Once upon ', after: 'a time.', release: released });
    const requests = model.requests.length;
    const chatId = randomUUID();
    const before = await running.snapshot();
    const left = await postAndLeave(chatId, 'Tell me a story', 'upon');
    expect(textOf(left)).toBe('Once upon ');

    // The page comes back: the transport reconnects and gets the running answer from its first chunk.
    const resumed = await transport('customer-token').reconnectToStream({ chatId });
    expect(resumed).not.toBeNull();
    // Someone else asking for the chat is told NOT_FOUND, as /api/chat tells them; the turn runs on.
    await expect(transport('support-token').reconnectToStream({ chatId })).rejects.toThrow(/NOT_FOUND/);
    release();
    const message = await readAll(resumed as ReadableStream<UIMessageChunk>);
    expect(textOf(message)).toBe('Once upon a time.');
    // Its start names the question, which the conversation stores only when the turn ends.
    expect(message?.metadata).toMatchObject({
      conversationId: chatId,
      turnId: (left.metadata as { turnId: string }).turnId,
      question: 'Tell me a story',
      outcome: 'completed',
    });
    // One model call, one turn in the ledger, one audit record of the chat operation, and the answer stored.
    expect(model.requests.length).toBe(requests + 1);
    await expect.poll(() => outcomes(chatId)).toEqual(['completed']);
    const audited = (await running.auditSince(before)).filter((row) => row.operation_id === 'ai.chat');
    expect(audited.map((row) => row.outcome)).toEqual(['ok']);
    const stored = await running.request(`/conversations/${chatId}`, { token: 'customer-token' });
    expect(JSON.stringify(stored.body)).toContain('Once upon a time.');
    // Ended, it is no longer running: the next load is told 204, which the transport reads as no stream.
    await expect(transport('customer-token').reconnectToStream({ chatId })).resolves.toBeNull();
    // Embedded PGlite serves this process alone: nothing of the turn was written for other processes.
    const written = await running.shop.db.query<{ turns: number }>(
      'SELECT count(*)::int AS turns FROM opwire_ai_streams',
    );
    expect(written.rows[0]?.turns).toBe(0);
  });

  it('lets a second reader follow while the first reads: both get the whole answer', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    model.script({ kind: 'held', before: 'Red and ', after: 'green.', release: released });
    const chatId = randomUUID();
    const first = await transport('customer-token').sendMessages({
      trigger: 'submit-message',
      chatId,
      messageId: undefined,
      messages: [userMessage('Name two colours')],
      abortSignal: undefined,
    });
    const firstMessage = readAll(first);
    let second: ReadableStream<UIMessageChunk> | null = null;
    // The turn is registered once its first chunk is out: ask until the second tab finds it.
    await expect
      .poll(async () => {
        second = await transport('customer-token').reconnectToStream({ chatId });
        return second !== null;
      })
      .toBe(true);
    release();
    const [a, b] = await Promise.all([
      firstMessage,
      readAll(second as unknown as ReadableStream<UIMessageChunk>),
    ]);
    expect(textOf(a)).toBe('Red and green.');
    expect(textOf(b)).toBe('Red and green.');
    await expect.poll(() => outcomes(chatId)).toEqual(['completed']);
  });

  it('stops a running turn at once when its owner posts /api/chat/{id}/stop, and records it as stopped', async () => {
    model.script({ kind: 'hang', chunks: ['Once ', 'upon ', 'a ', 'time ', 'there ', 'was '], delayMs: 300 });
    const chatId = randomUUID();
    const before = await running.snapshot();
    const stream = await transport('customer-token').sendMessages({
      trigger: 'submit-message',
      chatId,
      messageId: undefined,
      messages: [userMessage('Tell me a long story')],
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
    const stop = (id: string, token: string) =>
      running.request(`/api/chat/${id}/stop`, { method: 'POST', token });
    // Someone else's chat is not found, and a malformed id is refused on `id`, as /api/chat refuses them; the
    // turn runs on.
    expect(await stop(chatId, 'support-token')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await stop('not%20an%20id', 'customer-token')).toMatchObject({
      status: 400,
      body: { errors: [expect.objectContaining({ field: 'id' })] },
    });
    expect(await stop(chatId, '')).toMatchObject({ status: 401 });
    expect(await outcomes(chatId)).toEqual([]);
    // The owner's stop ends the turn while its first reader still reads (a read turn is never stopped for want of
    // a reader, and the model's answer hangs after its last chunk): the model is let go and the reader ends.
    expect(await stop(chatId, 'customer-token')).toMatchObject({ status: 200, body: { stopped: true } });
    await model.disconnected;
    const message = await read;
    expect(textOf(message)).toMatch(/^Once /);
    expect(textOf(message)).not.toContain('was');
    await expect.poll(() => outcomes(chatId)).toEqual(['stopped']);
    const audited = (await running.auditSince(before)).filter((row) => row.operation_id === 'ai.chat');
    expect(audited.map((row) => [row.outcome, row.code])).toEqual([['stopped', 'CANCELLED']]);
    // What it had said is kept, as for a stop without resumable streams; nothing runs to stop or resume now.
    const stored = await running.request(`/conversations/${chatId}`, { token: 'customer-token' });
    expect(stored.body.turns).toEqual([expect.objectContaining({ outcome: 'stopped', code: 'CANCELLED' })]);
    expect(await stop(chatId, 'customer-token')).toMatchObject({ status: 200, body: { stopped: false } });
    await expect(transport('customer-token').reconnectToStream({ chatId })).resolves.toBeNull();
  });

  it('stops a turn nobody comes back to after the keep time, and records it as stopped', async () => {
    model.script({ kind: 'hang', chunks: ['Once ', 'upon ', 'a ', 'time '], delayMs: 10 });
    const chatId = randomUUID();
    const before = await running.snapshot();
    let disconnected = false;
    void model.disconnected.then(() => {
      disconnected = true;
    });
    await postAndLeave(chatId, 'Tell me a long story', 'upon');
    // Taken once the request is dropped, so the keep time is measured from the leaving, not from the asking.
    const leftAt = Date.now();
    // Within the keep time the turn still runs: the model is still being read and the page could come back.
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (Date.now() - leftAt < keepRunningMs - 200) {
      expect(disconnected).toBe(false);
      expect(await outcomes(chatId)).toEqual([]);
    }
    await model.disconnected;
    expect(Date.now() - leftAt).toBeGreaterThanOrEqual(keepRunningMs - 50);
    await expect.poll(() => outcomes(chatId), { timeout: 10_000 }).toEqual(['stopped']);
    const audited = (await running.auditSince(before)).filter((row) => row.operation_id === 'ai.chat');
    expect(audited.map((row) => row.outcome)).toEqual(['stopped']);
    await expect(transport('customer-token').reconnectToStream({ chatId })).resolves.toBeNull();
  });
});

describe("the shop's CHAT_RESUME_SECONDS", () => {
  it('turns resumable streams on (the resume route documents its 200) and refuses a value that is no whole number of seconds', async () => {
    for (const value of ['-1', '1.5', 'soon', '3601']) {
      await expect(startShopMain({ DATABASE_URL: '', CHAT_RESUME_SECONDS: value })).rejects.toThrow(
        `CHAT_RESUME_SECONDS must be a whole number of seconds from 0 to 3600 (unset turns resuming off), not "${value}".`,
      );
    }
    const folder = await mkdtemp(join(tmpdir(), 'opwire-shop-resume-'));
    const children: ChildProcess[] = [];
    try {
      const documented = async (environment: Record<string, string>) => {
        const started = await startShopMain({
          DATABASE_URL: '',
          DATA_DIR: join(folder, randomUUID()),
          ...environment,
        });
        children.push(started.child);
        const document = (await (await fetch(`${started.url}/openapi.json`)).json()) as {
          paths: Record<string, { get: { responses: Record<string, unknown> } }>;
        };
        return Object.keys(document.paths['/api/chat/{id}/stream']?.get.responses ?? {}).filter((status) =>
          status.startsWith('2'),
        );
      };
      expect(await documented({ CHAT_RESUME_SECONDS: '30' })).toEqual(['200', '204']);
      expect(await documented({})).toEqual(['204']);
    } finally {
      for (const child of children) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
