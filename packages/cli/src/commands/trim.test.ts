import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { turnRecordFor } from '@opwire/ai/testing';
import { createPostgres } from '@opwire/postgres';
import { createPostgresGovernanceStores } from '@opwire/postgres/ai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isUsageError } from '../usage-error.js';
import { run } from './trim.js';

const silent = { error() {}, warn() {} };
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'opwire-trim-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const old = '2001-01-01T00:00:00.000Z';
const recent = new Date().toISOString();

async function seed(dataDir: string) {
  const db = await createPostgres({ dataDir, logger: silent });
  const stores = await createPostgresGovernanceStores(db);
  for (const [tenant, startedAt] of [
    ['acme', old],
    ['globex', old],
    ['acme', recent],
  ] as const) {
    await stores.ledger.record(turnRecordFor(tenant, { startedAt, finishedAt: startedAt }));
    await stores.events.append({
      id: crypto.randomUUID(),
      turnId: crypto.randomUUID(),
      action: 'request',
      at: startedAt,
      tenant,
      principalId: 'a',
    });
    await db.audit.append({
      id: crypto.randomUUID(),
      at: startedAt,
      operationId: 'orders.list',
      invocationId: crypto.randomUUID(),
      tenant,
      origin: 'http',
      outcome: 'ok',
      durationMs: 1,
    });
  }
  const conversation = await stores.conversations.create({
    id: 'kept',
    owner: { tenant: 'acme', principalId: 'a' },
    at: old,
  });
  await db.close();
  return conversation;
}

async function counts(dataDir: string) {
  const db = await createPostgres({ dataDir, logger: silent });
  const count = async (table: string) =>
    Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n);
  const result = {
    turns: await count('opwire_ai_turns'),
    events: await count('opwire_ai_events'),
    audit: await count('opwire_audit'),
    conversations: await count('opwire_ai_conversations'),
  };
  await db.close();
  return result;
}

async function usageErrorOf(args: string[], env: Record<string, string | undefined> = {}) {
  try {
    await run(args, env);
  } catch (error) {
    if (isUsageError(error)) return error.message;
    throw error;
  }
  return 'no error';
}

describe('opwire trim', { timeout: 180_000 }, () => {
  it('removes old ledger rows, AI audit events and audit records, of one tenant or all, and keeps conversations', async () => {
    const dataDir = join(folder, 'pg');
    await seed(dataDir);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(await run(['--older-than-days', '30', '--data-dir', dataDir, '--tenant', 'acme'], {})).toBe(0);
      expect(log.mock.calls.at(-1)?.[0]).toMatch(
        /^removed 1 turns, 1 AI audit events and 1 audit records of tenant acme from before \d{4}-\d\d-\d\dT/,
      );
      expect(await counts(dataDir)).toEqual({ turns: 2, events: 2, audit: 2, conversations: 1 });
      expect(await run(['--older-than-days', '30', '--data-dir', dataDir], {})).toBe(0);
      expect(log.mock.calls.at(-1)?.[0]).toMatch(
        /^removed 1 turns, 1 AI audit events and 1 audit records from before/,
      );
      expect(await counts(dataDir)).toEqual({ turns: 1, events: 1, audit: 1, conversations: 1 });
    } finally {
      log.mockRestore();
    }
  });

  it('says what is wrong with a command line, before opening anything', async () => {
    expect(await usageErrorOf(['--data-dir', 'x'])).toMatch(/--older-than-days is required/);
    expect(await usageErrorOf(['--older-than-days', '0', '--data-dir', 'x'])).toBe(
      '--older-than-days must be a whole number from 1 to 36500, not "0"',
    );
    expect(await usageErrorOf(['--older-than-days', 'ten', '--data-dir', 'x'])).toMatch(/not "ten"/);
    expect(await usageErrorOf(['--older-than-days', '30'])).toMatch(/name the database/);
    expect(
      await usageErrorOf(['--older-than-days', '30', '--data-dir', 'x', '--database-url', 'postgres://h/d']),
    ).toMatch(/not both/);
    expect(await usageErrorOf(['--older-than-days', '30', '--database-url', 'mysql://h/d'])).toMatch(
      /url must start with postgres/,
    );
    expect(await usageErrorOf(['--older-than-days', '30'], { DATABASE_URL: 'mysql://h/d' })).toMatch(
      /url must start with postgres/,
    );
    expect(await usageErrorOf(['--days', '30'])).toMatch(/Unknown option '--days'/);
  });
});
