import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createApprovalDecider, withDecision } from './approval-decision.js';
import { toolViewOf } from './tool-part.js';

/** A decider against a server that answers every call with `status` and `body`, and the calls it got. */
function deciderAnswering(status: number, body: unknown) {
  const calls: Array<{ url: string; method: string | undefined; headers: unknown }> = [];
  const decide = createApprovalDecider({
    headers: () => ({ authorization: 'Bearer t' }),
    fetch: async (url, init) => {
      calls.push({ url: String(url), method: init?.method, headers: init?.headers });
      return new Response(JSON.stringify(body), { status });
    },
  });
  return { decide, calls };
}

const waiting: UIMessage = {
  id: 'm1',
  role: 'assistant',
  parts: [
    {
      type: 'dynamic-tool',
      toolName: 'orders_cancel',
      toolCallId: 'call_1',
      state: 'approval-requested',
      input: { id: 'ord_1' },
      approval: { id: 'ap 1' },
    },
  ],
};

/** The card the message's only tool part makes. */
const cardOf = (messages: UIMessage[]) => {
  const part = messages[0]?.parts[0];
  if (part?.type !== 'dynamic-tool') throw new Error('no tool part');
  const view = toolViewOf(part);
  return { status: view.status, code: view.errorCode, output: view.output, approval: view.approvalId };
};

describe('deciding an earlier answer’s approval over /ai/approvals', () => {
  it('posts the decision to the approval’s route and shows the approved call’s output', async () => {
    const { decide, calls } = deciderAnswering(200, {
      approvalId: 'ap 1',
      status: 'approved',
      output: { id: 'ord_1', status: 'cancelled' },
    });
    const decision = await decide('ap 1', true);
    expect(calls).toEqual([
      {
        url: '/ai/approvals/ap%201/approve',
        method: 'POST',
        headers: { accept: 'application/json', authorization: 'Bearer t' },
      },
    ]);
    expect(cardOf(withDecision([waiting], 'ap 1', undefined))).toMatchObject({ status: 'running' });
    expect(cardOf(withDecision([waiting], 'ap 1', decision))).toEqual({
      status: 'done',
      code: undefined,
      output: { id: 'ord_1', status: 'cancelled' },
      approval: undefined,
    });
  });

  it('shows a decline as declined, an expired approval as expired, and any other refusal with its code', async () => {
    const declined = deciderAnswering(200, { approvalId: 'ap 1', status: 'declined' });
    expect(cardOf(withDecision([waiting], 'ap 1', await declined.decide('ap 1', false)))).toMatchObject({
      status: 'declined',
    });
    expect(declined.calls[0]?.url).toBe('/ai/approvals/ap%201/decline');
    const expired = deciderAnswering(409, { code: 'APPROVAL_EXPIRED', detail: 'The approval has expired.' });
    expect(cardOf(withDecision([waiting], 'ap 1', await expired.decide('ap 1', true)))).toMatchObject({
      status: 'expired',
    });
    const refused = deciderAnswering(422, {
      code: 'ORDER_NOT_CANCELLABLE',
      detail: 'Order ord_1 cannot be cancelled.',
    });
    // Decided while it showed "running": the running card is the one the answer lands on.
    const running = withDecision([waiting], 'ap 1', undefined);
    expect(cardOf(withDecision(running, 'ap 1', await refused.decide('ap 1', true)))).toMatchObject({
      status: 'failed',
      code: 'ORDER_NOT_CANCELLABLE',
    });
    const settled = deciderAnswering(409, { code: 'APPROVAL_ALREADY_SETTLED', detail: 'Already declined.' });
    expect(await settled.decide('ap 1', true)).toEqual({
      status: 'failed',
      code: 'APPROVAL_ALREADY_SETTLED',
      message: 'Already declined.',
    });
  });
});
