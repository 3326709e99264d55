import { createApprovals, createToolCatalog } from '@opwire/ai';
import { type Caller, createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgres, type Postgres } from '../create-postgres.js';
import { sqlOf } from '../sql-of.js';
import { collectingLogger, noteServerSkip, testServerUrl, uniqueSchema } from '../test-support.js';
import { createPostgresGovernanceStores } from './create-postgres-governance-stores.js';

const caller: Caller = { principalId: 'sam', tenant: 'acme', permissions: ['notes:write'] };

/** A write a model may only ask for: it waits for approval, as every write does by default. */
const addNote = defineOperation({
  id: 'notes.add',
  request: Type.Object({ text: Type.String({ maxLength: 100 }) }),
  response: Type.Object({ id: Type.Integer() }),
  expose: ['ai'],
  permission: 'notes:write',
  writes: true,
  async handle(request, context) {
    const { rows } = await sqlOf(context).query<{ id: number }>(
      'INSERT INTO shared_notes (text) VALUES ($1) RETURNING id',
      [request.text],
    );
    return { id: Number(rows[0]?.id) };
  },
});

/** One app instance, as a separate process would build it: its own pool, the same database. */
async function instance(url: string, schema: string, maxPending = 20) {
  const db = await createPostgres({ url, schema, logger: collectingLogger() });
  await db.migrate(['CREATE TABLE IF NOT EXISTS shared_notes (id serial PRIMARY KEY, text text NOT NULL)']);
  const stores = await createPostgresGovernanceStores(db);
  const app = createOpwire({ operations: [addNote], transactions: db.transactions, audit: db.audit });
  const approvals = createApprovals({ app, store: stores.approvals, maxPending });
  const tools = createToolCatalog({ app, approvals }).bind(caller, { turnId: crypto.randomUUID() });
  const ask = async (text: string) =>
    (await tools.notes_add!.execute!(
      { text },
      { toolCallId: 'call_0', messages: [], context: {} as never },
    )) as {
      approval?: { approvalId: string };
      error?: { code: string };
    };
  return { db, approvals, ask };
}

describe.skipIf(!testServerUrl)('approvals shared by two app instances on one PostgreSQL server', () => {
  const schema = uniqueSchema('opwire_shared_approvals');
  let first: Awaited<ReturnType<typeof instance>>;
  let second: Awaited<ReturnType<typeof instance>>;
  let dbs: Postgres[] = [];
  beforeAll(async () => {
    first = await instance(testServerUrl!, schema, 3);
    second = await instance(testServerUrl!, schema, 3);
    dbs = [first.db, second.db];
  });
  afterAll(async () => {
    await first?.db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    for (const db of dbs) await db.close();
  });

  it('approves through one instance what was requested through the other, exactly once under concurrency', async () => {
    for (let round = 0; round < 5; round++) {
      const { approval } = await first.ask(`round ${round}`);
      expect((await second.approvals.pending(caller)).map((each) => each.approvalId)).toEqual([
        approval?.approvalId,
      ]);
      const outcomes = await Promise.allSettled(
        [first, second, second, first, second, first].map((each) =>
          each.approvals.approve(approval!.approvalId, caller),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected')
          expect(outcome.reason).toMatchObject({ code: 'APPROVAL_ALREADY_SETTLED' });
      }
    }
    const { rows } = await second.db.query<{ text: string }>('SELECT text FROM shared_notes ORDER BY id');
    expect(rows.map((row) => row.text)).toEqual([0, 1, 2, 3, 4].map((round) => `round ${round}`));
    expect(await first.db.audit.list({ operationId: 'notes.add' })).toHaveLength(5);
  });

  it('declines through one instance so the other can never run it', async () => {
    const { approval } = await second.ask('declined');
    await first.approvals.decline(approval!.approvalId, caller);
    await expect(second.approvals.approve(approval!.approvalId, caller)).rejects.toMatchObject({
      code: 'APPROVAL_ALREADY_SETTLED',
    });
    const { rows } = await first.db.query("SELECT 1 FROM shared_notes WHERE text = 'declined'");
    expect(rows).toEqual([]);
  });

  it('holds the cap of pending approvals across both instances', async () => {
    const asked = await Promise.all(
      [first, second, first, second, first, second].map((each, index) => each.ask(`capped ${index}`)),
    );
    expect(asked.filter((each) => each.approval)).toHaveLength(3);
    expect(asked.filter((each) => each.error?.code === 'APPROVAL_LIMIT_REACHED')).toHaveLength(3);
    expect(await first.approvals.pending(caller)).toHaveLength(3);
  });
});
noteServerSkip();
