/** The statements that create the knowledge table, its lexical statistics and indexes; safe to run at every start. */
export function knowledgeSchema(table: string): string[] {
  return [
    'CREATE EXTENSION IF NOT EXISTS vector',
    `CREATE TABLE IF NOT EXISTS ${table} (
      collection text NOT NULL,
      tenant text NOT NULL,
      id text NOT NULL,
      document_id text NOT NULL,
      chunk_index integer NOT NULL,
      text text NOT NULL,
      title text,
      source text,
      metadata jsonb NOT NULL DEFAULT '{}',
      embedding vector NOT NULL,
      dimensions integer NOT NULL,
      terms tsvector NOT NULL,
      term_frequencies jsonb NOT NULL,
      term_count integer NOT NULL,
      PRIMARY KEY (collection, tenant, id)
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_terms ON ${table} USING gin (terms)`,
    `CREATE INDEX IF NOT EXISTS ${table}_document ON ${table} (collection, tenant, document_id, chunk_index)`,
    // BM25 statistics per scope: how many chunks, and their summed length in terms.
    `CREATE TABLE IF NOT EXISTS ${table}_stats (
      collection text NOT NULL,
      tenant text NOT NULL,
      documents bigint NOT NULL,
      total_length bigint NOT NULL,
      PRIMARY KEY (collection, tenant)
    )`,
    // The inverted index: one row per (chunk, distinct term) with the term's frequency and the chunk's length.
    `CREATE TABLE IF NOT EXISTS ${table}_postings (
      collection text NOT NULL,
      tenant text NOT NULL,
      term text NOT NULL,
      id text NOT NULL,
      frequency integer NOT NULL,
      length integer NOT NULL,
      PRIMARY KEY (collection, tenant, term, id)
    )`,
  ];
}

/** Statements that fill the statistics tables from the chunks already stored, keyed by the table each fills. */
export function knowledgeBackfill(table: string): { readonly table: string; readonly sql: string }[] {
  return [
    {
      table: `${table}_stats`,
      sql: `INSERT INTO ${table}_stats (collection, tenant, documents, total_length)
        SELECT collection, tenant, count(*), coalesce(sum(term_count), 0) FROM ${table} GROUP BY collection, tenant`,
    },
    {
      table: `${table}_postings`,
      sql: `INSERT INTO ${table}_postings (collection, tenant, term, id, frequency, length)
        SELECT c.collection, c.tenant, f.key, c.id, f.value::integer, c.term_count
        FROM ${table} c CROSS JOIN jsonb_each_text(c.term_frequencies) AS f(key, value) WHERE f.key <> ''`,
    },
  ];
}
