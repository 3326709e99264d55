import type { Caller } from '@opwire/core';
import type { Shop } from '@opwire/example-shop';

/** The turns `seedTurns` records, with what the console must show for each. */
export interface SeededTurns {
  readonly completed: string;
  readonly failed: string;
  readonly stopped: string;
  /** The conversation of the completed turn, owned by the admin. */
  readonly conversationId: string;
}

const root: Caller = { principalId: 'root', tenant: 'acme', permissions: ['*'] };
const alice: Caller = { principalId: 'alice', tenant: 'acme', permissions: ['chat:use'] };
const sam: Caller = { principalId: 'sam', tenant: 'acme', permissions: ['chat:use'] };

/**
 * Records three turns through the shop's own governance facade (the one the chat turn records through, on the
 * shop's database): a completed one with a tool call, a failed one and a stopped one awaiting an approval.
 */
export async function seedTurns(shop: Shop): Promise<SeededTurns> {
  const { governance } = shop;
  const conversation = await governance.createConversation(root, { title: 'Order questions' });
  const completed = governance.startTurn({
    caller: root,
    conversationId: conversation.id,
    provider: 'openai',
    requestedModel: 'gpt-4o-mini',
    request: { text: 'Which orders did ada@example.com place? My api token is sk-live-123456789abcdef' },
  });
  completed.toolCall({ toolCallId: 'call-list', toolName: 'orders_list', input: { limit: 5 } });
  completed.toolResult({ toolCallId: 'call-list', toolName: 'orders_list', output: { orders: [] } });
  completed.answeredBy({ provider: 'openai', model: 'gpt-4o-mini' });
  completed.addUsage({ inputTokens: 1_200, outputTokens: 300 });
  await completed.finish({ outcome: 'completed' });

  const failed = governance.startTurn({ caller: alice, provider: 'local', requestedModel: 'local-model' });
  failed.addUsage({ inputTokens: 500, outputTokens: 0 });
  await failed.finish({ outcome: 'failed', errorCode: 'PROVIDER_FAILED', details: { status: 503 } });

  const stopped = governance.startTurn({ caller: sam, provider: 'openai', requestedModel: 'gpt-4o' });
  stopped.toolCall({ toolCallId: 'call-cancel', toolName: 'orders_cancel', input: { id: 'ord_1' } });
  stopped.toolResult({
    toolCallId: 'call-cancel',
    toolName: 'orders_cancel',
    output: { status: 'approval_pending' },
    outcome: 'approval_pending',
  });
  stopped.answeredBy({ provider: 'openai', model: 'gpt-4o' });
  stopped.addUsage({ inputTokens: 2_000, outputTokens: 100 });
  await stopped.finish({ outcome: 'stopped', errorCode: 'CANCELLED' });
  return {
    completed: completed.turnId,
    failed: failed.turnId,
    stopped: stopped.turnId,
    conversationId: conversation.id,
  };
}
