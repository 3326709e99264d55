import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compileJsonStringify } from '@opwire/core/surface';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonAnswer, type PlainAnswer } from './answer.js';
import { writeAnswer } from './write-answer.js';

let server: Server | undefined;
afterEach(async () => {
  // Connections the client keeps alive would hold `close` for seconds.
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** Serves every request with the same answer object, as a route that keeps a fixed answer would. */
async function serveAnswer(answer: PlainAnswer, closing: boolean): Promise<string> {
  server = createServer((_request, response) => {
    writeAnswer(response, answer, closing);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('writeAnswer', () => {
  it('sends the head of an event stream before its first event', async () => {
    let cancelled = false;
    server = createServer((_request, response) => {
      const events = new ReadableStream({
        cancel: () => {
          cancelled = true;
        },
      });
      void writeAnswer(
        response,
        new Response(events, { headers: { 'content-type': 'text/event-stream' } }),
        false,
      );
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    await response.body?.cancel();
    await expect.poll(() => cancelled).toBe(true);
  });

  it('cancels the body of a web answer written after its client went away', async () => {
    let cancelled = false;
    let left!: () => void;
    const clientLeft = new Promise<void>((resolve) => {
      left = resolve;
    });
    server = createServer((_request, response) => {
      response.once('close', left);
      // The answer is ready only once the client is gone (a route still producing its first chunk).
      void clientLeft.then(() => {
        const events = new ReadableStream({
          cancel: () => {
            cancelled = true;
          },
        });
        void writeAnswer(
          response,
          new Response(events, { headers: { 'content-type': 'text/event-stream' } }),
          false,
        );
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const controller = new AbortController();
    const pending = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      signal: controller.signal,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await pending;
    await expect.poll(() => cancelled).toBe(true);
  });

  it('writes length and connection headers without changing the answer it was given', async () => {
    const answer: PlainAnswer = {
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: '订单',
      close: true,
    };
    const url = await serveAnswer(answer, false);
    for (let round = 0; round < 2; round++) {
      const response = await fetch(url);
      expect(response.headers.get('content-length')).toBe('6');
      expect(response.headers.get('connection')).toBe('close');
      expect(await response.text()).toBe('订单');
    }
    expect(answer.headers).toEqual({ 'content-type': 'text/plain; charset=utf-8' });
  });

  it('sends an operation answer with its length in bytes, ASCII or not', async () => {
    const stringify = compileJsonStringify(Type.Object({ item: Type.String() }));
    for (const item of ['green tea', '绿茶', 'é'.repeat(50), 'x'.repeat(50)]) {
      const answer = jsonAnswer(200, { item }, 'r-1', undefined, stringify);
      server = createServer((_request, response) => writeAnswer(response, answer, false));
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get('content-length')).toBe(String(bytes.length));
      expect(JSON.parse(bytes.toString('utf8'))).toEqual({ item });
      server.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
      server = undefined;
    }
  });

  it('writes a frozen answer (one shared by every request)', async () => {
    const answer: PlainAnswer = Object.freeze({
      status: 200,
      headers: Object.freeze({ 'content-type': 'application/json' }) as Record<string, string>,
      body: '{"status":"live"}',
    });
    const url = await serveAnswer(answer, true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ status: 'live' });
  });
});
