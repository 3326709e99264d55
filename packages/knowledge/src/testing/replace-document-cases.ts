import { expect, it } from 'vitest';
import type { KnowledgeRecord, KnowledgeStore } from '../store/knowledge-store.js';
import { testRecord } from './test-record.js';

/** The conformance cases of `replaceDocument`; `store` gives the current test's fresh store. */
export function itReplacesDocuments(store: () => KnowledgeStore): void {
  it('replaces a document: writes the new chunks, deletes its stale tail and nothing else', async () => {
    await store().upsert([0, 1, 2, 3].map((chunkIndex) => testRecord({ documentId: 'a', chunkIndex })));
    await store().upsert([testRecord({ documentId: 'b' }), testRecord({ documentId: 'a', tenant: 't' })]);
    const fresh = [0, 1].map((chunkIndex) => testRecord({ documentId: 'a', chunkIndex, text: 'new' }));
    expect(await store().replaceDocument({ collection: 'docs', tenant: '', documentId: 'a' }, fresh)).toBe(2);
    const left = await store().searchDense({ collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 });
    expect(left.map((hit) => `${hit.id} ${hit.text}`).sort()).toEqual([
      'a#0 new',
      'a#1 new',
      'b#0 text of b',
    ]);
    const other = await store().searchDense({ collection: 'docs', tenant: 't', vector: [1, 0, 0], top: 10 });
    expect(other.map((hit) => hit.id)).toEqual(['a#0']);
  });

  it('leaves one whole version, never a mix, when two replaces of a document run at once', async () => {
    const scope = { collection: 'docs', tenant: '', documentId: 'd' };
    const version = (name: string, chunks: number) =>
      Array.from({ length: chunks }, (_, chunkIndex) =>
        testRecord({ documentId: 'd', chunkIndex, text: `${name} ${chunkIndex}`, terms: [name] }),
      );
    const texts = (records: readonly KnowledgeRecord[]) => records.map((record) => record.text);
    for (let round = 0; round < 6; round++) {
      const short = version(`short${round}`, 1);
      const long = version(`long${round}`, 3);
      // Alternate which starts first, so either may finish last.
      const versions = round % 2 === 0 ? [short, long] : [long, short];
      await Promise.all(versions.map((records) => store().replaceDocument(scope, records)));
      const hits = await store().searchDense({ collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 });
      expect([texts(short), texts(long)]).toContainEqual(hits.map((hit) => hit.text).sort());
    }
  });

  it('rejects a replace with vectors of another length and keeps the old version whole', async () => {
    await store().upsert([0, 1].map((chunkIndex) => testRecord({ documentId: 'a', chunkIndex })));
    const wrong = [testRecord({ documentId: 'a', text: 'new', embedding: [1, 0] })];
    await expect(
      store().replaceDocument({ collection: 'docs', tenant: '', documentId: 'a' }, wrong),
    ).rejects.toMatchObject({ code: 'EMBEDDING_DIMENSION_MISMATCH' });
    const hits = await store().searchDense({ collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 });
    expect(hits.map((hit) => `${hit.id} ${hit.text}`).sort()).toEqual(['a#0 text of a', 'a#1 text of a']);
  });
}
