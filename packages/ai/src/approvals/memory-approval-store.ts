import { coreErrors } from '@opwire/core';
import { aiErrors } from '../ai-errors.js';
import type { Owner } from '../governance/owner.js';
import { normalizeTime } from '../governance/paging.js';
import type { ApprovalStore, PendingApproval } from './approval-store.js';

/** An `ApprovalStore` in process memory, for tests and single-process apps. */
export function createMemoryApprovalStore(): ApprovalStore {
  const approvals = new Map<string, PendingApproval>();
  const owned = (approvalId: string, owner: Owner) => {
    const found = approvals.get(approvalId);
    return found?.tenant === owner.tenant && found.principalId === owner.principalId ? found : undefined;
  };
  const pendingOf = (owner: Owner, now: string) =>
    [...approvals.values()].filter(
      (approval) =>
        approval.status === 'pending' &&
        approval.expiresAt > now &&
        approval.tenant === owner.tenant &&
        approval.principalId === owner.principalId,
    );
  return {
    async create(approval, { maxPending, now }) {
      if (approvals.has(approval.approvalId)) {
        throw coreErrors.CONFLICT({
          cause: new Error(`Approval "${approval.approvalId}" already exists.`),
        });
      }
      if (pendingOf(approval, normalizeTime(now, 'now')).length >= maxPending) {
        throw aiErrors.APPROVAL_LIMIT_REACHED({ params: { limit: maxPending } });
      }
      approvals.set(approval.approvalId, {
        ...structuredClone(approval),
        createdAt: normalizeTime(approval.createdAt, 'createdAt'),
        expiresAt: normalizeTime(approval.expiresAt, 'expiresAt'),
      });
    },
    async get(approvalId, owner) {
      const found = owned(approvalId, owner);
      return found && structuredClone(found);
    },
    async settle(approvalId, owner, { status, at }) {
      const found = owned(approvalId, owner);
      const time = normalizeTime(at, 'at');
      if (found?.status !== 'pending' || found.expiresAt <= time) return false;
      approvals.set(approvalId, { ...found, status, settledAt: time });
      return true;
    },
    async reopen(approvalId, owner, { settledAt }) {
      const found = owned(approvalId, owner);
      if (found?.status !== 'approved' || found.settledAt !== normalizeTime(settledAt, 'settledAt'))
        return false;
      const { settledAt: _settled, ...pending } = found;
      approvals.set(approvalId, { ...pending, status: 'pending' });
      return true;
    },
    async listPending(owner, now) {
      return pendingOf(owner, normalizeTime(now, 'now'))
        .sort((left, right) =>
          left.createdAt === right.createdAt
            ? left.approvalId < right.approvalId
              ? -1
              : 1
            : left.createdAt < right.createdAt
              ? -1
              : 1,
        )
        .map((approval) => structuredClone(approval));
    },
  };
}
