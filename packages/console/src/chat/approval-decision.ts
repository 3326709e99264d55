import type { UIMessage } from 'ai';
import { failureOf } from './conversations-client.js';
import { isToolPart } from './tool-part.js';

type Part = UIMessage['parts'][number];

/** How the server answered a decision sent over `POST {approvalsPath}/{approvalId}/approve|decline`. */
export type ApprovalDecision =
  | { readonly status: 'approved'; readonly output: unknown }
  | { readonly status: 'declined' }
  /** `409 APPROVAL_EXPIRED`: never decided in time; nothing ran. */
  | { readonly status: 'expired' }
  /** Any other refusal: the approved call's own failure (`ORDER_NOT_CANCELLABLE`), a settled approval, … */
  | { readonly status: 'failed'; readonly code: string; readonly message: string };

/** Options of `createApprovalDecider`. */
export interface ApprovalDeciderOptions {
  /** Where `ai.approve` and `ai.decline` live (default `/ai/approvals`). */
  readonly path?: string;
  readonly headers?: () => Record<string, string>;
  readonly fetch?: typeof fetch;
}

/**
 * Decides a pending approval outside the chat stream, over the routes of `ai.approve` and `ai.decline`: what an
 * earlier answer's card uses (`useChat` sends only the newest answer's decisions). The server tells the
 * conversation, so its next turn and a reload see the call answered.
 */
export function createApprovalDecider(
  options: ApprovalDeciderOptions = {},
): (approvalId: string, approved: boolean) => Promise<ApprovalDecision> {
  const path = options.path ?? '/ai/approvals';
  return async (approvalId, approved) => {
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(
        `${path}/${encodeURIComponent(approvalId)}/${approved ? 'approve' : 'decline'}`,
        { method: 'POST', headers: { accept: 'application/json', ...options.headers?.() } },
      );
    } catch (error) {
      return { status: 'failed', code: 'NETWORK_ERROR', message: (error as Error).message };
    }
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (response.ok) return approved ? { status: 'approved', output: body?.output } : { status: 'declined' };
    const failure = failureOf(response, body);
    if (failure.code === 'APPROVAL_EXPIRED') return { status: 'expired' };
    return { status: 'failed', code: failure.code, message: failure.message };
  };
}

/** The tool part of a pending approval once its decision came back, as the card shows it. */
function decidedPart(
  part: Extract<Part, { toolCallId: string }>,
  decision: ApprovalDecision,
  approvalId: string,
) {
  // What the waiting part held beyond the call itself goes: the decided state brings its own.
  const { state: _state, approval: _approval, ...base } = part as typeof part & { approval?: unknown };
  switch (decision.status) {
    case 'approved':
      return { ...base, state: 'output-available', output: decision.output } as Part;
    case 'declined':
      return { ...base, state: 'output-denied', approval: { id: approvalId, approved: false } } as Part;
    case 'expired':
      return {
        ...base,
        state: 'output-available',
        output: { approval: { status: 'expired', approvalId } },
      } as Part;
    default:
      return { ...base, state: 'output-error', errorText: `${decision.code}: ${decision.message}` } as Part;
  }
}

/**
 * The messages with the card waiting for `approvalId` changed: `undefined` shows it running (the decision is on
 * its way), a decision shows the server's answer.
 */
export function withDecision(
  messages: UIMessage[],
  approvalId: string,
  decision: ApprovalDecision | undefined,
): UIMessage[] {
  return messages.map((message) => {
    const index = message.parts.findIndex(
      (part) =>
        isToolPart(part) &&
        (part.state === 'approval-requested' || part.state === 'input-available') &&
        (part as { approval?: { id?: unknown } }).approval?.id === approvalId,
    );
    if (index < 0) return message;
    const part = message.parts[index] as Extract<Part, { toolCallId: string }>;
    const changed = decision
      ? decidedPart(part, decision, approvalId)
      : ({ ...part, state: 'input-available' } as Part);
    return { ...message, parts: message.parts.map((each, at) => (at === index ? changed : each)) };
  });
}
