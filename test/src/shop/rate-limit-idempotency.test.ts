import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, startShop, startShopProcesses } from './shop-harness.js';

const order = { sku: 'KB-01', quantity: 1 };

/**
 * The shop's limit counts in fixed one-minute windows that start on whole minutes of the clock, so
 * calls straddling a minute's end are counted in two windows. Tests that count start with at least
 * 20 s of the current window left, waiting for the next one otherwise.
 */
async function startOfAWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('the shop’s order writes: rate limit and Idempotency-Key (PGlite)', () => {
  let shop: RunningShop;
  beforeAll(async () => {
    shop = await startShop({ writesPerMinute: 3 });
  });
  afterAll(() => shop.close());

  it('answers 429 RATE_LIMITED with Retry-After past the limit, per caller, and writes nothing more', async () => {
    await startOfAWindow();
    const statuses = [];
    for (let call = 0; call < 3; call++) {
      statuses.push(
        (await shop.request('/orders', { method: 'POST', token: 'customer-token', body: order })).status,
      );
    }
    const before = await shop.snapshot();
    const refused = await shop.request('/orders', { method: 'POST', token: 'customer-token', body: order });
    expect(statuses).toEqual([201, 201, 201]);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await shop.expectUnchanged(before, { code: 'RATE_LIMITED', audited: true });
    // Another caller has a count of its own; reads are not limited.
    expect(
      (await shop.request('/orders', { method: 'POST', token: 'admin-token', body: order })).status,
    ).toBe(201);
    expect((await shop.request('/orders', { token: 'customer-token' })).status).toBe(200);
  });

  it('declares 429 with Retry-After in OpenAPI where the limit applies, and nowhere else', async () => {
    const document = (await shop.request('/openapi.json')).body;
    const create = document.paths['/orders'].post.responses;
    expect(create['429'].content['application/problem+json'].schema.allOf[1].properties.code.enum).toEqual([
      'RATE_LIMITED',
    ]);
    expect(Object.keys(create['429'].headers)).toContain('Retry-After');
    // Each middleware header on the answers it comes with: Retry-After on the 429, a replay's mark on the 201.
    expect(Object.keys(create['201'].headers)).toContain('Idempotent-Replayed');
    for (const [status, response] of Object.entries(create) as Array<[string, { headers?: object }]>) {
      const headers = Object.keys(response.headers ?? {});
      expect([status, headers.includes('Retry-After')]).toEqual([status, status === '429']);
      expect([status, headers.includes('Idempotent-Replayed')]).toEqual([status, status === '201']);
    }
    expect(document.paths['/orders'].get.responses['429']).toBeUndefined();
    // Approving a cancel runs an order write: the limit may refuse it, and the approval then stays open.
    const approve = document.paths['/ai/approvals/{approvalId}/approve'].post.responses;
    expect(approve['429'].content['application/problem+json'].schema.allOf[1].properties.code.enum).toEqual([
      'RATE_LIMITED',
    ]);
    expect(Object.keys(approve['429'].headers)).toContain('Retry-After');
    expect(create['409'].content['application/problem+json'].schema.allOf[1].properties.code.enum).toContain(
      'IDEMPOTENCY_KEY_REUSED',
    );
    // A write outside a transaction (a new conversation, a trim) keeps no record with it: neither replayed nor
    // declared as if it were.
    for (const [path, method] of [
      ['/conversations', 'post'],
      ['/conversations/{conversationId}', 'delete'],
      ['/governance/trim', 'post'],
    ] as const) {
      const responses = document.paths[path][method].responses;
      expect(
        responses['409']?.content['application/problem+json'].schema.allOf[1].properties.code.enum,
      ).not.toContain('IDEMPOTENCY_KEY_REUSED');
      for (const response of Object.values(responses) as Array<{ headers?: object }>) {
        expect(Object.keys(response.headers ?? {})).not.toContain('Idempotent-Replayed');
      }
    }
  });

  it('declares the Idempotency-Key request header on the writes it guards, and not on reads', async () => {
    const document = (await shop.request('/openapi.json')).body;
    const headerParameters = (operation: { parameters?: Array<{ in: string; name: string }> }) =>
      (operation.parameters ?? []).filter((parameter) => parameter.in === 'header');
    expect(headerParameters(document.paths['/orders'].post)).toEqual([
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: expect.stringContaining('IDEMPOTENCY_KEY_REUSED'),
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]{1,255}$' },
      },
    ]);
    expect(headerParameters(document.paths['/orders'].get)).toEqual([]);
    // Nor on a write outside a transaction, which it does not guard.
    expect(headerParameters(document.paths['/conversations'].post)).toEqual([]);
  });
});

describe('Idempotency-Key on the shop’s writes (PGlite)', () => {
  let shop: RunningShop;
  beforeAll(async () => {
    shop = await startShop({ writesPerMinute: false });
  });
  afterAll(() => shop.close());

  it('replays a repeated Idempotency-Key with the first answer and writes nothing; another body with it is 409', async () => {
    const key = `order-${randomBytes(6).toString('hex')}`;
    const headers = { 'idempotency-key': key };
    const first = await shop.request('/orders', {
      method: 'POST',
      token: 'admin-token',
      headers,
      body: order,
    });
    const before = await shop.snapshot();
    const again = await shop.request('/orders', {
      method: 'POST',
      token: 'admin-token',
      headers,
      body: order,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await shop.snapshot()).ordersDigest).toBe(before.ordersDigest);
    const other = await shop.request('/orders', {
      method: 'POST',
      token: 'admin-token',
      headers,
      body: { ...order, quantity: 2 },
    });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await shop.snapshot()).ordersDigest).toBe(before.ordersDigest);
  });

  it('refuses a malformed key with its own code', async () => {
    const response = await shop.request('/orders', {
      method: 'POST',
      token: 'admin-token',
      headers: { 'idempotency-key': 'x'.repeat(300) },
      body: order,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_IDEMPOTENCY_KEY');
  });

  it('tells a key header sent twice that it was sent more than once (en and zh-CN), and writes nothing', async () => {
    for (const [language, detail] of [
      ['en', 'The Idempotency-Key header was sent more than once; send it once, with one key.'],
      ['zh-CN', 'Idempotency-Key 请求头发送了不止一次；请只发送一次，并且只带一个键。'],
    ]) {
      const before = await shop.snapshot();
      // Two header lines on the wire, as a proxy or a client adding its own key may send them.
      const { status, body } = await new Promise<{ status: number; body: any }>((resolve, reject) => {
        const sent = httpRequest(
          new URL('/orders', shop.url),
          {
            method: 'POST',
            headers: {
              authorization: 'Bearer admin-token',
              'content-type': 'application/json',
              'accept-language': language,
              'idempotency-key': ['order-1', 'order-2'],
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
          },
        );
        sent.on('error', reject);
        sent.end(JSON.stringify(order));
      });
      expect([status, body.code, body.detail]).toEqual([400, 'REPEATED_IDEMPOTENCY_KEY', detail]);
      await shop.expectUnchanged(before, { code: 'REPEATED_IDEMPOTENCY_KEY', audited: true });
    }
    const document = (await shop.request('/openapi.json')).body;
    expect(
      document.paths['/orders'].post.responses['400'].content['application/problem+json'].schema.allOf[1]
        .properties.code.enum,
    ).toContain('REPEATED_IDEMPOTENCY_KEY');
  });
});

const databaseUrl = process.env.DATABASE_URL;
describe.skipIf(!databaseUrl)('two shop processes on one PostgreSQL database', () => {
  let urls: readonly string[] = [];
  let schema = '';
  let close = async () => {};
  beforeAll(async () => {
    ({ urls, schema, close } = await startShopProcesses(2, databaseUrl ?? '', {
      RATE_LIMIT_PER_MINUTE: '3',
    }));
  }, 120_000);
  afterAll(() => close());

  const post = (url: string, token: string, headers: Record<string, string> = {}, body: unknown = order) =>
    fetch(`${url}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('share one rate limit: calls through either process count together', async () => {
    await startOfAWindow();
    const statuses = [];
    for (const url of [urls[0], urls[1], urls[0], urls[1]])
      statuses.push((await post(url as string, 'customer-token')).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('share idempotency records: a key used through one process is replayed by the other, even at once', async () => {
    const headers = { 'idempotency-key': `two-${randomBytes(6).toString('hex')}` };
    const [first, second] = await Promise.all([
      post(urls[0] as string, 'admin-token', headers),
      post(urls[1] as string, 'admin-token', headers),
    ]);
    const bodies = [(await first.json()) as { id: string }, (await second.json()) as { id: string }];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(
      [first.headers.get('idempotent-replayed'), second.headers.get('idempotent-replayed')].sort(),
    ).toEqual([null, 'true']);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(
      `SELECT count(*)::int AS count FROM ${schema}.shop_orders WHERE id = $1`,
      [bodies[0]?.id],
    );
    await client.end();
    expect(rows[0].count).toBe(1);
    const reused = await post(urls[1] as string, 'admin-token', headers, { ...order, quantity: 3 });
    expect(reused.status).toBe(409);
  });
});
