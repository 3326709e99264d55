import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { type RunningShop, startShop } from './shop-harness.js';

// Before: a metadata filter of 70,000 keys (under 1 MB) was rebuilt for every stored chunk and held the
// event loop for most of a second. Now the filter is bounded at validation and compiled once per query.
const hugeFilter = Object.fromEntries(Array.from({ length: 70_000 }, (_, index) => [`k${index}`, 'v']));

describe('knowledge.search with an oversized metadata filter', { timeout: 60_000 }, () => {
  let model: OpenAIWireServer;
  let running: RunningShop;
  beforeAll(async () => {
    model = await startOpenAIWireServer();
    running = await startShop({
      assistant: {
        env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'local-model' },
      },
    });
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    await model?.close();
  }, 60_000);

  it('over HTTP: 400 OUT_OF_RANGE on metadata, saying the bound', async () => {
    const response = await running.request('/knowledge/search', {
      method: 'POST',
      token: 'customer-token',
      body: { query: 'refund', metadata: hugeFilter },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'OUT_OF_RANGE', errors: [{ field: 'metadata' }] });
    expect(response.body.detail).toContain('at most 64 properties');
  });

  it('over HTTP: a key past 128 characters and a value past 2,000 are refused on their field', async () => {
    const longKey = await running.request('/knowledge/search', {
      method: 'POST',
      token: 'customer-token',
      body: { query: 'refund', metadata: { ['k'.repeat(129)]: 'v' } },
    });
    expect([longKey.status, longKey.body.code]).toEqual([400, 'OUT_OF_RANGE']);
    const longValue = await running.request('/knowledge/search', {
      method: 'POST',
      token: 'customer-token',
      body: { query: 'refund', metadata: { lang: 'x'.repeat(2001) } },
    });
    expect([longValue.status, longValue.body.code, longValue.body.errors[0].field]).toEqual([
      400,
      'OUT_OF_RANGE',
      'metadata.lang',
    ]);
  });

  it('over HTTP: a key and a value inside the published bounds (counted in code points) are accepted, in a batch ingest and a search', async () => {
    // 1,500 emoji are 3,000 UTF-16 units: the store counted those and refused what `maxLength: 2000` accepts.
    const value = '😀'.repeat(1500);
    const ingested = await running.request('/knowledge/ingest', {
      method: 'POST',
      token: 'admin-token',
      body: {
        documents: [
          { documentId: 'quokka.md', text: 'Quokkas are refunded.' },
          {
            documentId: 'emoji.md',
            text: 'Quokkas are refunded.',
            metadata: { k: value, ['😀'.repeat(100)]: 'v' },
          },
        ],
      },
    });
    expect([ingested.status, ingested.body]).toEqual([
      200,
      {
        results: [
          { documentId: 'quokka.md', chunks: 1 },
          { documentId: 'emoji.md', chunks: 1 },
        ],
      },
    ]);
    const found = await running.request('/knowledge/search', {
      method: 'POST',
      token: 'admin-token',
      body: { query: 'quokka', mode: 'lexical', metadata: { k: value } },
    });
    expect(found.status).toBe(200);
    expect(found.body.results.map((result: any) => result.documentId)).toEqual(['emoji.md']);
  });

  it('through a tool call: the model gets OUT_OF_RANGE for 65 keys, TOOL_ARGUMENTS_TOO_LARGE for 70,000, and the turn goes on', async () => {
    const overKeys = Object.fromEntries(Array.from({ length: 65 }, (_, index) => [`k${index}`, 'v']));
    model.script(
      {
        kind: 'reply',
        toolCalls: [
          {
            id: 'call_keys',
            name: 'knowledge_search',
            arguments: JSON.stringify({ query: 'refund', metadata: overKeys }),
          },
          {
            id: 'call_huge',
            name: 'knowledge_search',
            arguments: JSON.stringify({ query: 'refund', metadata: hugeFilter }),
          },
        ],
      },
      { kind: 'reply', text: 'The filter was too large.' },
    );
    const answer = await running.request('/ai/chat', {
      method: 'POST',
      token: 'customer-token',
      body: { message: 'Search with every filter you know' },
    });
    expect(answer.status).toBe(200);
    const outputs = Object.fromEntries(
      answer.body.steps[0].toolResults.map((result: any) => [result.toolCallId, result.output]),
    );
    expect(outputs.call_keys).toMatchObject({ error: { code: 'OUT_OF_RANGE', field: 'metadata' } });
    // Past the size bound the arguments never reach the SDK's parser or the pipeline.
    expect(outputs.call_huge).toMatchObject({ error: { code: 'TOOL_ARGUMENTS_TOO_LARGE' } });
    expect(answer.body.text).toBe('The filter was too large.');
  });
});
