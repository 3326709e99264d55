import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from './shop-harness.js';

describe('POST /knowledge/search on the demo shop', { timeout: 60_000 }, () => {
  let running: RunningShop;
  beforeAll(async () => {
    running = await startShop({ assistant: { env: {} } });
  }, 120_000);
  afterAll(() => running?.close(), 60_000);

  const search = async (body: Record<string, unknown>) => {
    const response = await running.request('/knowledge/search', {
      method: 'POST',
      token: 'customer-token',
      body,
    });
    expect(response.status).toBe(200);
    return response.body.results as Array<{ documentId: string; text: string }>;
  };

  // ICU segments 偏远地区 as one word; before, 偏远 found nothing and hybrid ranked English chunks first.
  it('finds 偏远地区 in the shipping page when a customer asks about 偏远 places', async () => {
    const lexical = await search({ query: '偏远', mode: 'lexical' });
    expect(lexical.map((chunk) => chunk.documentId)).toEqual(['shipping.zh-CN.md']);
    expect(lexical[0]?.text).toContain('偏远地区可能多需 2 到 4 天');
    const [hybrid] = await search({ query: '偏远的地方送货要多久', mode: 'hybrid' });
    expect(hybrid?.documentId).toBe('shipping.zh-CN.md');
    expect(hybrid?.text).toContain('偏远地区');
  });

  // Traditional characters fold to Simplified in queries and documents alike: a reader in Taiwan or Hong Kong
  // finds the Simplified page.
  it('finds the Simplified shipping page for a question in Traditional Chinese', async () => {
    const lexical = await search({ query: '偏遠地區', mode: 'lexical' });
    expect(lexical[0]?.documentId).toBe('shipping.zh-CN.md');
    expect(lexical[0]?.text).toContain('偏远地区可能多需 2 到 4 天');
    const [hybrid] = await search({ query: '偏遠的地方送貨要多久', mode: 'hybrid' });
    expect(hybrid?.documentId).toBe('shipping.zh-CN.md');
  });

  // Before, `cancellation-faq.md#0` was the bare `# Cancellation FAQ` and took the fifth of five slots here.
  it('answers "What is the return policy?" with passages, never a bare heading', async () => {
    const results = await search({ query: 'What is the return policy?', top: 5 });
    expect(results).toHaveLength(5);
    expect(results.filter((chunk) => /^#{1,6} [^\n]*$/.test(chunk.text))).toEqual([]);
    expect(results.filter((chunk) => chunk.documentId === 'returns-policy.md')).toHaveLength(3);
  });
});
