import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import {
  type AuditLog,
  type AuditRecord,
  createOpwire,
  defineOperation,
  formatTraceparent,
} from '@opwire/core';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixtureApp, type FixtureApp, serveOverLoopback } from './testing/index.js';

type Served = Awaited<ReturnType<typeof serveOverLoopback>>;
const customer = 'customer-token';
let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function serveFixture(options: Parameters<typeof serveOverLoopback>[1] = {}) {
  const fixture = createFixtureApp();
  served = await serveOverLoopback(fixture.app, { authenticate: fixture.authenticate, ...options });
  return { fixture, client: served };
}

describe('generated routes', () => {
  it('serves each exposed operation at its derived or overridden route', async () => {
    const { client } = await serveFixture();
    const generated = client.server.routes().filter((route) => route.operationId !== undefined);
    expect(generated.map((route) => `${route.method} ${route.path} ${route.operationId}`).sort()).toEqual([
      'DELETE /orders/{id} orders.delete',
      'GET /orders orders.list',
      'GET /orders/{id} orders.get',
      'GET /reports/{year}/summary reports.summarize',
      'GET /status service.status',
      'PATCH /orders/{id} orders.update',
      'POST /diagnostics/explode diagnostics.explode',
      'POST /orders orders.create',
      'POST /orders/{id}/cancel orders.cancel',
    ]);
  });

  it('runs a whole order lifecycle over HTTP with the right statuses', async () => {
    const { client, fixture } = await serveFixture();
    const created = await client.send({
      method: 'POST',
      path: '/orders',
      token: customer,
      json: { item: 'tea', quantity: 2 },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: 'o1', item: 'tea', quantity: 2, status: 'open' });
    expect((await client.send({ path: '/orders/o1', token: customer })).status).toBe(200);
    const updated = await client.send({
      method: 'PATCH',
      path: '/orders/o1',
      token: customer,
      json: { quantity: 5 },
    });
    expect(await updated.json()).toMatchObject({ id: 'o1', quantity: 5 });
    const cancelled = await client.send({ method: 'POST', path: '/orders/o1/cancel', token: customer });
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled' });
    const again = await client.send({
      method: 'POST',
      path: '/orders/o1/cancel',
      token: customer,
      json: { reason: 'twice' },
    });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: 'RULE_VIOLATION' });
    expect((await client.send({ method: 'DELETE', path: '/orders/o1', token: customer })).status).toBe(200);
    const gone = await client.send({ path: '/orders/o1', token: customer });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({
      code: 'NOT_FOUND',
      detail: 'The requested order was not found.',
    });
    expect(fixture.orders.size).toBe(0);
  });

  it('converts exact literals in the path and query to the field type, and nothing else', async () => {
    const { client } = await serveFixture();
    const report = await client.send({ path: '/reports/2024/summary?detailed=true', token: customer });
    expect(await report.json()).toEqual({ year: 2024, detailed: true });
    const list = await client.send({ path: '/orders?limit=3&tags=a&tags=b&mine=false', token: customer });
    expect(await list.json()).toEqual({ items: [], limit: 3 });
    for (const [path, field] of [
      ['/reports/2024.0/summary', 'year'],
      ['/reports/02024/summary', 'year'],
      ['/reports/2024/summary?detailed=yes', 'detailed'],
      ['/orders?limit=%201', 'limit'],
    ] as const) {
      const response = await client.send({ path, token: customer });
      expect({ path, status: response.status, body: await response.json() }).toMatchObject({
        path,
        status: 400,
        body: { code: 'WRONG_TYPE', errors: [{ field }] },
      });
    }
    // A repeated parameter of one value is named as such, not as a list that is not an integer.
    const repeated = await client.send({ path: '/orders?limit=1&limit=2', token: customer });
    expect({ status: repeated.status, body: await repeated.json() }).toMatchObject({
      status: 400,
      body: {
        code: 'MALFORMED_QUERY',
        detail: 'The query parameter "limit" is not valid: it is given 2 times and takes one value.',
      },
    });
  });

  it('lets a public operation run anonymously and still sees a caller who sends a token', async () => {
    const { client } = await serveFixture();
    expect(await (await client.send({ path: '/status' })).json()).toEqual({ ok: true });
    expect(await (await client.send({ path: '/status', token: customer })).json()).toEqual({
      ok: true,
      caller: 'alice',
    });
  });
  it('routes a parameterless path exactly, with a trailing slash, with its query bound, and for HEAD', async () => {
    const { client } = await serveFixture();
    for (const path of ['/status', '/status/']) {
      const response = await client.send({ path, token: customer });
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 200,
        body: { ok: true, caller: 'alice' },
      });
    }
    const queried = await client.send({ path: '/status?verbose=1', token: customer });
    expect(queried.status).toBe(400);
    expect(await queried.json()).toMatchObject({ code: 'UNKNOWN_FIELD', errors: [{ field: 'verbose' }] });
    const head = await client.send({ method: 'HEAD', path: '/status' });
    expect(head.status).toBe(200);
    const other = await client.send({ path: '/Status' });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});

describe('request context', () => {
  it('localizes problem details by Accept-Language, then by the caller locale', async () => {
    const { client } = await serveFixture();
    const byHeader = await client.send({
      method: 'POST',
      path: '/orders',
      token: customer,
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' },
      json: { item: 'tea' },
    });
    expect(byHeader.headers.get('content-language')).toBe('zh-CN');
    expect(await byHeader.json()).toMatchObject({
      detail: '缺少必填字段“quantity”。',
      errors: [
        {
          code: 'MISSING_FIELD',
          field: 'quantity',
          pointer: '/quantity',
          detail: '缺少必填字段“quantity”。',
        },
      ],
    });
    const byCaller = await client.send({
      method: 'POST',
      path: '/orders',
      token: 'zh-token',
      json: { item: 'tea' },
    });
    expect(await byCaller.json()).toMatchObject({ detail: '缺少必填字段“quantity”。' });
    const overridden = await client.send({
      method: 'POST',
      path: '/orders',
      token: 'zh-token',
      headers: { 'accept-language': 'en-GB' },
      json: { item: 'tea' },
    });
    expect(await overridden.json()).toMatchObject({ detail: 'Missing required field "quantity".' });
  });

  it('continues the trace of an incoming traceparent and records it in the audit log', async () => {
    const { client, fixture } = await serveFixture();
    const parent = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: 1 };
    const response = await client.send({
      path: '/orders',
      token: customer,
      headers: { traceparent: formatTraceparent(parent) },
    });
    expect(response.status).toBe(200);
    expect(fixture.contexts.at(-1)?.trace?.traceId).toBe(parent.traceId);
    const [record] = await fixture.audit.list({ operationId: 'orders.list' });
    expect(record?.traceId).toBe(parent.traceId);
    await client.send({ path: '/orders', token: customer, headers: { traceparent: 'garbage' } });
    expect(fixture.contexts.at(-1)?.trace?.traceId).not.toBe(parent.traceId);
  });

  it('honours a well-formed x-request-id, makes one up otherwise, and passes it as the origin', async () => {
    const { client, fixture } = await serveFixture();
    const given = await client.send({ path: '/status', headers: { 'x-request-id': 'req-42' } });
    expect(given.headers.get('x-request-id')).toBe('req-42');
    expect(fixture.contexts.at(-1)?.origin).toEqual({
      surface: 'http',
      requestId: 'req-42',
      clientAddress: '127.0.0.1',
    });
    const hostile = await client.send({ path: '/status', headers: { 'x-request-id': 'a b<script>' } });
    const made = hostile.headers.get('x-request-id');
    expect(made).toMatch(/^[0-9a-f-]{30}$/);
    expect(fixture.contexts.at(-1)?.origin.requestId).toBe(made);
    const other = await client.send({ path: '/status' });
    expect(other.headers.get('x-request-id')).not.toBe(made);
  });
});

describe('health, OpenAPI and docs', () => {
  it('reports liveness, and readiness without leaking check details', async () => {
    const { client } = await serveFixture({
      health: [
        { name: 'database', check: async () => ({ status: 'ready' }) },
        {
          name: 'vectors',
          critical: false,
          check: async () => ({ status: 'degraded', code: 'VECTOR_STORE_UNREACHABLE' }),
        },
        {
          name: 'cache',
          check: async () => {
            throw new Error('connect ECONNREFUSED redis://admin:secret@10.0.0.7');
          },
        },
      ],
    });
    const live = await client.send({ path: '/health/live' });
    expect([live.status, await live.json()]).toEqual([200, { status: 'live' }]);
    const ready = await client.send({ path: '/health/ready' });
    const text = await ready.text();
    expect(ready.status).toBe(503);
    expect(JSON.parse(text)).toEqual({
      status: 'unavailable',
      checks: [
        { name: 'database', critical: true, status: 'ready' },
        { name: 'vectors', critical: false, status: 'degraded', code: 'VECTOR_STORE_UNREACHABLE' },
        { name: 'cache', critical: true, status: 'degraded', code: 'CHECK_FAILED' },
      ],
    });
    expect(text).not.toMatch(/secret|10\.0\.0\.7|ECONNREFUSED/);
  });

  it('is ready with 200 when every check is', async () => {
    const { client } = await serveFixture({
      health: [{ name: 'database', check: async () => ({ status: 'ready' }) }],
    });
    const ready = await client.send({ path: '/health/ready' });
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: 'ready', checks: [{ name: 'database', critical: true, status: 'ready' }] },
    ]);
  });

  it('serves the OpenAPI document and a docs page whose assets come from swagger-ui-dist', async () => {
    const { client } = await serveFixture();
    const document = await (await client.send({ path: '/openapi.json' })).json();
    expect(document).toEqual(JSON.parse(JSON.stringify(client.server.openapi())));
    const page = await (await client.send({ path: '/docs' })).text();
    expect(page).toContain('<script src="docs/swagger-ui-bundle.js"></script>');
    const bundle = await client.send({ path: '/docs/swagger-ui-bundle.js' });
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    const onDisk = await readFile(join(folder, 'swagger-ui-bundle.js'));
    expect(Buffer.from(await bundle.arrayBuffer()).equals(onDisk)).toBe(true);
    expect(await (await client.send({ path: '/docs/initializer.js' })).text()).toContain(
      "url: 'openapi.json'",
    );
    for (const path of ['/docs/package.json', '/docs/..%2Fpackage.json', '/docs/%2e%2e%2fpackage.json']) {
      expect((await client.send({ path })).status).toBe(404);
    }
  });

  it('gives the OpenAPI document and the docs page an X-Request-Id, as every answer but the health probes', async () => {
    const { client } = await serveFixture();
    for (const path of ['/openapi.json', '/docs', '/docs/', '/docs/swagger-ui.css', '/docs/missing.js']) {
      const minted = await client.send({ path });
      await minted.arrayBuffer();
      expect(minted.headers.get('x-request-id'), path).toMatch(/\S/);
      const echoed = await client.send({ path, headers: { 'x-request-id': 'req-docs-1' } });
      await echoed.arrayBuffer();
      expect(echoed.headers.get('x-request-id'), path).toBe('req-docs-1');
    }
    const live = await client.send({ path: '/health/live' });
    expect(live.headers.get('x-request-id')).toBeNull();
  });
});

describe('custom routes', () => {
  it('get authentication and JSON parsing, and can stream server-sent events', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen: unknown[] = [];
    const { client } = await serveFixture({
      routes: [
        {
          method: 'POST',
          path: '/chat/{conversationId}/stream',
          handle: async ({ caller, body, params, requestId }) => {
            seen.push({ caller: caller?.principalId, body, params, requestId });
            const encoder = new TextEncoder();
            const stream = new ReadableStream<Uint8Array>({
              async start(controller) {
                controller.enqueue(encoder.encode('data: first\n\n'));
                await gate;
                controller.enqueue(encoder.encode('data: second\n\n'));
                controller.close();
              },
            });
            return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
          },
        },
        { method: 'GET', path: '/hello', public: true, handle: () => Response.json({ hello: 'world' }) },
      ],
    });
    const anonymous = await client.send({ method: 'POST', path: '/chat/c1/stream', json: { message: 'hi' } });
    expect([anonymous.status, ((await anonymous.json()) as { code: string }).code]).toEqual([
      401,
      'UNAUTHENTICATED',
    ]);
    const malformed = await client.send({
      method: 'POST',
      path: '/chat/c1/stream',
      token: customer,
      raw: '{"message":',
      headers: { 'content-type': 'application/json' },
    });
    expect([malformed.status, ((await malformed.json()) as { code: string }).code]).toEqual([
      400,
      'MALFORMED_JSON',
    ]);
    expect(seen).toEqual([]);

    const response = await client.send({
      method: 'POST',
      path: '/chat/c1/stream',
      token: customer,
      headers: { 'x-request-id': 'chat-1' },
      json: { message: 'hi' },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-request-id')).toBe('chat-1');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    // The first event arrives while the route still holds the stream open.
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n');
    release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('data: second\n\n');
    expect(seen).toEqual([
      { caller: 'alice', body: { message: 'hi' }, params: { conversationId: 'c1' }, requestId: 'chat-1' },
    ]);
    expect(await (await client.send({ path: '/hello' })).json()).toEqual({ hello: 'world' });
  });

  it('refuses a query that cannot be decoded with MALFORMED_QUERY when the route reads it, and only then', async () => {
    const { client } = await serveFixture({
      routes: [
        {
          method: 'GET',
          path: '/search',
          public: true,
          handle: ({ query }) => Response.json({ q: query.q ?? null }),
        },
        { method: 'GET', path: '/page', public: true, handle: () => new Response('<p>page</p>') },
      ],
    });
    expect(await (await client.send({ path: '/search?q=%E4%BD%A0%E5%A5%BD' })).json()).toEqual({ q: '你好' });
    for (const path of ['/search?q=%ff', '/search?q=a%2', '/search?q%zz=1']) {
      const refused = await client.send({ path, headers: { 'accept-language': 'zh-CN' } });
      expect({ path, status: refused.status, body: await refused.json() }).toMatchObject({
        path,
        status: 400,
        body: { code: 'MALFORMED_QUERY', detail: expect.stringContaining('查询参数') },
      });
    }
    const page = await client.send({ path: '/page?utm=%ff' });
    expect([page.status, await page.text()]).toEqual([200, '<p>page</p>']);
  });
});

describe('repeated headers', () => {
  /** Sends one raw HTTP/1.1 request (headers as written, repeats kept) and resolves to the whole answer. */
  function sendRaw(url: string, head: string, body = ''): Promise<string> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.end(`${head}\r\n\r\n${body}`));
      let answer = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => {
        answer += chunk;
      });
      socket.on('end', () => resolve(answer)).on('error', reject);
    });
  }

  it('refuses two Authorization headers as the fetch handler does, whichever comes first, running nothing', async () => {
    const { client, fixture } = await serveFixture();
    for (const [first, second] of [
      ['customer-token', 'unknown-token'],
      ['unknown-token', 'customer-token'],
    ]) {
      const answer = await sendRaw(
        client.url,
        [
          'GET /orders HTTP/1.1',
          'Host: 127.0.0.1',
          `Authorization: Bearer ${first}`,
          `Authorization: Bearer ${second}`,
          'Connection: close',
        ].join('\r\n'),
      );
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('error="invalid_token"');
    }
    expect(fixture.handlerCalls()).toBe(0);
  });

  it('refuses two Content-Type headers with 415, whichever comes first, writing nothing', async () => {
    const { client, fixture } = await serveFixture();
    const body = JSON.stringify({ item: 'tea', quantity: 1 });
    for (const types of [
      ['application/json', 'text/plain'],
      ['text/plain', 'application/json'],
    ]) {
      const answer = await sendRaw(
        client.url,
        [
          'POST /orders HTTP/1.1',
          'Host: 127.0.0.1',
          `Authorization: Bearer ${customer}`,
          ...types.map((type) => `Content-Type: ${type}`),
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: close',
        ].join('\r\n'),
        body,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 415 /);
      expect(answer).toContain('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(fixture.orders.size).toBe(0);
  });
});

describe('graceful shutdown', () => {
  it('finishes an in-flight request, refuses new connections, then runs onClose', async () => {
    const events: string[] = [];
    let entered: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let finish: () => void = () => undefined;
    const slow = defineOperation({
      id: 'jobs.run',
      request: Type.Object({}),
      response: Type.Object({ done: Type.Boolean() }),
      expose: ['http'],
      public: true,
      async handle() {
        entered();
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        events.push('handler finished');
        return { done: true };
      },
    });
    const client = await serveOverLoopback(createOpwire({ operations: [slow] }), {
      onClose: async () => {
        events.push('onClose');
      },
    });
    const inFlight = client.send({ method: 'POST', path: '/jobs/run' });
    await started;
    const closing = client.close().then(() => events.push('closed'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(fetch(`${client.url}/health/live`)).rejects.toThrow();
    expect(events).toEqual([]);
    finish();
    const response = await inFlight;
    expect([response.status, await response.json()]).toEqual([200, { done: true }]);
    await closing;
    expect(events).toEqual(['handler finished', 'onClose', 'closed']);
  });

  describe('calls still running at the deadline', () => {
    /** An audit log that, like PostgreSQL's, refuses appends once `onClose` has closed it. */
    function closingAudit() {
      const records: AuditRecord[] = [];
      let closed = false;
      const audit: AuditLog = {
        async append(record) {
          // A database round trip: what is appended after the close started is refused.
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (closed) throw new Error('This database is closed.');
          records.push(record);
        },
        list: async () => [...records],
      };
      return {
        audit,
        records,
        onClose: async () => {
          closed = true;
        },
      };
    }

    /** Resolves once `signal` aborts, a moment later (a query being cancelled), rejecting with its reason. */
    const untilAborted = (signal: AbortSignal) =>
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => setTimeout(() => reject(signal.reason), 10), { once: true }),
      );

    const outcomes = (records: readonly AuditRecord[]) =>
      records.map((record) => `${record.operationId} ${record.outcome} ${record.code ?? ''}`.trim());

    it('cancels a call still running at the deadline and audits it (CANCELLED) before onClose', async () => {
      const { audit, records, onClose } = closingAudit();
      let entered: () => void = () => undefined;
      const started = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const blocked = defineOperation({
        id: 'jobs.run',
        request: Type.Object({}),
        response: Type.Object({ done: Type.Boolean() }),
        expose: ['http'],
        public: true,
        async handle(_request, context) {
          entered();
          return untilAborted(context.signal);
        },
      });
      const seenAtClose: string[][] = [];
      const client = await serveOverLoopback(createOpwire({ operations: [blocked], audit }), {
        shutdownTimeoutMs: 100,
        onClose: async () => {
          seenAtClose.push(outcomes(records));
          await onClose();
        },
      });
      const answer = client.send({ method: 'POST', path: '/jobs/run' }).catch(() => undefined);
      await started;
      await client.close();
      await answer;
      expect(seenAtClose).toEqual([['jobs.run error CANCELLED']]);
    });

    it('stops an event stream still open at the deadline and audits it (stopped) before onClose', async () => {
      const { audit, records, onClose } = closingAudit();
      const ticks = defineOperation({
        id: 'clock.ticks',
        request: Type.Object({}),
        response: Type.Object({ n: Type.Number() }),
        expose: ['http'],
        public: true,
        stream: true,
        http: { method: 'POST', path: '/clock/ticks' },
        async *handle(_request, context) {
          yield { n: 0 };
          await untilAborted(context.signal);
        },
      });
      const seenAtClose: string[][] = [];
      const client = await serveOverLoopback(createOpwire({ operations: [ticks], audit }), {
        shutdownTimeoutMs: 100,
        onClose: async () => {
          seenAtClose.push(outcomes(records));
          await onClose();
        },
      });
      const response = await client.send({
        method: 'POST',
        path: '/clock/ticks',
        headers: { accept: 'text/event-stream' },
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('"n":0');
      await client.close();
      expect(seenAtClose).toEqual([['clock.ticks stopped CANCELLED']]);
      await reader.cancel().catch(() => undefined);
    });

    it("cancels a detached route's call (its signal is not the connection's) and audits it before onClose", async () => {
      const { audit, records, onClose } = closingAudit();
      const ticks = defineOperation({
        id: 'chat.turn',
        request: Type.Object({}),
        response: Type.Object({ n: Type.Number() }),
        expose: ['http'],
        public: true,
        stream: true,
        async *handle(_request, context) {
          yield { n: 0 };
          await untilAborted(context.signal);
        },
      });
      let read: () => void = () => undefined;
      const firstRead = new Promise<void>((resolve) => {
        read = resolve;
      });
      const seenAtClose: string[][] = [];
      const client = await serveOverLoopback(createOpwire({ operations: [ticks], audit }), {
        shutdownTimeoutMs: 100,
        operationRoutes: [
          {
            operation: 'chat.turn',
            id: 'chat.turn.kept',
            method: 'POST',
            path: '/chat/kept',
            detached: true,
            // Like resumable chat streams: the turn is read to its end whoever is connected.
            encode: (events) => {
              void (async () => {
                try {
                  for await (const _ of events as AsyncIterable<unknown>) read();
                } catch {
                  // The turn was cancelled: its record says so.
                }
              })();
              return Response.json({ kept: true });
            },
          },
        ],
        onClose: async () => {
          seenAtClose.push(outcomes(records));
          await onClose();
        },
      });
      const response = await client.send({ method: 'POST', path: '/chat/kept', json: {} });
      expect(await response.json()).toEqual({ kept: true });
      await firstRead;
      await client.close();
      expect(seenAtClose).toEqual([['chat.turn stopped CANCELLED']]);
    });
  });
});

export type { FixtureApp };
