import { expect, it } from 'vitest';
import type { ApprovalStore, PendingApproval } from '../approvals/approval-store.js';
import type { Owner } from '../governance/owner.js';
import { describeStoreSuite, type StoreSuiteOptions, uniqueTenant } from './store-suite.js';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString();

/** A pending approval of `owner` created at minute `minute` and valid for 15 minutes. */
export function approvalFor(
  owner: Owner,
  minute = 0,
  overrides: Partial<PendingApproval> = {},
): PendingApproval {
  return {
    approvalId: crypto.randomUUID(),
    toolCallId: 'call_0',
    toolName: 'orders_cancel',
    operationId: 'orders.cancel',
    input: { orderId: 'order-1', nested: { list: [1, 2] } },
    inputHash: 'hash',
    principalId: owner.principalId,
    tenant: owner.tenant,
    conversationId: 'conv-1',
    turnId: 'turn-1',
    createdAt: at(minute),
    expiresAt: at(minute + 15),
    status: 'pending',
    ...overrides,
  };
}

/** Runs the `ApprovalStore` contract against an adapter; cases share the store, each in its own tenant. */
export function runApprovalStoreConformance(name: string, options: StoreSuiteOptions<ApprovalStore>) {
  describeStoreSuite(`ApprovalStore conformance: ${name}`, options, (store) => {
    const owners = () => {
      const tenant = uniqueTenant();
      return {
        alice: { tenant, principalId: 'alice' } as Owner,
        bob: { tenant, principalId: 'bob' } as Owner,
        otherTenant: { tenant: `${tenant}-x`, principalId: 'alice' } as Owner,
      };
    };
    const roomy = { maxPending: 100, now: at(0) };

    it('returns an approval to its owner exactly as stored, and to no one else', async () => {
      const { alice, bob, otherTenant } = owners();
      const approval = approvalFor(alice);
      const { conversationId: _conversation, turnId: _turn, ...minimal } = approvalFor(alice);
      await store().create(approval, roomy);
      await store().create(minimal, roomy);
      expect(await store().get(approval.approvalId, alice)).toStrictEqual(approval);
      expect(await store().get(minimal.approvalId, alice)).toStrictEqual(minimal);
      expect(await store().get(approval.approvalId, bob)).toBeUndefined();
      expect(await store().get(approval.approvalId, otherTenant)).toBeUndefined();
      expect(await store().get(crypto.randomUUID(), alice)).toBeUndefined();
      await expect(store().create({ ...approval, toolName: 'other' }, roomy)).rejects.toMatchObject({
        code: 'CONFLICT',
      });
      expect(await store().get(approval.approvalId, alice)).toStrictEqual(approval);
    });

    it('keeps two approvals of one repeated tool-call id apart', async () => {
      const { alice } = owners();
      const first = approvalFor(alice, 0, { input: { orderId: 'a' } });
      const second = approvalFor(alice, 1, { input: { orderId: 'b' }, turnId: 'turn-2' });
      await store().create(first, roomy);
      await store().create(second, roomy);
      expect(await store().settle(second.approvalId, alice, { status: 'approved', at: at(2) })).toBe(true);
      expect(await store().get(first.approvalId, alice)).toMatchObject({
        status: 'pending',
        input: { orderId: 'a' },
      });
      expect(await store().get(second.approvalId, alice)).toMatchObject({
        status: 'approved',
        settledAt: at(2),
      });
    });

    it('settles a pending approval once, only for its owner and only before it expires', async () => {
      const { alice, bob } = owners();
      const approval = approvalFor(alice);
      const stale = approvalFor(alice);
      await store().create(approval, roomy);
      await store().create(stale, roomy);
      expect(await store().settle(approval.approvalId, bob, { status: 'approved', at: at(1) })).toBe(false);
      expect(await store().settle(approval.approvalId, alice, { status: 'declined', at: at(1) })).toBe(true);
      expect(await store().settle(approval.approvalId, alice, { status: 'approved', at: at(2) })).toBe(false);
      expect(await store().settle(crypto.randomUUID(), alice, { status: 'approved', at: at(1) })).toBe(false);
      expect(await store().settle(stale.approvalId, alice, { status: 'approved', at: at(15) })).toBe(false);
      expect(await store().get(approval.approvalId, alice)).toMatchObject({
        status: 'declined',
        settledAt: at(1),
      });
      expect(await store().get(stale.approvalId, alice)).toMatchObject({ status: 'pending' });
    });

    it('lets exactly one of concurrent settles win', async () => {
      const { alice } = owners();
      const approval = approvalFor(alice);
      await store().create(approval, roomy);
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          store().settle(approval.approvalId, alice, {
            status: index % 2 ? 'declined' : 'approved',
            at: at(1),
          }),
        ),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    });

    it('reopens an approved approval settled at the given time, only for its owner, once', async () => {
      const { alice, bob } = owners();
      const approval = approvalFor(alice);
      const declined = approvalFor(alice);
      await store().create(approval, roomy);
      await store().create(declined, roomy);
      expect(await store().reopen(approval.approvalId, alice, { settledAt: at(1) })).toBe(false);
      await store().settle(approval.approvalId, alice, { status: 'approved', at: at(1) });
      await store().settle(declined.approvalId, alice, { status: 'declined', at: at(1) });
      expect(await store().reopen(approval.approvalId, bob, { settledAt: at(1) })).toBe(false);
      expect(await store().reopen(approval.approvalId, alice, { settledAt: at(2) })).toBe(false);
      expect(await store().reopen(declined.approvalId, alice, { settledAt: at(1) })).toBe(false);
      expect(await store().reopen(approval.approvalId, alice, { settledAt: at(1) })).toBe(true);
      expect(await store().reopen(approval.approvalId, alice, { settledAt: at(1) })).toBe(false);
      const reopened = await store().get(approval.approvalId, alice);
      expect(reopened).toStrictEqual(approval);
      expect((await store().listPending(alice, at(2))).map((each) => each.approvalId)).toEqual([
        approval.approvalId,
      ]);
      // Pending again, it is settled as any pending approval is: once.
      expect(await store().settle(approval.approvalId, alice, { status: 'approved', at: at(3) })).toBe(true);
      expect(await store().get(approval.approvalId, alice)).toMatchObject({
        status: 'approved',
        settledAt: at(3),
      });
    });

    it('lists only the owner pending, unexpired approvals, oldest first', async () => {
      const { alice, bob, otherTenant } = owners();
      const late = approvalFor(alice, 5);
      const early = approvalFor(alice, 1);
      const expired = approvalFor(alice, -20);
      const settled = approvalFor(alice, 2);
      for (const approval of [late, early, expired, settled, approvalFor(bob), approvalFor(otherTenant)]) {
        await store().create(approval, roomy);
      }
      await store().settle(settled.approvalId, alice, { status: 'declined', at: at(3) });
      const pending = await store().listPending(alice, at(6));
      expect(pending.map((each) => each.approvalId)).toEqual([early.approvalId, late.approvalId]);
      expect(pending[0]).toStrictEqual(early);
    });

    it('refuses a new approval past the cap of pending ones, counting only pending, unexpired, own ones', async () => {
      const { alice, bob } = owners();
      const limit = { maxPending: 2, now: at(10) };
      await store().create(approvalFor(alice, -20), limit); // expired by minute 10
      const settled = approvalFor(alice, 9);
      await store().create(settled, limit);
      await store().settle(settled.approvalId, alice, { status: 'approved', at: at(9) });
      await store().create(approvalFor(bob, 9), limit);
      await store().create(approvalFor(alice, 9), limit);
      await store().create(approvalFor(alice, 9), limit);
      const refused = approvalFor(alice, 10);
      await expect(store().create(refused, limit)).rejects.toMatchObject({
        code: 'APPROVAL_LIMIT_REACHED',
        params: { limit: 2 },
      });
      expect(await store().get(refused.approvalId, alice)).toBeUndefined();
      expect(await store().listPending(alice, at(10))).toHaveLength(2);
    });

    it('keeps the cap under concurrent requests', async () => {
      const { alice } = owners();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, () => store().create(approvalFor(alice), { maxPending: 3, now: at(0) })),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
      expect(await store().listPending(alice, at(0))).toHaveLength(3);
    });
  });
}
