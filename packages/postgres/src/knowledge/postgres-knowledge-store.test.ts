import { describeKnowledgeStoreConformance } from '@opwire/knowledge/testing';
import { afterAll } from 'vitest';
import { hasPgvector } from './open-knowledge-store.js';
import { createPostgresKnowledgeStore } from './postgres-knowledge-store.js';
import { openPgliteClient, openServerClient, type SqlClient } from './sql-client.js';

// One database per suite and a fresh table per test: starting PGlite takes seconds, a table milliseconds.
const shared = (client: Promise<SqlClient>) => {
  let table = 0;
  afterAll(async () => (await client).close());
  return async () => {
    const open = await client;
    return createPostgresKnowledgeStore({
      client: { ...open, close: async () => undefined },
      table: `opwire_knowledge_test_${process.pid}_${table++}`,
    });
  };
};

describeKnowledgeStoreConformance('PGlite + pgvector', { create: shared(openPgliteClient()) });

const url = process.env.DATABASE_URL;
const serverReady = url ? await hasPgvector(url).catch(() => false) : false;
describeKnowledgeStoreConformance('PostgreSQL server + pgvector', {
  ...(url && serverReady
    ? { create: shared(Promise.resolve(openServerClient({ connectionString: url }))) }
    : {
        create: () => Promise.reject(new Error('unreachable')),
        skip: url ? 'the server at DATABASE_URL has no pgvector extension' : 'DATABASE_URL is not set',
      }),
});
