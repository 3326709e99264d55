import type { ApprovalStore, PendingApproval } from './approval-store.js';

/** An `ApprovalStore` in process memory, for tests and single-process apps. */
export function createMemoryApprovalStore(): ApprovalStore {
  const approvals = new Map<string, PendingApproval>();
  return {
    async save(approval) {
      if (approvals.has(approval.toolCallId)) {
        throw new Error(`An approval for tool call "${approval.toolCallId}" already exists.`);
      }
      approvals.set(approval.toolCallId, structuredClone(approval));
    },
    async get(toolCallId) {
      const found = approvals.get(toolCallId);
      return found && structuredClone(found);
    },
    async settle(toolCallId, status) {
      const found = approvals.get(toolCallId);
      if (found?.status !== 'pending') return false;
      approvals.set(toolCallId, { ...found, status });
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
