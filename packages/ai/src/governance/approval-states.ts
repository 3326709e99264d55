import type { Caller } from '@opwire/core';
import type { ApprovalStore } from '../approvals/approval-store.js';
import type { ConversationMessage } from './conversation-store.js';
import { ownerOf } from './owner.js';

/** Where an approval a conversation asked for stands now: its stored tool result says `pending` forever. */
export interface ApprovalState {
  readonly approvalId: string;
  /** `expired`: still pending in the store, but past `expiresAt`, so deciding it is `APPROVAL_EXPIRED`. */
  readonly status: 'pending' | 'approved' | 'declined' | 'expired';
  readonly expiresAt: string;
}

/** The approval ids the tool results of some messages asked for (`{ approval: { status: 'pending', approvalId } }`). */
export function askedApprovalIds(messages: readonly ConversationMessage[]): string[] {
  const ids = new Set<string>();
  for (const { message } of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      const value = part.output.type === 'json' ? part.output.value : undefined;
      const approval =
        typeof value === 'object' && value !== null && !Array.isArray(value) ? value.approval : undefined;
      if (typeof approval !== 'object' || approval === null || Array.isArray(approval)) continue;
      if (approval.status === 'pending' && typeof approval.approvalId === 'string') {
        ids.add(approval.approvalId);
      }
    }
  }
  return [...ids];
}

/**
 * How the approvals the messages asked for stand in the store now, read as their owner (one the store does not
 * hold for the caller is left out), in the order the messages first name them.
 */
export async function readApprovalStates(read: {
  readonly store: ApprovalStore;
  readonly caller: Caller;
  readonly messages: readonly ConversationMessage[];
  readonly now: number;
}): Promise<ApprovalState[]> {
  const owner = ownerOf(read.caller);
  const found = await Promise.all(
    askedApprovalIds(read.messages).map((approvalId) => read.store.get(approvalId, owner)),
  );
  return found.flatMap((approval) => {
    if (!approval) return [];
    const expired = approval.status === 'pending' && Date.parse(approval.expiresAt) <= read.now;
    return [
      {
        approvalId: approval.approvalId,
        status: expired ? 'expired' : approval.status,
        expiresAt: approval.expiresAt,
      },
    ];
  });
}
