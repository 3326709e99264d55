import { OpwireError } from '@opwire/core';
import type { KnowledgeFilter, KnowledgeRecord, KnowledgeStore, ScoredRecord } from '@opwire/knowledge';
import { knowledgeSchema } from './knowledge-schema.js';
import type { SqlClient, SqlQuery } from './sql-client.js';

/** Settings for the PostgreSQL knowledge store. */
export interface PostgresKnowledgeStoreOptions {
  readonly client: SqlClient;
  /** Defaults to `opwire_knowledge_chunks`. */
  readonly table?: string;
}

interface ChunkRow {
  id: string;
  document_id: string;
  chunk_index: number;
  text: string;
  title: string | null;
  source: string | null;
  metadata: Record<string, string | number | boolean>;
  score: number;
}

const toScored = (row: ChunkRow): ScoredRecord => ({
  id: row.id,
  documentId: row.document_id,
  chunkIndex: Number(row.chunk_index),
  text: row.text,
  ...(row.title === null ? {} : { title: row.title }),
  ...(row.source === null ? {} : { source: row.source }),
  metadata: row.metadata,
  score: Number.isFinite(Number(row.score)) ? Number(row.score) : 0,
});

// Parameters $3 and $4 of every search: document ids (or null) and the metadata the record must contain.
const filterSql =
  'AND ($3::jsonb IS NULL OR c.document_id IN (SELECT jsonb_array_elements_text($3::jsonb))) AND c.metadata @> $4::jsonb';
const filterParams = (filter: KnowledgeFilter | undefined) => [
  filter?.documentIds ? JSON.stringify(filter.documentIds) : null,
  JSON.stringify(filter?.metadata ?? {}),
];
const columns = 'c.id, c.document_id, c.chunk_index, c.text, c.title, c.source, c.metadata';
// A tsquery literal matching any of the terms; quotes are doubled, backslashes dropped (analyzers emit none).
const anyTermQuery = (terms: readonly string[]) =>
  terms.map((term) => `'${term.replace(/\\/g, '').replace(/'/g, "''")}'`).join(' | ');

const toRow = (record: KnowledgeRecord) => {
  const frequencies: Record<string, number> = {};
  for (const term of record.terms) frequencies[term] = (frequencies[term] ?? 0) + 1;
  return {
    ...record,
    embedding: `[${record.embedding.join(',')}]`,
    dimensions: record.embedding.length,
    terms: Object.keys(frequencies).filter((term) => term !== ''),
    term_frequencies: frequencies,
    term_count: record.terms.length,
    document_id: record.documentId,
    chunk_index: record.chunkIndex,
    title: record.title ?? null,
    source: record.source ?? null,
  };
};

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
    for (const statement of knowledgeSchema(table)) await query(statement);
  });

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
          [JSON.stringify(records.map(toRow))],
        );
      });
    },
    async deleteDocuments(scope) {
      const rows = await client.query(
        `DELETE FROM ${table} WHERE collection = $1 AND tenant = $2
           AND document_id IN (SELECT jsonb_array_elements_text($3::jsonb)) RETURNING 1`,
        [scope.collection, scope.tenant, JSON.stringify(scope.documentIds)],
      );
      return rows.length;
    },
    async deleteChunksFrom(scope) {
      const rows = await client.query(
        `DELETE FROM ${table} WHERE collection = $1 AND tenant = $2 AND document_id = $3 AND chunk_index >= $4
           RETURNING 1`,
        [scope.collection, scope.tenant, scope.documentId, scope.fromIndex],
      );
      return rows.length;
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
      const rows = await client.query<ChunkRow>(
        `WITH query AS (SELECT term, weight FROM jsonb_to_recordset($5::jsonb) AS q(term text, weight float8)),
         scope AS (SELECT count(*)::float8 AS n, coalesce(avg(term_count), 0)::float8 AS average
                   FROM ${table} WHERE collection = $1 AND tenant = $2),
         matches AS (
           SELECT q.term, q.weight, m.id, (m.term_frequencies ->> q.term)::float8 AS tf, m.term_count
           FROM ${table} m JOIN query q ON m.term_frequencies ? q.term
           WHERE m.collection = $1 AND m.tenant = $2 AND m.terms @@ $6::tsquery),
         frequency AS (SELECT term, count(*)::float8 AS df FROM matches GROUP BY term),
         scored AS (
           SELECT m.id, sum(m.weight * ln(1 + (s.n - f.df + 0.5) / (f.df + 0.5))
             * m.tf * ($7::float8 + 1) / (m.tf + $7::float8 * (1 - $8::float8 + $8::float8 * m.term_count / greatest(s.average, 1e-9)))) AS score
           FROM matches m JOIN frequency f USING (term) CROSS JOIN scope s GROUP BY m.id)
         SELECT ${columns}, scored.score FROM scored
         JOIN ${table} c ON c.collection = $1 AND c.tenant = $2 AND c.id = scored.id
         WHERE true ${filterSql}
         ORDER BY scored.score DESC, c.id LIMIT $9`,
        [
          search.collection,
          search.tenant,
          ...filterParams(search.filter),
          JSON.stringify(search.terms),
          anyTermQuery(search.terms.map((term) => term.term)),
          search.bm25.k1,
          search.bm25.b,
          search.top,
        ],
      );
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
