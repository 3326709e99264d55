import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createApprovals,
  createGovernance,
  createToolCatalog,
  type Governance,
  toModelMessages,
} from '@opwire/ai';
import { createOrdersFixture, fixtureCallers, sampleMessages } from '@opwire/ai/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgres, type Postgres } from '../create-postgres.js';
import { collectingLogger } from '../test-support.js';
import { createPostgresGovernanceStores } from './create-postgres-governance-stores.js';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function open(dataDir: string): Promise<{ db: Postgres; governance: Governance }> {
  const db = await createPostgres({ dataDir, logger: collectingLogger() });
  const governance = createGovernance({ ...(await createPostgresGovernanceStores(db)), audit: db.audit });
  return { db, governance };
}

describe('governance on PGlite across a restart', () => {
  it('finds conversations, the ledger, events and pending approvals after closing and reopening the data folder', {
    timeout: 120_000,
  }, async () => {
    const folder = await mkdtemp(join(tmpdir(), 'opwire-governance-'));
    folders.push(folder);
    const dataDir = join(folder, 'pg');
    const support = fixtureCallers.support;

    const before = await open(dataDir);
    const conversation = await before.governance.createConversation(support, { title: 'Cancel order' });
    await before.governance.appendMessages(support, conversation.id, toModelMessages(sampleMessages), {
      turnId: 'turn-1',
    });
    const turn = before.governance.startTurn({
      caller: support,
      conversationId: conversation.id,
      request: { message: 'cancel' },
    });
    turn.toolCall({ toolCallId: 'call_0', toolName: 'orders_cancel', input: { orderId: 'order-1' } });
    const fixture = createOrdersFixture({ cancelNeedsApproval: true });
    const order = fixture.seed();
    const catalog = createToolCatalog({
      app: fixture.app,
      approvals: createApprovals({
        app: fixture.app,
        store: before.governance.approvals,
        events: before.governance,
      }),
    });
    const pending = (await catalog.bind(support, { conversationId: conversation.id, turnId: turn.turnId })
      .orders_cancel!.execute!(
      { orderId: order.id },
      { toolCallId: 'call_0', messages: [], context: {} as never },
    )) as { approval: { approvalId: string } };
    turn.toolResult({ toolCallId: 'call_0', toolName: 'orders_cancel', output: pending });
    turn.addUsage({ inputTokens: 10, outputTokens: 5 });
    const row = await turn.finish({ outcome: 'completed' });
    const events = await before.governance.events.forTurn(turn.turnId);
    await before.db.close();

    const after = await open(dataDir);
    try {
      expect(await after.governance.getConversation(support, conversation.id)).toMatchObject({
        title: 'Cancel order',
      });
      expect(await after.governance.loadHistory(support, conversation.id)).toEqual(sampleMessages);
      expect(await after.governance.ledger.get(row.turnId)).toStrictEqual(row);
      expect(await after.governance.events.forTurn(turn.turnId)).toStrictEqual(events);
      expect(events.map((event) => event.action)).toEqual([
        'request',
        'tool_call',
        'approval_requested',
        'tool_result',
      ]);
      const restarted = createApprovals({
        app: fixture.app,
        store: after.governance.approvals,
        events: after.governance,
      });
      expect((await restarted.pending(support)).map((each) => each.approvalId)).toEqual([
        pending.approval.approvalId,
      ]);
      expect(await restarted.approve(pending.approval.approvalId, support)).toMatchObject({
        status: 'approved',
      });
      expect(order.status).toBe('cancelled');
      expect((await after.governance.events.forTurn(turn.turnId)).at(-1)).toMatchObject({
        sequence: 5,
        action: 'approval_approved',
        code: 'ok',
      });
    } finally {
      await after.db.close();
    }
  });
});
