import { readFile } from 'node:fs/promises';
import { demoCallers } from '@opwire/example-shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from './shop-harness.js';

// `GET /knowledge/documents/{documentId}` serves a shop file only while the caller's tenant's knowledge base holds
// it as that file: what an admin removes or replaces there is no longer published as a cited source.

const fileText = (name: string) =>
  readFile(new URL(`../../../apps/shop/knowledge/${name}`, import.meta.url), 'utf8');

describe('GET /knowledge/documents/{documentId} on the demo shop', { timeout: 60_000 }, () => {
  let running: RunningShop;
  beforeAll(async () => {
    running = await startShop({
      assistant: { env: {} },
      // A signed-in caller of acme who may not read the knowledge base.
      callers: {
        ...demoCallers,
        'orders-only-token': { principalId: 'olga', tenant: 'acme', permissions: ['orders:read'] },
      },
    });
  }, 120_000);
  afterAll(() => running?.close(), 60_000);

  const page = (name: string, token: string) => running.request(`/knowledge/documents/${name}`, { token });
  const admin = (operation: 'ingest' | 'remove', body: object) =>
    running.request(`/knowledge/${operation}`, { method: 'POST', token: 'admin-token', body });
  /** The shop's own text back under its id, as the shop ingests it at start (acme is the admin's tenant). */
  const restore = async (name: string) => {
    const text = await fileText(name);
    // In process: a request may not mark a document as the shop's own (`RESERVED_METADATA_KEY`).
    const [restored] =
      (await running.shop.knowledge?.ingest([
        {
          documentId: name,
          title: /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? name,
          source: name,
          text,
          tenant: 'acme',
          metadata: { lang: 'en', shopDocument: true },
        },
      ])) ?? [];
    expect(restored).toMatchObject({ documentId: name });
    expect(restored?.error).toBeUndefined();
  };
  /** The problem an unknown id answers, without the fields that differ per request. */
  const notFound = (response: { status: number; body: any }) => {
    const { instance: _instance, requestId: _requestId, ...problem } = response.body;
    return { status: response.status, problem };
  };

  it("serves a shop document the knowledge base still holds, as the file's markdown", async () => {
    const served = await page('shipping.md', 'customer-token');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(served.body).toBe(await fileText('shipping.md'));
    expect((await page('shipping.zh-CN.md', 'globex-token')).status).toBe(200);
  });

  it('is 403 PERMISSION_DENIED for a caller without knowledge:read, and 401 without a token', async () => {
    const refused = await page('shipping.md', 'orders-only-token');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PERMISSION_DENIED');
    expect(refused.body.detail).toBe('You do not have permission to perform "knowledge.document".');
    expect((await running.request('/knowledge/documents/shipping.md')).status).toBe(401);
  });

  it("is 404 NOT_FOUND, as an unknown id is, once the admin removed the document, in the admin's tenant only", async () => {
    const unknown = notFound(await page('no-such-page.md', 'support-token'));
    expect(unknown).toMatchObject({ status: 404, problem: { code: 'NOT_FOUND' } });
    const removed = await admin('remove', { documentIds: ['returns-policy.md'] });
    expect(removed.status).toBe(200);
    expect(removed.body.removedChunks).toBeGreaterThan(0);
    try {
      for (const token of ['admin-token', 'support-token', 'customer-token']) {
        expect([token, notFound(await page('returns-policy.md', token))]).toEqual([token, unknown]);
      }
      // Globex's knowledge base is its own: the acme admin removed nothing from it.
      const globex = await page('returns-policy.md', 'globex-token');
      expect(globex.status).toBe(200);
      expect(globex.body).toBe(await fileText('returns-policy.md'));
      // The other documents of acme are still served.
      expect((await page('returns-policy.zh-CN.md', 'customer-token')).status).toBe(200);
    } finally {
      await restore('returns-policy.md');
    }
    expect((await page('returns-policy.md', 'customer-token')).status).toBe(200);
  });

  it('is 404 once the admin ingested another text under the document’s id, in the admin’s tenant only', async () => {
    const unknown = notFound(await page('no-such-page.md', 'customer-token'));
    const replaced = await admin('ingest', {
      documents: [
        {
          documentId: 'cancellation-faq.md',
          title: 'Cancellation update',
          text: 'Orders can no longer be cancelled once placed.',
        },
      ],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.results).toEqual([{ documentId: 'cancellation-faq.md', chunks: 1 }]);
    try {
      // The file still exists, but the knowledge base no longer says what it says.
      for (const token of ['admin-token', 'customer-token']) {
        expect([token, notFound(await page('cancellation-faq.md', token))]).toEqual([token, unknown]);
      }
      expect((await page('cancellation-faq.md', 'globex-token')).status).toBe(200);
    } finally {
      await restore('cancellation-faq.md');
    }
    expect((await page('cancellation-faq.md', 'customer-token')).body).toBe(
      await fileText('cancellation-faq.md'),
    );
  });

  it("refuses an ingest that marks a text as the shop's own file (RESERVED_METADATA_KEY), and the page stays the file's", async () => {
    for (const [language, detail] of [
      [
        'en',
        'Field "documents[0].metadata.shopDocument": the metadata key "shopDocument" is set by the application itself and cannot be ingested.',
      ],
      [
        'zh-CN',
        '字段“documents[0].metadata.shopDocument”：元数据键“shopDocument”由应用自身设置，不能随文档导入。',
      ],
    ] as const) {
      const forged = await running.request('/knowledge/ingest', {
        method: 'POST',
        token: 'admin-token',
        headers: { 'accept-language': language },
        body: {
          documents: [
            {
              documentId: 'shipping.md',
              title: 'Shipping update',
              text: 'Parcels are no longer shipped abroad.',
              metadata: { lang: 'en', shopDocument: true },
            },
          ],
        },
      });
      expect(forged.status).toBe(400);
      expect(forged.body).toMatchObject({
        code: 'RESERVED_METADATA_KEY',
        field: 'documents[0].metadata.shopDocument',
        detail,
      });
    }
    // Nothing was stored: the page still serves the file, as the knowledge base still holds its text.
    expect((await page('shipping.md', 'admin-token')).body).toBe(await fileText('shipping.md'));
    const document = (await running.request('/openapi.json')).body.paths['/knowledge/ingest'].post;
    expect(JSON.stringify(document.responses['400'])).toContain('RESERVED_METADATA_KEY');
  });

  it("ingests a Chinese text past the server's 1 MiB body limit: knowledge.ingest takes 8 MiB", async () => {
    // 400,000 characters, within the field's bound of 1,000,000: 1.2 MB of UTF-8.
    const sentence = '退货须在收到商品后三十天内申请，商品须未穿着并保留原包装。';
    const text = sentence.repeat(Math.ceil(400_000 / sentence.length)).slice(0, 400_000);
    expect(Buffer.byteLength(JSON.stringify({ documents: [{ documentId: 'x', text }] }))).toBeGreaterThan(
      1024 * 1024,
    );
    const ingested = await admin('ingest', { documents: [{ documentId: 'long-returns.zh-CN.md', text }] });
    expect(ingested.status).toBe(200);
    expect(ingested.body.results[0]).toMatchObject({ documentId: 'long-returns.zh-CN.md' });
    expect(ingested.body.results[0].chunks).toBeGreaterThan(1);
    expect((await admin('remove', { documentIds: ['long-returns.zh-CN.md'] })).status).toBe(200);
    // Past 8 MiB the route refuses the body unread, naming its own limit; elsewhere the server's 1 MiB holds.
    const huge = await admin('ingest', {
      documents: Array.from({ length: 9 }, (_, index) => ({
        documentId: `d${index}`,
        text: 'x'.repeat(1_000_000),
      })),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: expect.stringContaining('8388608'),
    });
    const order = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      body: { item: text.slice(0, 400_000), quantity: 1 },
    });
    expect(order.status).toBe(413);
    expect(order.body.detail).toContain('1048576');
  });
});
