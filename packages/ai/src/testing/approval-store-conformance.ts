import { describe, expect, it } from 'vitest';
import type { ApprovalKey, ApprovalStore, PendingApproval } from '../approvals/approval-store.js';

const approval = (toolCallId: string, overrides: Partial<PendingApproval> = {}): PendingApproval => ({
  toolCallId,
  toolName: 'orders_cancel',
  operationId: 'orders.cancel',
  input: { orderId: 'order-1', nested: { list: [1, 2] } },
  inputHash: 'hash',
  principalId: 'user-1',
  tenant: 'acme',
  conversationId: 'conv-1',
  createdAt: '2030-01-01T00:00:00.000Z',
  expiresAt: '2030-01-01T00:15:00.000Z',
  status: 'pending',
  ...overrides,
});

const key = (toolCallId: string, owner: Partial<ApprovalKey> = {}): ApprovalKey => ({
  tenant: 'acme',
  principalId: 'user-1',
  toolCallId,
  ...owner,
});

/** Runs the `ApprovalStore` contract against a fresh store from `create`. */
export function runApprovalStoreConformance(
  name: string,
  create: () => Promise<ApprovalStore> | ApprovalStore,
) {
  describe(`ApprovalStore conformance: ${name}`, () => {
    it('returns what was saved, and nothing for an unknown id or another owner', async () => {
      const store = await create();
      await store.save(approval('a'));
      expect(await store.get(key('a'))).toEqual(approval('a'));
      expect(await store.get(key('missing'))).toBeUndefined();
      expect(await store.get(key('a', { principalId: 'user-2' }))).toBeUndefined();
      expect(await store.get(key('a', { tenant: 'globex' }))).toBeUndefined();
    });

    it('rejects a second approval with the same owner and tool-call id with CONFLICT', async () => {
      const store = await create();
      await store.save(approval('a'));
      await expect(store.save(approval('a', { toolName: 'other' }))).rejects.toMatchObject({
        name: 'OpwireError',
        code: 'CONFLICT',
      });
      expect(await store.get(key('a'))).toEqual(approval('a'));
    });

    it('keeps the same tool-call id of two owners apart', async () => {
      const store = await create();
      await store.save(approval('call_0'));
      await store.save(approval('call_0', { principalId: 'user-2', input: { orderId: 'order-2' } }));
      await store.save(approval('call_0', { tenant: 'globex', input: { orderId: 'order-3' } }));
      expect(await store.settle(key('call_0', { principalId: 'user-2' }), 'approved')).toBe(true);
      expect(await store.get(key('call_0'))).toEqual(approval('call_0'));
      expect(await store.get(key('call_0', { principalId: 'user-2' }))).toMatchObject({
        input: { orderId: 'order-2' },
        status: 'approved',
      });
      expect(await store.get(key('call_0', { tenant: 'globex' }))).toMatchObject({
        input: { orderId: 'order-3' },
        status: 'pending',
      });
    });

    it('settles a pending approval once', async () => {
      const store = await create();
      await store.save(approval('a'));
      expect(await store.settle(key('a', { principalId: 'user-2' }), 'approved')).toBe(false);
      expect(await store.settle(key('a'), 'approved')).toBe(true);
      expect(await store.settle(key('a'), 'declined')).toBe(false);
      expect(await store.settle(key('missing'), 'approved')).toBe(false);
      expect((await store.get(key('a')))?.status).toBe('approved');
    });

    it('lets exactly one of concurrent settles win', async () => {
      const store = await create();
      await store.save(approval('a'));
      const outcomes = await Promise.all([
        store.settle(key('a'), 'approved'),
        store.settle(key('a'), 'approved'),
      ]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    });

    it('lists only the owner pending approvals, oldest first', async () => {
      const store = await create();
      await store.save(approval('late', { createdAt: '2030-01-01T00:05:00.000Z' }));
      await store.save(approval('early'));
      await store.save(approval('other-user', { principalId: 'user-2' }));
      await store.save(approval('other-tenant', { tenant: 'globex' }));
      await store.save(approval('done'));
      await store.settle(key('done'), 'declined');
      const pending = await store.listPending({ principalId: 'user-1', tenant: 'acme' });
      expect(pending.map((each) => each.toolCallId)).toEqual(['early', 'late']);
    });
  });
}
