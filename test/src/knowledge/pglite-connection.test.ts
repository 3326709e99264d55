import { setTimeout as sleep } from 'node:timers/promises';
import { type Caller, createOpwire } from '@opwire/core';
import { createKnowledge, createKnowledgeOperations, createMemoryKnowledgeStore } from '@opwire/knowledge';
import { createPostgres, type Postgres } from '@opwire/postgres';
import { MockEmbeddingModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The knowledge operations wait on an embedding model (a remote one for seconds, an ingest for minutes). An app on
// PGlite has one database connection: an operation that held a transaction through that wait kept every other
// caller of the app from the database until it ended.
describe('knowledge operations on an app whose database is PGlite', { timeout: 60_000 }, () => {
  let db: Postgres;
  beforeAll(async () => {
    db = await createPostgres();
  }, 60_000);
  afterAll(() => db?.close());

  const admin: Caller = {
    principalId: 'admin',
    tenant: 'acme',
    permissions: ['knowledge:write', 'knowledge:read'],
  };

  /** An app whose embedding model answers only when the test lets it. */
  const setup = () => {
    let waiting = 0;
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const model = new MockEmbeddingModelV4({
      doEmbed: async ({ values }) => {
        waiting++;
        await answered;
        return { embeddings: values.map((_, index) => [1, index % 2, 0]), warnings: [] };
      },
    });
    const knowledge = createKnowledge({ store: createMemoryKnowledgeStore(), embeddingModel: model });
    const app = createOpwire({
      operations: createKnowledgeOperations({ knowledge }),
      transactions: db.transactions,
      audit: db.audit,
    });
    return { app, release, waiting: () => waiting };
  };

  /** Whether another query on the app's database answers while the operation waits for its model. */
  const databaseAnswers = async () => {
    const query = db.query('SELECT 1 AS one');
    // Held behind the operation's transaction, the query would wait for the model, which waits for the test.
    return Promise.race([query.then(() => 'answered'), sleep(3_000).then(() => 'still waiting')]);
  };

  /**
   * Starts a call on a fresh app and, once it waits for its embedding model, runs another query on the database;
   * then lets the model answer. Returns whether that query answered meanwhile, and the call's response.
   */
  const callWhileTheModelWaits = async (call: (app: ReturnType<typeof setup>['app']) => Promise<unknown>) => {
    const { app, release, waiting } = setup();
    const pending = call(app);
    let meanwhile: string;
    try {
      await vi.waitFor(() => expect(waiting()).toBe(1));
      meanwhile = await databaseAnswers();
    } finally {
      release();
    }
    return { meanwhile, response: await pending };
  };

  it('ingest holds no connection while it waits for the embedding model', async () => {
    expect(db.kind).toBe('pglite');
    const { meanwhile, response } = await callWhileTheModelWaits((app) =>
      app.invoke(
        'knowledge.ingest',
        { documents: [{ documentId: 'returns', text: 'Return unworn shoes within 30 days.' }] },
        { caller: admin },
      ),
    );
    expect(meanwhile).toBe('answered');
    expect(response).toEqual({ results: [{ documentId: 'returns', chunks: 1 }] });
    // Audited when it ended, on the same database.
    const records = await db.audit.list({ operationId: 'knowledge.ingest' });
    expect(records.at(-1)).toMatchObject({ principalId: 'admin', outcome: 'ok' });
  });

  it('search holds no connection while it waits for the embedding model to embed the question', async () => {
    const { meanwhile, response } = await callWhileTheModelWaits((app) =>
      app.invoke('knowledge.search', { query: 'return shoes', mode: 'dense' }, { caller: admin }),
    );
    expect(meanwhile).toBe('answered');
    expect(response).toEqual({ results: [] });
    const records = await db.audit.list({ operationId: 'knowledge.search' });
    expect(records.at(-1)).toMatchObject({ principalId: 'admin', outcome: 'ok' });
  });
});
