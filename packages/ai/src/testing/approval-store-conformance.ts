import { describe, expect, it } from 'vitest';
import type { ApprovalStore, PendingApproval } from '../approvals/approval-store.js';

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

/** Runs the `ApprovalStore` contract against a fresh store from `create`. */
export function runApprovalStoreConformance(
  name: string,
  create: () => Promise<ApprovalStore> | ApprovalStore,
) {
  describe(`ApprovalStore conformance: ${name}`, () => {
    it('returns what was saved, and nothing for an unknown id', async () => {
      const store = await create();
      await store.save(approval('a'));
      expect(await store.get('a')).toEqual(approval('a'));
      expect(await store.get('missing')).toBeUndefined();
    });

    it('rejects a second approval with the same tool-call id', async () => {
      const store = await create();
      await store.save(approval('a'));
      await expect(store.save(approval('a'))).rejects.toThrow();
    });

    it('settles a pending approval once', async () => {
      const store = await create();
      await store.save(approval('a'));
      expect(await store.settle('a', 'approved')).toBe(true);
      expect(await store.settle('a', 'declined')).toBe(false);
      expect(await store.settle('missing', 'approved')).toBe(false);
      expect((await store.get('a'))?.status).toBe('approved');
    });

    it('lets exactly one of concurrent settles win', async () => {
      const store = await create();
      await store.save(approval('a'));
      const outcomes = await Promise.all([store.settle('a', 'approved'), store.settle('a', 'approved')]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    });

    it('lists only the owner pending approvals, oldest first', async () => {
      const store = await create();
      await store.save(approval('late', { createdAt: '2030-01-01T00:05:00.000Z' }));
      await store.save(approval('early'));
      await store.save(approval('other-user', { principalId: 'user-2' }));
      await store.save(approval('other-tenant', { tenant: 'globex' }));
      await store.save(approval('done'));
      await store.settle('done', 'declined');
      const pending = await store.listPending({ principalId: 'user-1', tenant: 'acme' });
      expect(pending.map((each) => each.toolCallId)).toEqual(['early', 'late']);
    });
  });
}
