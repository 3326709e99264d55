import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { QdrantClient } from '@qdrant/js-client-rest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractOpenApiSubset, type OpenApiDocument } from './openapi-subset.js';
import { type QdrantStandIn, startQdrantStandIn } from './start-qdrant-stand-in.js';

let standIn: QdrantStandIn;
let client: QdrantClient;
beforeEach(async () => {
  standIn = await startQdrantStandIn();
  client = new QdrantClient({ url: standIn.url, checkCompatibility: false });
  await client.createCollection('c', {
    vectors: { dense: { size: 2, distance: 'Cosine' } },
    sparse_vectors: { terms: { modifier: 'idf' }, plain: {} },
  });
});
afterEach(() => standIn.close());

const sparse = (entries: Record<number, number>) => ({
  indices: Object.keys(entries).map(Number),
  values: Object.values(entries),
});
const point = (
  id: number,
  payload: Record<string, unknown>,
  terms: Record<number, number>,
  dense = [1, 0],
) => ({
  id,
  vector: { dense, terms: sparse(terms), plain: sparse(terms) },
  payload,
});
const fancyIdf = (n: number, df: number) => Math.log((n - df + 0.5) / (df + 0.5) + 1);

describe('the Qdrant stand-in', () => {
  it('refuses a request body that Qdrant’s OpenAPI document rejects, and records it', async () => {
    const response = await fetch(`${standIn.url}/collections/c/points/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: [1, 0], usin: 'dense', limit: 0 }),
    });
    expect(response.status).toBe(400);
    expect(standIn.problems).toEqual([
      expect.stringContaining(
        'post /collections/{collection_name}/points/query: body must NOT have additional properties',
      ),
    ]);
    await fetch(`${standIn.url}/collections/c/points?wait=yes`, { method: 'PUT', body: '{"points":[]}' });
    expect(standIn.problems[1]).toContain('query wait must be boolean');
  });

  it('scores sparse vectors as Qdrant does: query values times IDF (over a corpus filter when given) times stored values', async () => {
    await client.upsert('c', {
      wait: true,
      points: [
        point(1, { t: 'a' }, { 7: 2, 8: 1 }),
        point(2, { t: 'a' }, { 8: 1 }),
        point(3, { t: 'a' }, { 9: 1 }),
        point(4, { t: 'b' }, { 7: 1 }),
      ],
    });
    const global = await client.query('c', { query: sparse({ 7: 1, 8: 3 }), using: 'terms', limit: 10 });
    expect(global.points.map((hit) => hit.id)).toEqual([1, 2, 4]);
    expect(global.points[0]!.score).toBeCloseTo(1 * fancyIdf(4, 2) * 2 + 3 * fancyIdf(4, 2) * 1, 6);
    const corpus = { must: [{ key: 't', match: { value: 'a' } }] };
    const scoped = await client.query('c', {
      query: sparse({ 7: 1 }),
      using: 'terms',
      filter: corpus,
      params: { idf: { corpus } } as never,
      limit: 10,
    });
    expect(scoped.points.map((hit) => [hit.id, hit.score])).toEqual([[1, fancyIdf(3, 1) * 2]]);
    const plain = await client.query('c', { query: sparse({ 7: 1 }), using: 'plain', limit: 10 });
    expect(plain.points.map((hit) => [hit.id, hit.score])).toEqual([
      [1, 2],
      [4, 1],
    ]);
  });

  it('fuses prefetches by reciprocal rank: 1 / (position + k), k 2 by default, ties by point id', async () => {
    await client.upsert('c', {
      wait: true,
      points: [point(1, {}, { 1: 1 }, [1, 0]), point(2, {}, { 1: 3 }, [0.8, 0.6]), point(3, {}, {}, [0, 1])],
    });
    const prefetch = [
      { query: [1, 0], using: 'dense', limit: 3 },
      { query: sparse({ 1: 1 }), using: 'plain', limit: 3 },
    ];
    const fused = await client.query('c', { prefetch, query: { fusion: 'rrf' }, limit: 3 });
    expect(fused.points.map((hit) => [hit.id, hit.score])).toEqual([
      [1, 1 / 2 + 1 / 3],
      [2, 1 / 3 + 1 / 2],
      [3, 1 / 4],
    ]);
    const k61 = await client.query('c', { prefetch, query: { rrf: { k: 61 } }, limit: 1 });
    expect(k61.points[0]!.score).toBeCloseTo(1 / 61 + 1 / 62, 9);
  });

  it('filters with must, should, must_not, min_should, match any, ranges, has_id and is_empty', async () => {
    await client.upsert('c', {
      wait: true,
      points: [
        point(1, { lang: 'en', n: 1, tags: ['a', 'b'] }, {}),
        point(2, { lang: 'zh', n: 2.5 }, {}),
        point(3, { lang: 'en', n: 3, tags: [] }, {}),
      ],
    });
    const ids = async (filter: Record<string, unknown>) =>
      (await client.scroll('c', { filter: filter as never, limit: 10 })).points.map((found) => found.id);
    expect(await ids({ must: [{ key: 'lang', match: { value: 'en' } }] })).toEqual([1, 3]);
    expect(await ids({ must_not: [{ key: 'lang', match: { value: 'en' } }] })).toEqual([2]);
    expect(await ids({ should: [{ key: 'tags', match: { value: 'b' } }, { has_id: [2] }] })).toEqual([1, 2]);
    expect(await ids({ must: [{ key: 'n', range: { gte: 2.5, lte: 2.5 } }] })).toEqual([2]);
    expect(await ids({ must: [{ key: 'lang', match: { any: ['zh', 'fr'] } }] })).toEqual([2]);
    expect(await ids({ must: [{ is_empty: { key: 'tags' } }] })).toEqual([2, 3]);
    const two = {
      min_should: {
        conditions: [
          { key: 'lang', match: { value: 'en' } },
          { key: 'n', range: { gt: 2 } },
        ],
        min_count: 2,
      },
    };
    expect(await ids(two)).toEqual([3]);
  });

  it('reads payload keys as Qdrant does: plain Unicode keys, double-quoted keys taken literally, 400 otherwise', async () => {
    await client.upsert('c', {
      wait: true,
      points: [
        point(1, { metadata: { 语言: '中文', 'a.b': 'literal', 'with space': 'y', '': 'empty' } }, {}),
        point(2, { metadata: { a: { b: 'nested' } } }, {}),
      ],
    });
    const ids = async (key: string, value: string) =>
      (await client.scroll('c', { filter: { must: [{ key, match: { value } }] }, limit: 10 })).points.map(
        (found) => found.id,
      );
    expect(await ids('metadata.语言', '中文')).toEqual([1]);
    expect(await ids('metadata."语言"', '中文')).toEqual([1]);
    expect(await ids('metadata."a.b"', 'literal')).toEqual([1]);
    expect(await ids('metadata.a.b', 'nested')).toEqual([2]);
    expect(await ids('metadata.a.b', 'literal')).toEqual([]);
    expect(await ids('metadata."with space"', 'y')).toEqual([1]);
    expect(await ids('metadata.""', 'empty')).toEqual([1]);
    for (const key of ['metadata.with space', 'metadata."a"b"', 'metadata.', '"unclosed']) {
      await expect(ids(key, 'y'), key).rejects.toMatchObject({ status: 400 });
    }
  });

  it('refuses integers outside int64 in a match and outside uint64 as point ids, as Qdrant’s contract says', async () => {
    const scroll = (filter: unknown) =>
      fetch(`${standIn.url}/collections/c/points/scroll`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filter, limit: 1 }),
      }).then((response) => response.status);
    const matching = (value: number) => ({ must: [{ key: 'n', match: { value } }] });
    expect(await scroll(matching(2 ** 63 - 1024))).toBe(200);
    expect(await scroll(matching(-(2 ** 63)))).toBe(200);
    expect(await scroll({ must: [{ has_id: [2 ** 64 - 2048] }] })).toBe(200);
    expect(standIn.problems).toEqual([]);
    for (const filter of [
      matching(2 ** 63),
      matching(1e21),
      matching(-1e21),
      { must: [{ has_id: [2 ** 64] }] },
    ]) {
      const before = standIn.problems.length;
      expect(await scroll(filter), JSON.stringify(filter)).toBe(400);
      expect(standIn.problems.length, JSON.stringify(filter)).toBeGreaterThan(before);
    }
  });

  it('refuses a body over Qdrant’s default 32 MiB request limit with Qdrant’s 400, and records it', async () => {
    const limit = 32 * 1024 * 1024;
    // One point whose payload pads the body to exactly `bytes` bytes.
    const body = (bytes: number) => {
      const shell = JSON.stringify({ points: [{ id: 1, vector: {}, payload: { text: '' } }] });
      return shell.replace('"text":""', `"text":"${'x'.repeat(bytes - shell.length)}"`);
    };
    const upsert = (text: string) =>
      fetch(`${standIn.url}/collections/c/points?wait=true`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: text,
      });
    expect((await upsert(body(limit))).status).toBe(200);
    expect(standIn.problems).toEqual([]);
    const refused = await upsert(body(limit + 1));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      status: {
        error: `Payload error: JSON payload (${limit + 1} bytes) is larger than allowed (limit: ${limit} bytes).`,
      },
    });
    expect(standIn.problems).toEqual([expect.stringContaining(`a body of ${limit + 1} bytes`)]);
  });

  it('checks an API key as Qdrant does: GET / open, else a plain-text 401 saying whether the key is missing or wrong', async () => {
    const guarded = await startQdrantStandIn({ apiKey: 'right' });
    try {
      const call = async (path: string, headers: Record<string, string> = {}) => {
        const response = await fetch(`${guarded.url}${path}`, { headers });
        return [response.status, response.headers.get('content-type'), await response.text()];
      };
      expect((await call('/'))[0]).toBe(200);
      expect(await call('/collections/c/exists')).toEqual([
        401,
        'text/plain; charset=utf-8',
        'Must provide an API key or an Authorization bearer token',
      ]);
      expect(await call('/collections/c/exists', { 'api-key': 'wrong' })).toEqual([
        401,
        'text/plain; charset=utf-8',
        'Invalid API key or JWT',
      ]);
      expect((await call('/collections/c/exists', { 'api-key': 'right' }))[0]).toBe(200);
      expect((await call('/collections/c/exists', { authorization: 'Bearer right' }))[0]).toBe(200);
      expect(guarded.problems).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  it('refuses with Qdrant’s 422 what its validation refuses beyond the document: a field condition without a condition, a sparse vector with an index twice or values of another length', async () => {
    const post = async (path: string, body: unknown, method = 'POST') => {
      const response = await fetch(`${standIn.url}/collections/c/${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return [response.status, ((await response.json()) as { status: { error: string } }).status.error];
    };
    const noCondition = { must: [{ key: 'lang' }] };
    const refusal =
      'Validation error in JSON body: [filter.must[0].match: At least one field condition must be specified]';
    // Refused even with no point to test the filter on, as Qdrant refuses the request before reading any.
    expect(await post('points/scroll', { filter: noCondition, limit: 1 })).toEqual([422, refusal]);
    expect(await post('points/delete', { filter: noCondition })).toEqual([422, refusal]);
    expect(
      await post('points/query', {
        prefetch: [{ query: [1, 0], using: 'dense', filter: noCondition }],
        query: { rrf: {} },
      }),
    ).toEqual([422, expect.stringContaining('At least one field condition must be specified')]);
    expect(
      await post('points/query', { query: { indices: [1, 1], values: [1, 2] }, using: 'terms', limit: 1 }),
    ).toEqual([422, 'Validation error in JSON body: [query.indices: must be unique]']);
    const point = { id: 1, vector: { terms: { indices: [1, 2], values: [1] } } };
    expect(await post('points?wait=true', { points: [point] }, 'PUT')).toEqual([
      422,
      'Validation error in JSON body: [points[0].vector.terms.values: must be the same length as indices]',
    ]);
    expect(standIn.problems).toHaveLength(5);
    expect(
      await post('points/scroll', { filter: { must: [{ key: 'lang', match: { value: 'en' } }] } }),
    ).toEqual([200, undefined]);
  });

  it('answers like Qdrant for a missing collection and a vector of the wrong size', async () => {
    await expect(client.getCollection('missing')).rejects.toMatchObject({ status: 404 });
    await expect(
      client.upsert('c', { wait: true, points: [point(1, {}, {}, [1, 0, 0])] }),
    ).rejects.toMatchObject({
      status: 400,
      data: { status: { error: 'Wrong input: Vector dimension error: expected dim: 2, got 3' } },
    });
    expect(standIn.problems).toEqual([]);
  });
});

const shared = fileURLToPath(new URL('../../../../../shared/data/qdrant/openapi.json', import.meta.url));
describe.skipIf(!existsSync(shared))(
  `the stored OpenAPI subset${existsSync(shared) ? '' : ' (skipped: ../shared/data/qdrant is absent)'}`,
  () => {
    it('is exactly what scripts/extract-openapi-subset.ts takes from Qdrant’s official document', () => {
      const official = JSON.parse(readFileSync(shared, 'utf8')) as OpenApiDocument;
      const stored = JSON.parse(
        readFileSync(new URL('./__fixtures__/qdrant-openapi.json', import.meta.url), 'utf8'),
      );
      expect(stored).toEqual(extractOpenApiSubset(official));
    });
  },
);
