import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '@opwire/core';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLimits } from './server-limits.js';
import { createFixtureApp, serveOverLoopback } from './testing/index.js';

type Served = Awaited<ReturnType<typeof serveOverLoopback>>;
let served: Served | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await served?.close();
  served = undefined;
});

async function serve(limits: Parameters<typeof resolveLimits>[0]) {
  const fixture = createFixtureApp();
  served = await serveOverLoopback(fixture.app, {
    authenticate: fixture.authenticate,
    limits,
    shutdownTimeoutMs: 200,
  });
  return served;
}

/** A raw connection: what it received, and a promise of the moment the server closed it. */
async function open(url: string) {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, closed, received: () => received };
}

/** Writes `text` a few bytes at a time until the socket closes. */
async function trickle(socket: Socket, text: string) {
  for (const character of text) {
    if (socket.destroyed || !socket.writable) return;
    socket.write(character);
    await sleep(100);
  }
}

/** How many connections the server holds open. */
const connectionsOf = (server: Served) =>
  new Promise<number>((resolve, reject) =>
    server.server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

const problemOf = (raw: string) =>
  JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

describe('server limits over a real socket', () => {
  it('cuts a slowloris at the headers timeout with 408 problem+json while another client is served', async () => {
    const server = await serve({ headersTimeoutMs: 400, requestTimeoutMs: 2000 });
    const slow = await open(server.url);
    void trickle(slow.socket, `GET /health/live HTTP/1.1\r\nHost: x\r\n${'X-Slow: 1\r\n'.repeat(100)}\r\n`);
    expect((await server.send({ path: '/health/live' })).status).toBe(200);
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(slow.received()).toContain('content-type: application/problem+json');
    expect(problemOf(slow.received())).toMatchObject({ status: 408, code: 'REQUEST_TIMEOUT' });
  });

  it('cuts a trickled body at the request timeout while another client is served', async () => {
    const server = await serve({ headersTimeoutMs: 400, requestTimeoutMs: 800 });
    const slow = await open(server.url);
    const body = JSON.stringify({ item: 'tea', quantity: 1 }).padEnd(200, ' ');
    slow.socket.write(
      `POST /orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer customer-token\r\nX-Request-Id: slow-1\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    void trickle(slow.socket, body);
    const other = await server.send({ path: '/orders', token: 'customer-token' });
    expect(other.status).toBe(200);
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    // The route's own access line and span record this request, under the id the client sent.
    expect(slow.received()).toContain('\r\nx-request-id: slow-1\r\n');
    // The order was never created: the cut request ran no handler.
    expect(await other.json()).toMatchObject({ items: [] });
    expect(await (await server.send({ path: '/orders', token: 'customer-token' })).json()).toMatchObject({
      items: [],
    });
  });

  it('refuses connections past the cap while the open ones keep being served', async () => {
    const server = await serve({ maxConnections: 2 });
    const first = await open(server.url);
    const second = await open(server.url);
    await sleep(50);
    // The kernel may accept the connection before Node closes it, or refuse it outright: either way no answer.
    const third = await open(server.url).catch(() => undefined);
    if (third) {
      third.socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n');
      await third.closed;
      expect(third.received()).toBe('');
    }
    for (const connection of [first, second]) {
      connection.socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n');
      await expect.poll(() => connection.received()).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*"status":"live"/);
    }
  });

  it('answers what Node refuses itself as problem+json: bad framing, smuggling shapes, headers too large', async () => {
    const server = await serve({});
    const cases: Array<[string, number, string]> = [
      ['GET /health/live HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400, 'MALFORMED_REQUEST'],
      [
        'POST /orders HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        400,
        'MALFORMED_REQUEST',
      ],
      [
        `GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'HEADERS_TOO_LARGE',
      ],
    ];
    for (const [request, status, code] of cases) {
      const connection = await open(server.url);
      connection.socket.write(request);
      await connection.closed;
      expect(connection.received()).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(problemOf(connection.received())).toMatchObject({ status, code });
    }
  });

  it("says what Node's parser refused in words, in the language the request asked for, never the parser's code", async () => {
    const server = await serve({});
    const cases: Array<[string, string, string]> = [
      [
        'G@T /health/live HTTP/1.1\r\nHost: x\r\n\r\n',
        'The request is not valid HTTP/1.1 (the request does not start with an HTTP method (was TLS or another protocol sent to a plain HTTP port?)).',
        '请求不是有效的 HTTP/1.1（请求不是以 HTTP 方法开头（是否把 TLS 或其他协议发到了明文 HTTP 端口？））。',
      ],
      [
        'GET /health/live now HTTP/1.1\r\nHost: x\r\n\r\n',
        'The request is not valid HTTP/1.1 (the request line must be "METHOD target HTTP/1.1", with no space or control character in the target).',
        '请求不是有效的 HTTP/1.1（请求行必须是“方法 目标 HTTP/1.1”，目标中不能有空格或控制字符）。',
      ],
      [
        'GET /health/live HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
        'The request is not valid HTTP/1.1 (Content-Length must be a non-negative whole number of bytes).',
        '请求不是有效的 HTTP/1.1（Content-Length 必须是非负整数（字节数））。',
      ],
      [
        'GET /health/live HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
        'The request is not valid HTTP/1.1 (Content-Length is sent more than once).',
        '请求不是有效的 HTTP/1.1（Content-Length 出现了不止一次）。',
      ],
      [
        'POST /orders HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        'The request is not valid HTTP/1.1 (Transfer-Encoding must end with "chunked" and cannot be sent with Content-Length).',
        '请求不是有效的 HTTP/1.1（Transfer-Encoding 必须以“chunked”结尾，且不能与 Content-Length 同时发送）。',
      ],
      [
        // The same two headers the other way round: the parser then faults on Content-Length, not on its value.
        'POST /orders HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n',
        'The request is not valid HTTP/1.1 (Content-Length cannot be sent with Transfer-Encoding).',
        '请求不是有效的 HTTP/1.1（Content-Length 不能与 Transfer-Encoding 同时发送）。',
      ],
      [
        'GET /health/live HTTP/1.1\r\nHost: x\r\nX-Note: a\x01b\r\n\r\n',
        'The request is not valid HTTP/1.1 (a header field has a character not allowed in its name or value, or is folded onto a second line).',
        '请求不是有效的 HTTP/1.1（某个头字段的名称或值含有不允许的字符，或被折行到了第二行）。',
      ],
    ];
    for (const [request, english, chinese] of cases) {
      for (const [language, detail] of [
        ['en', english],
        ['zh-CN', chinese],
      ] as const) {
        const connection = await open(server.url);
        // Accept-Language right after the request line: Node hands over the bytes it received, past the fault too.
        const lineEnd = request.indexOf('\r\n') + 2;
        connection.socket.write(
          `${request.slice(0, lineEnd)}Accept-Language: ${language}\r\n${request.slice(lineEnd)}`,
        );
        await connection.closed;
        const received = connection.received();
        expect(received).not.toContain('HPE_');
        expect(received).toContain(`\r\ncontent-language: ${language}\r\n`);
        expect(problemOf(received)).toMatchObject({ status: 400, code: 'MALFORMED_REQUEST', detail });
      }
    }
  });

  it('gives those answers the CORS headers of an allowed Origin, so a browser script can read them', async () => {
    const fixture = createFixtureApp();
    served = await serveOverLoopback(fixture.app, {
      authenticate: fixture.authenticate,
      cors: { origins: ['https://shop.example'] },
    });
    const send = async (origin: string, header: string) => {
      const connection = await open((served as Served).url);
      connection.socket.write(
        `GET /health/live HTTP/1.1\r\nHost: x\r\nOrigin: ${origin}\r\n${header}\r\n\r\n`,
      );
      await connection.closed;
      return connection.received();
    };
    const big = `X-Big: ${'a'.repeat(20_000)}`;
    const tooLarge = await send('https://shop.example', big);
    expect(tooLarge).toMatch(/^HTTP\/1\.1 431 /);
    expect(tooLarge).toMatch(/\r\naccess-control-allow-origin: https:\/\/shop\.example\r\n/);
    expect(tooLarge).toMatch(/\r\naccess-control-expose-headers: [^\r]*x-request-id/);
    const malformed = await send('https://shop.example', 'Content-Length: abc');
    expect(malformed).toMatch(
      /^HTTP\/1\.1 400 [\s\S]*\r\naccess-control-allow-origin: https:\/\/shop\.example\r\n/,
    );
    // An origin that is not allowed gets no CORS headers, only `Vary`.
    const foreign = await send('https://evil.example', big);
    expect(foreign).toMatch(/^HTTP\/1\.1 431 /);
    expect(foreign).not.toMatch(/access-control-allow-origin/i);
    expect(foreign).toMatch(/\r\nvary: Origin\r\n/);
  });

  it('refuses an HTTP/1.1 request without Host as problem+json in the asked language, with its request id and CORS headers', async () => {
    const fixture = createFixtureApp();
    served = await serveOverLoopback(fixture.app, {
      authenticate: fixture.authenticate,
      cors: { origins: ['https://shop.example'] },
    });
    for (const [language, detail] of [
      ['en', 'The request is not valid HTTP/1.1 (an HTTP/1.1 request must name its host in a Host header).'],
      ['zh-CN', '请求不是有效的 HTTP/1.1（HTTP/1.1 请求必须在 Host 头中指明主机）。'],
    ] as const) {
      const connection = await open(served.url);
      connection.socket.write(
        `GET /health/live HTTP/1.1\r\nAccept-Language: ${language}\r\nX-Request-Id: no-host-1\r\n` +
          'Origin: https://shop.example\r\nConnection: close\r\n\r\n',
      );
      await connection.closed;
      const received = connection.received();
      expect(received).toMatch(/^HTTP\/1\.1 400 /);
      expect(received).toMatch(/\r\ncontent-type: application\/problem\+json/i);
      expect(received).toMatch(/\r\nx-request-id: no-host-1\r\n/i);
      expect(received).toMatch(/\r\naccess-control-allow-origin: https:\/\/shop\.example\r\n/i);
      expect(problemOf(received)).toMatchObject({ status: 400, code: 'MALFORMED_REQUEST', detail });
    }
    // A preflight without Host is refused too, not answered 204.
    const preflight = await open(served.url);
    preflight.socket.write(
      'OPTIONS /orders HTTP/1.1\r\nOrigin: https://shop.example\r\nAccess-Control-Request-Method: POST\r\n' +
        'Connection: close\r\n\r\n',
    );
    await preflight.closed;
    expect(preflight.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(problemOf(preflight.received())).toMatchObject({ code: 'MALFORMED_REQUEST' });
    // HTTP/1.0 has no Host requirement: served as before.
    const old = await open(served.url);
    old.socket.write('GET /health/live HTTP/1.0\r\n\r\n');
    await old.closed;
    expect(old.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers an upload that expects 100-continue from its headers, asking for the body only when it is read', async () => {
    const server = await serve({});
    const head = (length: number) =>
      'POST /orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer customer-token\r\n' +
      `Content-Type: application/json\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`;
    // Too large for the body limit: the 413 comes first, so the client never starts an upload that is cut off.
    const tooLarge = await open(server.url);
    tooLarge.socket.write(head(2_000_000));
    await tooLarge.closed;
    expect(tooLarge.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(problemOf(tooLarge.received())).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // A body the route reads is asked for, then served.
    const body = '{"item":"tea","quantity":1}';
    const accepted = await open(server.url);
    accepted.socket.write(head(body.length));
    await expect.poll(() => accepted.received()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    accepted.socket.write(body);
    await expect.poll(() => accepted.received()).toMatch(/\r\n\r\nHTTP\/1\.1 201 [\s\S]*"item":"tea"/);
  });

  it('refuses an expectation other than 100-continue with 417 problem+json naming it, in the asked language', async () => {
    const server = await serve({});
    const ask = async (headers: string) => {
      const client = await open(server.url);
      client.socket.write(`POST /orders HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n${headers}\r\n`);
      await client.closed;
      return client.received();
    };
    const english = await ask('Expect: foo\r\n');
    expect(english).toMatch(/^HTTP\/1\.1 417 Expectation Failed\r\n/);
    expect(english).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/);
    expect(problemOf(english)).toEqual({
      type: 'urn:opwire:error:EXPECTATION_FAILED',
      title: 'Expectation Failed',
      status: 417,
      code: 'EXPECTATION_FAILED',
      detail: 'The request expects "foo", which this server does not support; only "100-continue" is.',
    });
    const chinese = await ask('Expect: bar=1\r\nAccept-Language: zh-CN\r\n');
    expect(chinese).toMatch(/\r\ncontent-language: zh-CN\r\n/);
    expect(problemOf(chinese)).toMatchObject({
      code: 'EXPECTATION_FAILED',
      detail: '请求要求“bar=1”，此服务器不支持；仅支持“100-continue”。',
    });
    // The route never ran: nothing was created.
    const orders = await server.send({ path: '/orders', token: 'customer-token' });
    expect(await orders.json()).toMatchObject({ items: [] });
  });

  it('gives what Node answers before any route (431, 400, 408, 417) an X-Request-Id and one access line', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => lines.push(JSON.parse(line)) },
    });
    const fixture = createFixtureApp();
    served = await serveOverLoopback(fixture.app, {
      authenticate: fixture.authenticate,
      logger,
      accessLog: true,
      limits: { headersTimeoutMs: 300, requestTimeoutMs: 2000 },
      shutdownTimeoutMs: 200,
    });
    const send = async (request: string) => {
      const connection = await open((served as Served).url);
      connection.socket.write(request);
      await connection.closed;
      const received = connection.received();
      return {
        status: Number(received.slice(9, 12)),
        id: /\r\nx-request-id: ([^\r]*)\r\n/.exec(received)?.[1],
      };
    };
    const secret = 'Authorization: Bearer customer-token\r\n';
    const answers = [
      await send(
        `GET /health/live?page=2 HTTP/1.1\r\nHost: x\r\nX-Request-Id: big-1\r\n${secret}` +
          `X-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
      await send(
        `POST /orders HTTP/1.1\r\nHost: x\r\nX-Request-Id: twice-1\r\n${secret}` +
          'Content-Length: 1\r\nContent-Length: 2\r\n\r\n',
      ),
      // Only part of the head ever comes: Node hands over none of it, so the id is a new one.
      await send(`GET /health/live HTTP/1.1\r\nHost: x\r\n${secret}`),
      await send(
        `POST /orders HTTP/1.1\r\nHost: x\r\nX-Request-Id: expect-1\r\n${secret}` +
          'Expect: foo\r\nContent-Length: 2\r\n\r\n',
      ),
      // An id that is not well-formed is not echoed, as on a routed answer.
      await send('GET /health/live HTTP/1.1\r\nHost: x\r\nX-Request-Id: a b\r\nContent-Length: abc\r\n\r\n'),
    ];
    const generated = expect.stringMatching(/^[\w.:@/+=-]{1,128}$/);
    expect(answers).toEqual([
      { status: 431, id: 'big-1' },
      { status: 400, id: 'twice-1' },
      { status: 408, id: generated },
      { status: 417, id: 'expect-1' },
      { status: 400, id: generated },
    ]);
    const access = lines.filter((line) => line.msg === 'request');
    expect(access.map(({ time: _time, durationMs: _duration, ...rest }) => rest)).toEqual([
      {
        level: 'info',
        msg: 'request',
        method: 'GET',
        route: null,
        path: '/health/live',
        status: 431,
        requestId: 'big-1',
      },
      {
        level: 'info',
        msg: 'request',
        method: 'POST',
        route: null,
        path: '/orders',
        status: 400,
        requestId: 'twice-1',
      },
      {
        level: 'info',
        msg: 'request',
        method: null,
        route: null,
        path: null,
        status: 408,
        requestId: answers[2]?.id,
      },
      {
        level: 'info',
        msg: 'request',
        method: 'POST',
        route: null,
        path: '/orders',
        status: 417,
        requestId: 'expect-1',
      },
      {
        level: 'info',
        msg: 'request',
        method: 'GET',
        route: null,
        path: '/health/live',
        status: 400,
        requestId: answers[4]?.id,
      },
    ]);
    // Node says when it refused a request, not when the request began: only the 417 has a duration.
    expect(access.map((line) => line.durationMs)).toEqual([null, null, null, expect.any(Number), null]);
    expect(JSON.stringify(lines)).not.toContain('customer-token');
  });

  it('cuts a client that never reads its answers after the send timeout, while another client is served', async () => {
    const server = await serve({ sendTimeoutMs: 300, maxConnections: 2 });
    const stuck = await open(server.url);
    // Many answers asked for at once and none read: the socket's output stops draining.
    stuck.socket.pause();
    stuck.socket.write('GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(1000));
    const other = await open(server.url);
    other.socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await other.closed;
    expect(other.received()).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*"status":"live"/);
    // The stuck connection is closed by the server, freeing its place under `maxConnections`.
    await expect.poll(() => connectionsOf(server), { timeout: 5000, interval: 100 }).toBe(0);
    stuck.socket.resume();
    await stuck.closed;
    const later = await open(server.url);
    later.socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await later.closed;
    expect(later.received()).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it('keeps an event stream open past the send timeout while it waits for its next event (its output sent)', async () => {
    const fixture = createFixtureApp();
    served = await serveOverLoopback(fixture.app, {
      limits: { sendTimeoutMs: 200 },
      shutdownTimeoutMs: 200,
      routes: [
        {
          method: 'GET',
          path: '/events',
          public: true,
          handle: () =>
            new Response(
              new ReadableStream<Uint8Array>({
                start(controller) {
                  controller.enqueue(new TextEncoder().encode('event: ping\ndata: {}\n\n'));
                },
              }),
              { headers: { 'content-type': 'text/event-stream' } },
            ),
        },
      ],
    });
    const stream = await open(served.url);
    stream.socket.write('GET /events HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => stream.received()).toContain('event: ping');
    await sleep(1000);
    expect(stream.socket.closed).toBe(false);
    expect(await connectionsOf(served)).toBe(1);
  });

  it('refuses limits that are not positive integers', () => {
    for (const bad of [
      { headersTimeoutMs: 0 },
      { maxConnections: 1.5 },
      { requestTimeoutMs: -1 },
      { sendTimeoutMs: 0 },
    ]) {
      expect(() => resolveLimits(bad)).toThrow(expect.objectContaining({ code: 'INVALID_CONFIGURATION' }));
    }
    expect(() => resolveLimits({ sendTimeoutMs: Number.NaN })).toThrow(
      expect.objectContaining({ message: expect.stringContaining('limits.sendTimeoutMs') }),
    );
    expect(resolveLimits({})).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 10_000,
      sendTimeoutMs: 30_000,
    });
  });
});
