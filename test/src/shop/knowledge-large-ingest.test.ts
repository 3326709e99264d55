import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from './shop-harness.js';

// A large `knowledge.ingest` is seconds of work in the shop's process (chunking, the offline hashing embedder,
// analysis, the in-memory store's write). The server answers other callers meanwhile: it did not while the ingest
// held the event loop for its whole length, nor, later, while the operation held a transaction on the shop's
// PGlite (one connection) from start to end.

describe('a large knowledge.ingest on the demo shop', { timeout: 60_000 }, () => {
  let running: RunningShop;
  beforeAll(async () => {
    running = await startShop({ assistant: { env: {} } });
  }, 120_000);
  afterAll(() => running?.close(), 60_000);

  it('does not keep the shop from answering other requests while it runs', async () => {
    const names = ['shipping.zh-CN.md', 'returns-policy.zh-CN.md', 'cancellation-faq.zh-CN.md'];
    const pages = await Promise.all(
      names.map((name) => readFile(new URL(`../../../apps/shop/knowledge/${name}`, import.meta.url), 'utf8')),
    );
    // One document of 900,000 characters of the shop's Chinese pages (the limit is 1,000,000 a text).
    const page = `${pages.join('\n\n')}\n\n`;
    const text = page.repeat(Math.ceil(900_000 / page.length)).slice(0, 900_000);
    let ingesting = true;
    const ingest = running
      .request('/knowledge/ingest', {
        method: 'POST',
        token: 'admin-token',
        body: { documents: [{ documentId: 'large-handbook', title: '大手册', text }] },
      })
      .finally(() => {
        ingesting = false;
      });
    // A customer lists their orders every 50 ms until the ingest answers.
    const answeredMeanwhile: number[] = [];
    while (ingesting) {
      const orders = await running.request('/orders', { token: 'customer-token' });
      if (ingesting) answeredMeanwhile.push(orders.status);
      await sleep(50);
    }
    const ingested = await ingest;
    expect(ingested.status).toBe(200);
    expect(ingested.body.results[0]).toMatchObject({ documentId: 'large-handbook' });
    expect(ingested.body.results[0].chunks).toBeGreaterThan(1_000);
    // Held for the whole ingest, the shop would answer one or two while the body is still being read.
    expect(answeredMeanwhile.length).toBeGreaterThan(5);
    expect(new Set(answeredMeanwhile)).toEqual(new Set([200]));
    // The document is searchable whole once the ingest has answered.
    const found = await running.request('/knowledge/search', {
      method: 'POST',
      token: 'admin-token',
      body: { query: '偏远地区', mode: 'lexical', top: 3 },
    });
    expect(found.status).toBe(200);
    expect(found.body.results.map((hit: { documentId: string }) => hit.documentId)).toContain(
      'large-handbook',
    );
  });
});
