import { connect, type Socket } from 'node:net';
import { createOpwire, defineOperation } from '@opwire/core';
import type { Authenticator } from '@opwire/core/surface';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, type HttpServer } from './create-http-server.js';

// The node server reads bodies in the stream's own events; these cases drive it over a raw socket,
// where a test controls chunking and disconnects exactly.

let server: HttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serveNotes(
  options: { bodyLimit?: number; authenticate?: Authenticator; public?: boolean } = {},
) {
  const received: string[] = [];
  const note = defineOperation({
    id: 'notes.create',
    request: Type.Object({ text: Type.String() }, { additionalProperties: false }),
    response: Type.Object({ text: Type.String(), length: Type.Integer() }, { additionalProperties: false }),
    expose: ['http'],
    public: options.public ?? true,
    writes: true,
    handle: ({ text }) => {
      received.push(text);
      return { text, length: [...text].length };
    },
  });
  const app = createOpwire({ operations: [note] });
  server = createHttpServer(app, {
    bodyLimit: options.bodyLimit ?? 1024,
    authenticate: options.authenticate,
    docs: false,
  });
  const { port } = await server.listen({ port: 0, host: '127.0.0.1' });
  return { port, received, app };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Reads from a socket until it closes or `until` matches what arrived. */
function readUntil(socket: Socket, until: (text: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const finish = () => resolve(text);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (until(text)) finish();
    });
    socket.once('close', finish);
  });
}

/** After an abandoned request: the next one is served, and shutdown does not wait for the abandoned one. */
async function expectServingThenPromptShutdown(port: number, received: string[]) {
  const response = await fetch(`http://127.0.0.1:${port}/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'after' }),
  });
  expect([response.status, await response.json()]).toEqual([201, { text: 'after', length: 5 }]);
  expect(received).toEqual(['after']);
  // The abandoned request counts as settled: shutdown does not wait out its 10 s grace period for it.
  const closed = server?.close().then(() => 'closed');
  const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000));
  expect(await Promise.race([closed, waited])).toBe('closed');
}

const chunkedHead =
  'POST /notes HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n';

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Resolves 'closed' when the socket closes, or 'still open' after `milliseconds`. */
function closedWithin(socket: Socket, milliseconds: number): Promise<string> {
  if (socket.closed) return Promise.resolve('closed');
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still open'), milliseconds);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve('closed');
    });
  });
}

function chunk(bytes: Buffer | string): Buffer {
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
}

describe('node server: request bodies', () => {
  it('joins a body sent in chunks, with a Chinese character split between two of them', async () => {
    const { port, received } = await serveNotes();
    const body = Buffer.from(JSON.stringify({ text: '订单 ok' }));
    const split = body.indexOf(Buffer.from('订')) + 1; // inside the three bytes of 订
    const socket = await open(port);
    const answer = readUntil(socket, (text) => text.includes('}'));
    socket.write(chunkedHead);
    socket.write(chunk(body.subarray(0, split)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.write(Buffer.concat([chunk(body.subarray(split)), Buffer.from('0\r\n\r\n')]));
    const text = await answer;
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1.1 201 /);
    expect(text).toContain('{"text":"订单 ok","length":5}');
    expect(received).toEqual(['订单 ok']);
  });

  it('answers 413 as soon as a chunked body passes the limit, closes the connection, runs nothing', async () => {
    const { port, received, app } = await serveNotes({ bodyLimit: 64 });
    const socket = await open(port);
    const answer = readUntil(socket, () => false);
    socket.write(chunkedHead);
    socket.write(chunk(`{"text":"${'x'.repeat(40)}`));
    socket.write(chunk(`${'y'.repeat(40)}"}`));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1.1 413 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(text).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(received).toEqual([]);
    expect(await app.audit.list()).toEqual([]);
  });

  it('runs nothing for a client that goes away mid-body, and keeps serving', async () => {
    const { port, received, app } = await serveNotes();
    const socket = await open(port);
    socket.write(
      'POST /notes HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"text":"par',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([]);
    expect(await app.audit.list()).toEqual([]);

    await expectServingThenPromptShutdown(port, received);
  });

  it('runs nothing for a client that goes away while it is being authenticated, and close() does not wait', async () => {
    let authenticated = 0;
    // An authenticator that looks the token up somewhere: the client leaves before it answers.
    const authenticate: Authenticator = async () => {
      await sleep(100);
      authenticated++;
      return { principalId: 'alice', tenant: 'acme', permissions: ['*'] };
    };
    const { port, received, app } = await serveNotes({ authenticate });
    const socket = await open(port);
    socket.write(
      'POST /notes HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"text":"par',
    );
    await sleep(20);
    socket.destroy();
    await sleep(150);
    expect(authenticated).toBe(1);
    expect(received).toEqual([]);
    expect(await app.audit.list()).toEqual([]);

    await expectServingThenPromptShutdown(port, received);
  });

  it('closes the connection after refusing an anonymous chunked body, instead of draining it', async () => {
    const { port, received, app } = await serveNotes({ bodyLimit: 1024 * 1024, public: false });
    const socket = await open(port);
    socket.on('error', () => undefined); // the server may reset the connection while the client still writes
    const answer = readUntil(socket, (text) => text.includes('}'));
    socket.write(chunkedHead);
    socket.write(chunk(`{"text":"${'x'.repeat(1024)}`));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1.1 401 /);
    expect(text).toContain('"code":"UNAUTHENTICATED"');
    expect(text.toLowerCase()).toContain('connection: close');
    // The client keeps sending; the server must not read 20 MiB against a 1 MiB limit.
    const piece = chunk('y'.repeat(64 * 1024));
    let sent = 0;
    while (!socket.destroyed && sent < 20 * 1024 * 1024) {
      if (!socket.write(piece))
        await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
      sent += piece.length;
    }
    expect(await closedWithin(socket, 1000)).toBe('closed');
    expect(sent).toBeLessThan(20 * 1024 * 1024);
    expect(received).toEqual([]);
    expect((await app.audit.list()).map((record) => record.code)).toEqual(['UNAUTHENTICATED']);
    const after = await fetch(`http://127.0.0.1:${port}/health/live`);
    expect(after.status).toBe(200);
  });
});
