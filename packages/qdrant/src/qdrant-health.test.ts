import type { OpwireError } from '@opwire/core';
import { QdrantClient } from '@qdrant/js-client-rest';
import { afterEach, describe, expect, it } from 'vitest';
import { openQdrantKnowledgeStore } from './qdrant-knowledge-store.js';
import { type QdrantStandIn, startQdrantStandIn } from './testing/start-qdrant-stand-in.js';

let standIn: QdrantStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

const apiKey = 's3cret-key';
const open = async () => {
  standIn = await startQdrantStandIn({ apiKey });
  const store = await openQdrantKnowledgeStore({
    url: standIn.url,
    apiKey,
    collections: { docs: { dimensions: 3 } },
    healthTimeoutMs: 200,
  });
  return { standIn, store };
};

describe('health of the Qdrant store (stand-in)', () => {
  it('turns degraded with a stable code for each failure, recovers by itself, and never names the server or key', async () => {
    const { standIn, store } = await open();
    const states = [await store.health()];
    await standIn.stop();
    states.push(await store.health());
    await standIn.start();
    states.push(await store.health());
    standIn.hang(true);
    states.push(await store.health());
    standIn.hang(false);
    states.push(await store.health());
    const admin = new QdrantClient({ url: standIn.url, apiKey, checkCompatibility: false });
    await admin.deleteCollection('opwire_docs');
    states.push(await store.health());
    expect(states).toEqual([
      { status: 'ready' },
      { status: 'degraded', code: 'VECTOR_STORE_UNREACHABLE' },
      { status: 'ready' },
      { status: 'degraded', code: 'TIMEOUT' },
      { status: 'ready' },
      { status: 'degraded', code: 'COLLECTION_MISSING' },
    ]);
    const port = new URL(standIn.url).port;
    expect(JSON.stringify(states)).not.toMatch(new RegExp(`127\\.0\\.0\\.1|${port}|${apiKey}|http`));
  });

  it('reports VECTOR_STORE_UNAUTHORIZED when the server refuses the key, and fails a search saying why without naming it', async () => {
    const { standIn, store } = await open();
    standIn.requireApiKey('rotated-key');
    expect(await store.health()).toEqual({ status: 'degraded', code: 'VECTOR_STORE_UNAUTHORIZED' });
    const failure = await store
      .searchDense({ collection: 'docs', tenant: '', vector: [1, 0, 0], top: 1 })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'KNOWLEDGE_STORE_FAILED' });
    expect((failure as OpwireError).localize('en')).toBe(
      'The knowledge store failed: Qdrant answered 401: Invalid API key or JWT',
    );
    // The reason is in the caller's language with the rest; Qdrant's own words stay as Qdrant wrote them.
    expect((failure as OpwireError).localize('zh-CN')).toBe(
      '知识库存储失败：Qdrant 返回 401：Invalid API key or JWT',
    );
    expect(`${(failure as Error).message} ${JSON.stringify(failure)}`).not.toMatch(
      /127\.0\.0\.1|s3cret|rotated/,
    );
    standIn.requireApiKey(apiKey);
    expect(await store.health()).toEqual({ status: 'ready' });
  });
});
