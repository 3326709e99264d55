// The statements that keep the BM25 statistics (`<table>_stats`, `<table>_postings`) in step with the chunks,
// and the search that reads them. Every chunk's postings are its distinct non-empty terms.

// $1: a JSON array of {collection, tenant, id}; the chunks of the knowledge table with those keys.
const keyedChunks = (table: string) =>
  `SELECT c.collection, c.tenant, c.id, c.terms, c.term_frequencies, c.term_count FROM ${table} c
   JOIN (SELECT DISTINCT collection, tenant, id FROM jsonb_to_recordset($1::jsonb)
         AS k(collection text, tenant text, id text)) k USING (collection, tenant, id)`;

// Given a CTE `gone` of removed chunks: drops their postings and takes them out of the scope statistics.
const forget = (table: string) =>
  `unposted AS (
     DELETE FROM ${table}_postings p USING gone g, unnest(tsvector_to_array(g.terms)) AS t(term)
     WHERE p.collection = g.collection AND p.tenant = g.tenant AND p.term = t.term AND p.id = g.id),
   uncounted AS (
     UPDATE ${table}_stats s SET documents = s.documents - g.documents, total_length = s.total_length - g.total_length
     FROM (SELECT collection, tenant, count(*) AS documents, coalesce(sum(term_count), 0) AS total_length
           FROM gone GROUP BY collection, tenant) g
     WHERE s.collection = g.collection AND s.tenant = g.tenant)`;

/** Before an upsert: forgets the statistics of the chunks (keys in $1) about to be replaced. */
export const retireChunksSql = (table: string) =>
  `WITH gone AS (${keyedChunks(table)}), ${forget(table)} SELECT 1`;

/** Writes the chunk rows in $1 (a JSON array of `toChunkRow` objects), replacing rows with the same key. */
export const insertChunksSql = (table: string) =>
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
     term_frequencies = excluded.term_frequencies, term_count = excluded.term_count`;

/** After an upsert: records the postings and scope statistics of the chunks (keys in $1) just written. */
export const admitChunksSql = (table: string) =>
  `WITH fresh AS (${keyedChunks(table)}),
   posted AS (
     INSERT INTO ${table}_postings (collection, tenant, term, id, frequency, length)
     SELECT f.collection, f.tenant, t.key, f.id, t.value::integer, f.term_count
     FROM fresh f CROSS JOIN jsonb_each_text(f.term_frequencies) AS t(key, value) WHERE t.key <> '')
   INSERT INTO ${table}_stats (collection, tenant, documents, total_length)
   SELECT collection, tenant, count(*), coalesce(sum(term_count), 0) FROM fresh GROUP BY collection, tenant
   ON CONFLICT (collection, tenant) DO UPDATE SET documents = ${table}_stats.documents + excluded.documents,
     total_length = ${table}_stats.total_length + excluded.total_length`;

/** Deletes the chunks matching `condition` with their statistics, in one statement; returns `count`. */
export const deleteChunksSql = (table: string, condition: string) =>
  `WITH gone AS (DELETE FROM ${table} WHERE ${condition}
                 RETURNING collection, tenant, id, terms, term_count), ${forget(table)}
   SELECT count(*)::integer AS count FROM gone`;

/**
 * BM25 over the postings of the query terms only, then the chunk rows of the top hits only. The lateral
 * subqueries keep the planner on per-term and per-hit index lookups (with fresh statistics, see
 * `createAnalyzeSchedule`). Equal scores are ordered by id in code-point order (`COLLATE "C"`, UTF-8 bytes),
 * whatever the database's collation. $1 collection, $2 tenant, $3/$4 the filter (see `filterSql`), $5 JSON
 * [{term, weight}], $6 k1, $7 b, $8 top. Statistics cover the whole scope; the filter applies after.
 */
export const lexicalSearchSql = (table: string, options: { columns: string; filterSql: string }) =>
  `WITH query AS (
     SELECT term, sum(weight) AS weight FROM jsonb_to_recordset($5::jsonb) AS q(term text, weight float8)
     WHERE term <> '' GROUP BY term),
   scope AS (
     SELECT documents::float8 AS n, total_length::float8 / greatest(documents, 1) AS average
     FROM ${table}_stats WHERE collection = $1 AND tenant = $2 AND documents > 0),
   matches AS (
     SELECT q.term, q.weight, p.id, p.tf, p.length FROM query q CROSS JOIN LATERAL (
       SELECT p.id, p.frequency::float8 AS tf, p.length::float8 AS length FROM ${table}_postings p
       WHERE p.collection = $1 AND p.tenant = $2 AND p.term = q.term OFFSET 0) p),
   frequency AS (SELECT term, count(*)::float8 AS df FROM matches GROUP BY term),
   scored AS (
     SELECT m.id, sum(m.weight * ln(1 + (s.n - f.df + 0.5) / (f.df + 0.5)) * m.tf * ($6::float8 + 1)
       / (m.tf + $6::float8 * (1 - $7::float8 + $7::float8 * m.length / greatest(s.average, 1e-9)))) AS score
     FROM matches m JOIN frequency f USING (term) CROSS JOIN scope s GROUP BY m.id),
   ranked AS (
     SELECT r.id, r.score FROM scored r
     WHERE ($3::jsonb IS NULL AND $4::jsonb = '{}'::jsonb)
       OR EXISTS (SELECT 1 FROM ${table} c WHERE c.collection = $1 AND c.tenant = $2 AND c.id = r.id ${options.filterSql})
     ORDER BY r.score DESC, r.id COLLATE "C" LIMIT $8)
   SELECT ${options.columns}, ranked.score FROM ranked CROSS JOIN LATERAL (
     SELECT ${options.columns} FROM ${table} c WHERE c.collection = $1 AND c.tenant = $2 AND c.id = ranked.id
     LIMIT 1) c
   ORDER BY ranked.score DESC, c.id COLLATE "C"`;

/**
 * Serialises writers of the same scopes ($1: JSON [{collection, tenant}]) until the transaction ends, in a fixed
 * order, so two writers never retire the same chunk twice or post its terms twice.
 */
export const lockScopesSql = (table: string) =>
  `SELECT pg_advisory_xact_lock(hashtext(scope)) FROM (
     SELECT DISTINCT '${table}:' || collection || ':' || tenant AS scope
     FROM jsonb_to_recordset($1::jsonb) AS k(collection text, tenant text) ORDER BY scope) s`;
