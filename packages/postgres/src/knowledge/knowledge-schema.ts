/** The statements that create the knowledge table and its indexes; safe to run at every start. */
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
  ];
}
