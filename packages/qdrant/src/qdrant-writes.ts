import { randomUUID } from 'node:crypto';
import type { DocumentScope, KnowledgeRecord, KnowledgeScope } from '@opwire/knowledge';
import { batchPoints } from './batch-points.js';
import { checkMetadataKeys } from './metadata-path.js';
import { pointId } from './point-id.js';
import { type CollectionSettings, checkVectorLength, type QdrantContext } from './qdrant-context.js';
import { chunkVector } from './sparse-terms.js';
import { documentFilter } from './to-qdrant-filter.js';

/** A stored point as writes see it: which version of which chunk, and whether searches see it. */
interface StoredPoint {
  readonly id: string;
  readonly chunkIndex: number;
  readonly revision: number;
  readonly version: string;
  readonly live: boolean;
}

/** A version's order: its revision (time-based, above any the document had), then its random tag. */
interface VersionKey {
  readonly revision: number;
  readonly version: string;
}
const below = (left: VersionKey, right: VersionKey) =>
  left.revision < right.revision || (left.revision === right.revision && left.version < right.version);

let lastRevision = 0;
// Microseconds since the epoch, strictly increasing in this process and above every revision already stored.
const nextRevision = (above: number) => {
  lastRevision = Math.max(Date.now() * 1000, lastRevision + 1, above + 1);
  return lastRevision;
};

const isZero = (vector: readonly number[]) => vector.every((value) => value === 0);

/** The writes of the Qdrant store: versioned replaces, upserts and deletes, without transactions. */
export function createQdrantWrites(context: QdrantContext) {
  const { client, options } = context;
  const checked = (records: readonly KnowledgeRecord[]) => {
    for (const record of records)
      checkVectorLength(record.collection, context.collection(record.collection), record.embedding);
    checkMetadataKeys(records);
  };
  const toPoint = (record: KnowledgeRecord, key: VersionKey, live: boolean, chunks: number | null) => ({
    id: pointId(record.tenant, record.documentId, record.chunkIndex, key.version),
    vector: {
      // A zero vector has no direction: the point gets none, so dense search never returns it.
      ...(isZero(record.embedding) ? {} : { dense: [...record.embedding] }),
      ...(record.terms.length > 0 ? { terms: chunkVector(record.terms, options.lexical) } : {}),
    },
    payload: {
      tenant: record.tenant,
      documentId: record.documentId,
      chunkIndex: record.chunkIndex,
      text: record.text,
      ...(record.title === undefined ? {} : { title: record.title }),
      ...(record.source === undefined ? {} : { source: record.source }),
      metadata: record.metadata,
      revision: key.revision,
      version: key.version,
      live,
      chunks,
    },
  });
  const write = async (settings: CollectionSettings, points: ReturnType<typeof toPoint>[]) => {
    for (const batch of batchPoints(points, options.batchSize)) {
      await client.upsert(settings.qdrantName, { wait: true, points: batch });
    }
  };
  const stored = async (settings: CollectionSettings, tenant: string, documentIds: readonly string[]) => {
    const found: StoredPoint[] = [];
    let offset: string | number | undefined;
    do {
      const page = await client.scroll(settings.qdrantName, {
        filter: documentFilter(tenant, documentIds),
        limit: 1000,
        with_payload: ['chunkIndex', 'revision', 'version', 'live'],
        ...(offset === undefined ? {} : { offset }),
      });
      for (const point of page.points) {
        const payload = point.payload as Omit<StoredPoint, 'id'>;
        found.push({ id: String(point.id), ...payload });
      }
      offset = (page.next_page_offset ?? undefined) as string | number | undefined;
    } while (offset !== undefined);
    return found;
  };
  const remove = async (settings: CollectionSettings, points: readonly StoredPoint[]) => {
    if (points.length > 0)
      await client.delete(settings.qdrantName, { wait: true, points: points.map((point) => point.id) });
    return points.filter((point) => point.live).length;
  };
  const revisionAbove = (points: readonly StoredPoint[]) =>
    nextRevision(points.reduce((highest, point) => Math.max(highest, point.revision), 0));

  return {
    /** Writes records live, each replacing the stored chunk of the same document and index. */
    async upsert(records: readonly KnowledgeRecord[]): Promise<void> {
      checked(records);
      const groups = new Map<string, KnowledgeRecord[]>();
      for (const record of records) {
        const key = JSON.stringify([record.collection, record.tenant, record.documentId]);
        groups.set(key, [...(groups.get(key) ?? []), record]);
      }
      for (const group of groups.values()) {
        const [first] = group as [KnowledgeRecord];
        const settings = context.collection(first.collection);
        const before = await stored(settings, first.tenant, [first.documentId]);
        const key = { revision: revisionAbove(before), version: randomUUID() };
        await write(
          settings,
          group.map((record) => toPoint(record, key, true, null)),
        );
        const indexes = new Set(group.map((record) => record.chunkIndex));
        await remove(
          settings,
          before.filter((point) => indexes.has(point.chunkIndex) && below(point, key)),
        );
      }
    },

    /**
     * Writes the new version unseen, switches it live in one update, then deletes every version below the
     * newest live one — this one, or a newer one written at the same time, which then deletes this one.
     */
    async replaceDocument(scope: DocumentScope, records: readonly KnowledgeRecord[]): Promise<number> {
      const settings = context.collection(scope.collection);
      checked(records);
      const before = await stored(settings, scope.tenant, [scope.documentId]);
      if (records.length === 0) return remove(settings, before);
      const key = { revision: revisionAbove(before), version: randomUUID() };
      const mine = {
        must: [
          ...documentFilter(scope.tenant, [scope.documentId]).must,
          { key: 'version', match: { value: key.version } },
        ],
      };
      try {
        await write(
          settings,
          records.map((record) => toPoint(record, key, false, records.length)),
        );
        await client.setPayload(settings.qdrantName, { payload: { live: true }, filter: mine, wait: true });
      } catch (error) {
        // Unseen points of a failed write are removed when possible; the previous version stays live.
        await client.delete(settings.qdrantName, { wait: true, filter: mine }).catch(() => undefined);
        throw error;
      }
      const after = await stored(settings, scope.tenant, [scope.documentId]);
      const newest = after.reduce<VersionKey>(
        (best, point) => (point.live && below(best, point) ? point : best),
        key,
      );
      const doomed = after.filter((point) => below(point, newest));
      await remove(settings, doomed);
      if (below(key, newest)) return 0;
      return doomed.filter((point) => point.live && point.chunkIndex >= records.length).length;
    },

    async deleteDocuments(
      scope: KnowledgeScope & { readonly documentIds: readonly string[] },
    ): Promise<number> {
      const settings = context.collection(scope.collection);
      if (scope.documentIds.length === 0) return 0;
      return remove(settings, await stored(settings, scope.tenant, scope.documentIds));
    },

    async deleteChunksFrom(scope: DocumentScope & { readonly fromIndex: number }): Promise<number> {
      const settings = context.collection(scope.collection);
      const points = await stored(settings, scope.tenant, [scope.documentId]);
      return remove(
        settings,
        points.filter((point) => point.chunkIndex >= scope.fromIndex),
      );
    },
  };
}
