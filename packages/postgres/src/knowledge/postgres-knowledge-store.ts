import { OpwireError } from '@opwire/core';
import type { KnowledgeFilter, KnowledgeScope, KnowledgeStore } from '@opwire/knowledge';
import { createAnalyzeSchedule } from './analyze-schedule.js';
import { type ChunkRow, toChunkRow, toScored } from './chunk-row.js';
import { knowledgeBackfill, knowledgeSchema } from './knowledge-schema.js';
import {
  admitChunksSql,
  deleteChunksSql,
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
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new TypeError(`Invalid table name "${table}".`);
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
      throw new OpwireError('EMBEDDING_DIMENSION_MISMATCH', {
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

  return {
    async upsert(records) {
      if (records.length === 0) return;
      await client.transaction(async (query) => {
        const lengths = new Map<string, number>();
        for (const record of records) {
          const seen = lengths.get(record.collection);
          if (seen !== undefined && seen !== record.embedding.length) {
            throw new OpwireError('EMBEDDING_DIMENSION_MISMATCH', {
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
        await query(
          `INSERT INTO ${table} (collection, tenant, id, document_id, chunk_index, text, title, source, metadata,
             embedding, dimensions, terms, term_frequencies, term_count)
           SELECT r.collection, r.tenant, r.id, r.document_id, r.chunk_index, r.text, r.title, r.source, r.metadata,
             r.embedding::vector, r.dimensions, array_to_tsvector(r.terms), r.term_frequencies, r.term_count
           FROM jsonb_to_recordset($1::jsonb) AS r(collection text, tenant text, id text, document_id text,
             chunk_index integer, text text, title text, source text, metadata jsonb, embedding text,
             dimensions integer, terms text[], term_frequencies jsonb, term_count integer)
           ON CONFLICT (collection, tenant, id) DO UPDATE SET document_id = excluded.document_id,
             chunk_index = excluded.chunk_index, text = excluded.text, title = excluded.title,
             source = excluded.source, metadata = excluded.metadata, embedding = excluded.embedding,
             dimensions = excluded.dimensions, terms = excluded.terms,
             term_frequencies = excluded.term_frequencies, term_count = excluded.term_count`,
          [JSON.stringify(records.map(toChunkRow))],
        );
        await query(admitChunksSql(table), [keys]);
      });
      await analyzeSchedule.afterWrite(records.length);
    },
    async deleteDocuments(scope) {
      return deleteInScope(
        scope,
        'collection = $1 AND tenant = $2 AND document_id IN (SELECT jsonb_array_elements_text($3::jsonb))',
        [JSON.stringify(scope.documentIds)],
      );
    },
    async deleteChunksFrom(scope) {
      return deleteInScope(
        scope,
        'collection = $1 AND tenant = $2 AND document_id = $3 AND chunk_index >= $4',
        [scope.documentId, scope.fromIndex],
      );
    },
    async searchDense(search) {
      await checkDimensions(client.query, search.collection, search.vector.length);
      const rows = await client.query<ChunkRow>(
        `SELECT ${columns}, 1 - (c.embedding <=> $5::vector) AS score FROM ${table} c
         WHERE c.collection = $1 AND c.tenant = $2 ${filterSql}
         ORDER BY c.embedding <=> $5::vector, c.id LIMIT $6`,
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
      try {
        await client.query('SELECT 1');
        return { ok: true };
      } catch {
        return { ok: false, detail: 'the database does not answer' };
      }
    },
    close: () => client.close(),
  };
}
