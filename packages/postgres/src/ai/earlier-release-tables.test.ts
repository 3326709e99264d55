import { afterEach, describe, expect, it } from 'vitest';
import type { Postgres } from '../create-postgres.js';
import { noteServerSkip, testTargets } from '../test-support.js';
import { createPostgresGovernanceStores } from './create-postgres-governance-stores.js';

// The tables as releases before turn endings (and so sources) and reopenable ids created them, with a message and a deleted id.
const tablesBeforeEndings = [
  `CREATE TABLE opwire_ai_conversations (
    id text COLLATE "C" PRIMARY KEY,
    tenant text NOT NULL,
    principal_id text NOT NULL,
    title text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE TABLE opwire_ai_messages (
    conversation_id text COLLATE "C" NOT NULL REFERENCES opwire_ai_conversations (id) ON DELETE CASCADE,
    sequence integer NOT NULL,
    turn_id text,
    at timestamptz NOT NULL,
    message json NOT NULL,
    PRIMARY KEY (conversation_id, sequence)
  )`,
  `CREATE TABLE opwire_ai_deleted_conversations (
    id text COLLATE "C" PRIMARY KEY,
    tenant text NOT NULL,
    principal_id text NOT NULL,
    deleted_at timestamptz NOT NULL
  )`,
  `INSERT INTO opwire_ai_deleted_conversations VALUES ('c-deleted', 'acme', 'alice', '2030-01-01T00:00:00Z')`,
  `INSERT INTO opwire_ai_conversations VALUES ('c-1', 'acme', 'alice', NULL, '2030-01-01T00:00:00Z', '2030-01-01T00:00:00Z')`,
  `INSERT INTO opwire_ai_messages VALUES ('c-1', 1, 'turn-1', '2030-01-01T00:00:00Z', '{"role":"user","content":"hello"}')`,
];

const alice = { tenant: 'acme', principalId: 'alice' };
const opened: Array<Postgres & { dispose(): Promise<void> }> = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.dispose();
});

for (const target of testTargets) {
  describe(`governance tables made by an earlier release: ${target.name}`, () => {
    it('adds the columns once, keeps the old messages, and keeps endings from then on', async () => {
      const db = await target.open();
      opened.push(db);
      await db.migrate(tablesBeforeEndings);
      const { conversations } = await createPostgresGovernanceStores(db);
      // A second start finds the columns there and changes nothing.
      await createPostgresGovernanceStores(db);
      const old = await conversations.messages('c-1', alice, { limit: 10 });
      expect(old).toStrictEqual([
        {
          conversationId: 'c-1',
          sequence: 1,
          turnId: 'turn-1',
          at: '2030-01-01T00:00:00.000Z',
          message: { role: 'user', content: 'hello' },
        },
      ]);
      await conversations.append('c-1', alice, {
        messages: [{ role: 'user', content: 'stop' }],
        turnId: 'turn-2',
        at: '2030-01-01T00:01:00Z',
        ending: { outcome: 'stopped', code: 'CANCELLED' },
      });
      const read = await conversations.messages('c-1', alice, { limit: 10 });
      expect(read?.map((each) => [each.sequence, each.ending])).toStrictEqual([
        [2, { outcome: 'stopped', code: 'CANCELLED' }],
        [1, undefined],
      ]);
      const { rows } = await db.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute
          WHERE attrelid = 'opwire_ai_messages'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      );
      expect(rows.map((row) => row.name)).toEqual([
        'conversation_id',
        'sequence',
        'turn_id',
        'at',
        'message',
        'turn_outcome',
        'turn_code',
        'turn_sources',
      ]);
    });

    it('adds the sources column to tables made with endings, keeps their endings, and keeps sources from then on', async () => {
      const db = await target.open();
      opened.push(db);
      await db.migrate([
        ...tablesBeforeEndings,
        'ALTER TABLE opwire_ai_messages ADD COLUMN turn_outcome text, ADD COLUMN turn_code text',
        `UPDATE opwire_ai_messages SET turn_outcome = 'completed'`,
      ]);
      const { conversations } = await createPostgresGovernanceStores(db);
      await createPostgresGovernanceStores(db);
      const sources = [
        { sourceId: 'faq-returns', title: 'Returns', url: 'https://shop.example/faq#returns' },
      ];
      await conversations.append('c-1', alice, {
        messages: [{ role: 'user', content: 'returns?' }],
        turnId: 'turn-2',
        at: '2030-01-01T00:01:00Z',
        ending: { outcome: 'completed', sources },
      });
      const read = await conversations.messages('c-1', alice, { limit: 10 });
      expect(read?.map((each) => [each.sequence, each.ending])).toStrictEqual([
        [2, { outcome: 'completed', sources }],
        [1, { outcome: 'completed' }],
      ]);
    });

    it('keeps an id deleted before reopenable ids were deleted for good, and reopens one deleted as reopenable', async () => {
      const db = await target.open();
      opened.push(db);
      await db.migrate(tablesBeforeEndings);
      const { conversations } = await createPostgresGovernanceStores(db);
      expect(
        await conversations.open({ id: 'c-deleted', owner: alice, at: '2030-01-02T00:00:00Z' }),
      ).toBeUndefined();
      expect(await conversations.delete('c-1', alice, { reopenable: true })).toBe(true);
      expect(await conversations.open({ id: 'c-1', owner: alice, at: '2030-01-02T00:00:00Z' })).toMatchObject(
        {
          id: 'c-1',
          createdAt: '2030-01-02T00:00:00.000Z',
        },
      );
      expect(await conversations.messages('c-1', alice, { limit: 10 })).toEqual([]);
    });
  });
}
noteServerSkip();
