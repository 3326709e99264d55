import { coreErrors } from '@opwire/core';
import type { ApprovalKey, ApprovalStore, PendingApproval } from './approval-store.js';

/** An `ApprovalStore` in process memory, for tests and single-process apps. */
export function createMemoryApprovalStore(): ApprovalStore {
  const approvals = new Map<string, PendingApproval>();
  const slot = (key: ApprovalKey) => JSON.stringify([key.tenant, key.principalId, key.toolCallId]);
  return {
    async save(approval) {
      if (approvals.has(slot(approval))) {
        throw coreErrors.CONFLICT({
          cause: new Error(`An approval for tool call "${approval.toolCallId}" already exists.`),
        });
      }
      approvals.set(slot(approval), structuredClone(approval));
    },
    async get(key) {
      const found = approvals.get(slot(key));
      return found && structuredClone(found);
    },
    async settle(key, status) {
      const found = approvals.get(slot(key));
      if (found?.status !== 'pending') return false;
      approvals.set(slot(key), { ...found, status });
      return true;
    },
    async listPending({ principalId, tenant }) {
      return [...approvals.values()]
        .filter(
          (approval) =>
            approval.status === 'pending' &&
            approval.principalId === principalId &&
            approval.tenant === tenant,
        )
        .sort((left, right) => left.createdAt.localeCompare(right.createdAt))
        .map((approval) => structuredClone(approval));
    },
  };
}
