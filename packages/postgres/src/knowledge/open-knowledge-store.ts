import type { KnowledgeStore } from '@opwire/knowledge';
import { createPostgresKnowledgeStore } from './postgres-knowledge-store.js';
import { openPgliteClient, openServerClient } from './sql-client.js';

/** Where the store lives: a server (`url`), else embedded PGlite in `dataDir` (absent: in memory). */
export interface OpenKnowledgeStoreOptions {
  readonly url?: string;
  readonly dataDir?: string;
  readonly table?: string;
}

/** Opens a PostgreSQL knowledge store; closing the store closes its connection. */
export async function openPostgresKnowledgeStore(
  options: OpenKnowledgeStoreOptions = {},
): Promise<KnowledgeStore> {
  const client = options.url
    ? openServerClient({ connectionString: options.url })
    : await openPgliteClient(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
  try {
    return await createPostgresKnowledgeStore({ client, ...(options.table ? { table: options.table } : {}) });
  } catch (error) {
    await client.close();
    throw error;
  }
}

/** Whether a PostgreSQL server offers pgvector (the knowledge store needs it). */
export async function hasPgvector(url: string): Promise<boolean> {
  const client = openServerClient({ connectionString: url, max: 1 });
  try {
    const rows = await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
    return rows.length > 0;
  } finally {
    await client.close();
  }
}
