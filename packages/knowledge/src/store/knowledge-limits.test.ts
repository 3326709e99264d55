import { describe, expect, it } from 'vitest';
import { createKnowledge } from '../create-knowledge.js';
import { createHashingEmbeddingModel } from '../embedding/hashing-embedding-model.js';
import { createMemoryKnowledgeStore } from '../memory/memory-knowledge-store.js';
import { knowledgeLimits } from './knowledge-limits.js';

const knowledge = () =>
  createKnowledge({ store: createMemoryKnowledgeStore(), embeddingModel: createHashingEmbeddingModel() });
const keys = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 1]));
const failure = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return { code: (error as { code: string }).code, field: (error as { field?: string }).field };
  }
  return undefined;
};

describe('knowledge bounds', () => {
  it.each([
    ['too many metadata keys', { metadata: keys(knowledgeLimits.metadataKeys + 1) }, 'filter.metadata'],
    ['a key that is too long', { metadata: { ['k'.repeat(129)]: 1 } }, `filter.metadata.${'k'.repeat(129)}`],
    ['a string value that is too long', { metadata: { lang: 'x'.repeat(2001) } }, 'filter.metadata.lang'],
    [
      'too many document ids',
      { documentIds: Array.from({ length: 1001 }, (_, index) => `d${index}`) },
      'filter.documentIds',
    ],
  ])('refuse a filter with %s: OUT_OF_RANGE on %s', async (_name, filter, field) => {
    expect(await failure(() => knowledge().retrieve({ text: 'refund', filter }))).toEqual({
      code: 'OUT_OF_RANGE',
      field,
    });
  });

  it('say what each bound is in the caller’s language, with no English left in Chinese', async () => {
    const messages = async (metadata: Record<string, string | number>) => {
      const [result] = await knowledge().ingest([{ documentId: 'd', text: 'refund', metadata }]);
      return [result?.error?.localize('en'), result?.error?.localize('zh-CN')];
    };
    expect(await messages(keys(knowledgeLimits.metadataKeys + 1))).toEqual([
      'Field "metadata" is out of range (expected at most 64 properties).',
      '字段“metadata”超出范围（应为 至多 64 个属性）。',
    ]);
    expect(await messages({ ['k'.repeat(129)]: 1 })).toEqual([
      `Field "metadata.${'k'.repeat(129)}" is out of range (expected keys of at most 128 characters).`,
      `字段“metadata.${'k'.repeat(129)}”超出范围（应为 每个键至多 128 个字符）。`,
    ]);
  });

  it('accept a filter right at the bounds', async () => {
    const metadata = { ...keys(knowledgeLimits.metadataKeys - 1), lang: 'x'.repeat(2000) };
    await expect(knowledge().retrieve({ text: 'refund', filter: { metadata } })).resolves.toEqual([]);
  });

  it('count a key and a value in code points, as the HTTP schema does: 128 and 2,000 emoji fit, one more does not', async () => {
    const base = knowledge();
    const atBounds = { ['😀'.repeat(128)]: '😀'.repeat(2000) };
    const [result] = await base.ingest([{ documentId: 'emoji', text: 'refund policy', metadata: atBounds }]);
    expect([result?.chunks, result?.error?.code]).toEqual([1, undefined]);
    const found = await base.retrieve({ text: 'refund', mode: 'lexical', filter: { metadata: atBounds } });
    expect(found.map((chunk) => chunk.documentId)).toEqual(['emoji']);
    const refused = (metadata: Record<string, string>) =>
      failure(() => base.retrieve({ text: 'refund', filter: { metadata } }));
    expect(await refused({ lang: '😀'.repeat(2001) })).toEqual({
      code: 'OUT_OF_RANGE',
      field: 'filter.metadata.lang',
    });
    expect(await refused({ ['😀'.repeat(129)]: 'v' })).toEqual({
      code: 'OUT_OF_RANGE',
      field: `filter.metadata["${'😀'.repeat(129)}"]`,
    });
  });

  it('refuse a record with too much metadata and store nothing of it, while the others are stored', async () => {
    const base = knowledge();
    const results = await base.ingest([
      { documentId: 'big', text: 'refund policy', metadata: keys(knowledgeLimits.metadataKeys + 1) },
      { documentId: 'fine', text: 'refund policy', metadata: { lang: 'en' } },
    ]);
    expect(results.map((result) => [result.documentId, result.chunks, result.error?.code])).toEqual([
      ['big', 0, 'OUT_OF_RANGE'],
      ['fine', 1, undefined],
    ]);
    const found = await base.retrieve({ text: 'refund policy', mode: 'lexical' });
    expect(found.map((chunk) => chunk.documentId)).toEqual(['fine']);
  });
});
