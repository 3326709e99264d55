import { coreErrors } from '@opwire/core';
import type { KnowledgeFilter, KnowledgeRecord, KnowledgeScope, KnowledgeStore } from '@opwire/knowledge';
import { knowledgeErrors } from '@opwire/knowledge';
import { createAnalyzeSchedule } from './analyze-schedule.js';
import { type ChunkRow, type StoredChunkRow, toChunkRow, toScored, toStored } from './chunk-row.js';
import { knowledgeBackfill, knowledgeSchema } from './knowledge-schema.js';
import {
  admitChunksSql,
  deleteChunksSql,
  insertChunksSql,
  lexicalSearchSql,
  lockScopesSql,
  retireChunksSql,
} from './lexical-sql.js';
import type { SqlClient, SqlQuery } from './sql-client.js';

/** Settings for the PostgreSQL knowledge store. */
export interface PostgresKnowledgeStoreOptions {
  readonly client: SqlClient;
  /** Defaults to `opwire_knowledge_chunks`. */
  readonly table?: string;
}

// Parameters $3 and $4 of every search: document ids (or null) and the metadata the record must contain.
const filterSql =
  'AND ($3::jsonb IS NULL OR c.document_id IN (SELECT jsonb_array_elements_text($3::jsonb))) AND c.metadata @> $4::jsonb';
const filterParams = (filter: KnowledgeFilter | undefined) => [
  filter?.documentIds ? JSON.stringify(filter.documentIds) : null,
  JSON.stringify(filter?.metadata ?? {}),
];
const columns = 'c.id, c.document_id, c.chunk_index, c.text, c.title, c.source, c.metadata';

/**
 * A `KnowledgeStore` on PostgreSQL: pgvector for dense search, and for lexical search a `tsvector` of the
 * analyzer's pre-segmented terms (so Chinese works) with BM25 computed in SQL over the tenant's scope.
 */
export async function createPostgresKnowledgeStore(
  options: PostgresKnowledgeStoreOptions,
): Promise<KnowledgeStore> {
  const { client } = options;
  const table = options.table ?? 'opwire_knowledge_chunks';
  // Its statistics tables and indexes append up to 9 characters, within PostgreSQL's 63.
  if (!/^[a-z_][a-z0-9_]{0,53}$/.test(table)) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: {
        reason: `knowledge table "${table}" must be 1 to 54 lower-case letters, digits and underscores, not starting with a digit`,
      },
    });
  }
  await client.transaction(async (query) => {
    // Serialises concurrent starts, so only the one that creates a statistics table backfills it.
    await query('SELECT pg_advisory_xact_lock(hashtext($1))', [table]);
    const backfill = knowledgeBackfill(table);
    const missing = await query<{ name: string }>(
      'SELECT name FROM unnest($1::text[]) AS t(name) WHERE to_regclass(name) IS NULL',
      [backfill.map((step) => step.table)],
    );
    for (const statement of knowledgeSchema(table)) await query(statement);
    for (const step of backfill) {
      if (missing.some((row) => row.name === step.table)) await query(step.sql);
    }
  });
  const searchLexicalSql = lexicalSearchSql(table, { columns, filterSql });
  const analyzeSchedule = await createAnalyzeSchedule(client, table);

  const checkDimensions = async (query: SqlQuery, collection: string, actual: number) => {
    const [row] = await query<{ dimensions: number }>(
      `SELECT dimensions FROM ${table} WHERE collection = $1 LIMIT 1`,
      [collection],
    );
    if (row && Number(row.dimensions) !== actual) {
      throw knowledgeErrors.EMBEDDING_DIMENSION_MISMATCH({
        params: { collection, expected: Number(row.dimensions), actual },
      });
    }
  };

  // Deletes the chunks of one scope matching `condition` ($1 collection, $2 tenant, then `params`).
  const deleteInScope = (scope: KnowledgeScope, condition: string, params: readonly unknown[]) =>
    client.transaction(async (query) => {
      await query(lockScopesSql(table), [JSON.stringify([scope])]);
      const [row] = await query<{ count: number }>(deleteChunksSql(table, condition), [
        scope.collection,
        scope.tenant,
        ...params,
      ]);
      return Number(row?.count ?? 0);
    });

  // Writes records with their statistics inside a transaction, holding the lock of every scope they touch.
  const writeRecords = async (query: SqlQuery, records: readonly KnowledgeRecord[]) => {
    const lengths = new Map<string, number>();
    for (const record of records) {
      const seen = lengths.get(record.collection);
      if (seen !== undefined && seen !== record.embedding.length) {
        throw knowledgeErrors.EMBEDDING_DIMENSION_MISMATCH({
          params: { collection: record.collection, expected: seen, actual: record.embedding.length },
        });
      }
      if (seen === undefined) await checkDimensions(query, record.collection, record.embedding.length);
      lengths.set(record.collection, record.embedding.length);
    }
    const keys = JSON.stringify(
      records.map((record) => ({ collection: record.collection, tenant: record.tenant, id: record.id })),
    );
    await query(lockScopesSql(table), [keys]);
    await query(retireChunksSql(table), [keys]);
    await query(insertChunksSql(table), [JSON.stringify(records.map(toChunkRow))]);
    await query(admitChunksSql(table), [keys]);
  };
  const tailCondition = 'collection = $1 AND tenant = $2 AND document_id = $3 AND chunk_index >= $4';
  return {
    async upsert(records) {
      if (records.length === 0) return;
      await client.transaction((query) => writeRecords(query, records));
      await analyzeSchedule.afterWrite(records.length);
    },
    async replaceDocument(scope, records) {
      // One transaction under the scope lock: a concurrent replace of the document waits, then sees this one whole.
      const stale = await client.transaction(async (query) => {
        await query(lockScopesSql(table), [JSON.stringify([scope])]);
        if (records.length > 0) await writeRecords(query, records);
        const [row] = await query<{ count: number }>(deleteChunksSql(table, tailCondition), [
          scope.collection,
          scope.tenant,
          scope.documentId,
          records.length,
        ]);
        return Number(row?.count ?? 0);
      });
      await analyzeSchedule.afterWrite(records.length);
      return stale;
    },
    async readDocument(scope) {
      const rows = await client.query<StoredChunkRow>(
        `SELECT ${columns} FROM ${table} c WHERE c.collection = $1 AND c.tenant = $2 AND c.document_id = $3
         ORDER BY c.chunk_index`,
        [scope.collection, scope.tenant, scope.documentId],
      );
      return rows.map(toStored);
    },
    async deleteDocuments(scope) {
      return deleteInScope(
        scope,
        'collection = $1 AND tenant = $2 AND document_id IN (SELECT jsonb_array_elements_text($3::jsonb))',
        [JSON.stringify(scope.documentIds)],
      );
    },
    async deleteChunksFrom(scope) {
      return deleteInScope(scope, tailCondition, [scope.documentId, scope.fromIndex]);
    },
    async searchDense(search) {
      await checkDimensions(client.query, search.collection, search.vector.length);
      // A zero vector has no direction: cosine is undefined (NaN) for it, so it is near nothing.
      if (search.vector.every((value) => value === 0)) return [];
      const rows = await client.query<ChunkRow>(
        `SELECT ${columns}, 1 - (c.embedding <=> $5::vector) AS score FROM ${table} c
         WHERE c.collection = $1 AND c.tenant = $2 AND vector_norm(c.embedding) > 0 ${filterSql}
         ORDER BY c.embedding <=> $5::vector, c.id COLLATE "C" LIMIT $6`,
        [
          search.collection,
          search.tenant,
          ...filterParams(search.filter),
          `[${search.vector.join(',')}]`,
          search.top,
        ],
      );
      return rows.map(toScored);
    },
    async searchLexical(search) {
      if (search.terms.length === 0) return [];
      const rows = await client.query<ChunkRow>(searchLexicalSql, [
        search.collection,
        search.tenant,
        ...filterParams(search.filter),
        JSON.stringify(search.terms),
        search.bm25.k1,
        search.bm25.b,
        search.top,
      ]);
      return rows.map(toScored);
    },
    async health() {
      const health = await client.health();
      if (health.status !== 'ready') {
        return {
          status: 'degraded',
          code: health.code === 'DEADLINE_EXCEEDED' ? 'TIMEOUT' : 'VECTOR_STORE_UNREACHABLE',
        };
      }
      try {
        const [row] = await client.query<{ present: boolean }>(
          'SELECT to_regclass($1) IS NOT NULL AS present',
          [table],
        );
        return row?.present ? { status: 'ready' } : { status: 'degraded', code: 'COLLECTION_MISSING' };
      } catch {
        return { status: 'degraded', code: 'VECTOR_STORE_UNREACHABLE' };
      }
    },
    close: () => client.close(),
  };
}
