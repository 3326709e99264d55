import { type AnyOperation, type Caller, coreErrors, defineOperation } from '@opwire/core';
import Type, { type Static } from 'typebox';
import { readApprovalStates } from './approval-states.js';
import type { Conversation, ConversationMessage, StoredTurnEnding } from './conversation-store.js';
import type { Governance } from './create-governance.js';
import {
  approvalStateSchema,
  conversationSchema,
  messageSchema,
  pageFields,
  turnEndingSchema,
} from './governance-schemas.js';
import { maxSequence } from './paging.js';
import type { TurnLedger } from './turn-ledger.js';

/** Options for `createConversationOperations`. */
export interface ConversationOperationsOptions {
  readonly governance: Governance;
  /** The permission each operation needs; `chat:use` by default. */
  readonly permission?: string;
  /** The clock an approval's expiry is read by, for tests; `Date.now` by default. */
  readonly now?: () => number;
}

const conversationId = Type.String({ minLength: 1, maxLength: 200 });

const view = (conversation: Conversation) => ({
  id: conversation.id,
  ...(conversation.title === undefined ? {} : { title: conversation.title }),
  createdAt: conversation.createdAt,
  updatedAt: conversation.updatedAt,
});

const messageView = ({ sequence, message, turnId, at }: ConversationMessage) => ({
  sequence,
  role: message.role,
  content: typeof message.content === 'string' ? message.content : [...message.content],
  ...(turnId === undefined ? {} : { turnId }),
  at,
});

/**
 * How each turn with messages on a page ended, in the order the page first shows them: as stored with its
 * messages, else (messages stored before endings were) read from the ledger in one call; such a turn the ledger
 * no longer holds, or whose row is of another conversation or principal, is left out.
 */
async function readTurnEndings(read: {
  readonly ledger: TurnLedger;
  readonly caller: Caller;
  readonly conversationId: string;
  readonly messages: readonly ConversationMessage[];
}): Promise<Static<typeof turnEndingSchema>[]> {
  const { caller, conversationId } = read;
  const stored = new Map<string, StoredTurnEnding>();
  for (const message of read.messages) {
    if (message.turnId !== undefined && message.ending) stored.set(message.turnId, message.ending);
  }
  const turnIds = [...new Set(read.messages.flatMap((message) => message.turnId ?? []))];
  const unstored = turnIds.filter((turnId) => !stored.has(turnId));
  // A page holds at most 200 messages, so its turns fit in one ledger page (up to 500).
  const { turns } =
    unstored.length === 0
      ? { turns: [] }
      : await read.ledger.list({ tenant: caller.tenant, turnIds: unstored }, { limit: unstored.length });
  const rows = new Map(turns.map((row) => [row.turnId, row]));
  return turnIds.flatMap((turnId) => {
    const ending = stored.get(turnId);
    if (ending) {
      const { sources, ...rest } = ending;
      return [{ turnId, ...rest, ...(sources === undefined ? {} : { sources: [...sources] }) }];
    }
    const row = rows.get(turnId);
    return row && row.conversationId === conversationId && row.principalId === caller.principalId
      ? [{ turnId, outcome: row.outcome, ...(row.errorCode ? { code: row.errorCode } : {}) }]
      : [];
  });
}

/**
 * `conversations.create`, `conversations.list`, `conversations.get` and `conversations.delete` over HTTP:
 * each caller sees only their own conversations (anyone else's is `NOT_FOUND`). Never offered to models.
 */
export function createConversationOperations(options: ConversationOperationsOptions): AnyOperation[] {
  const { governance } = options;
  const permission = options.permission ?? 'chat:use';

  const create = defineOperation({
    id: 'conversations.create',
    summary: { en: 'Start a conversation', 'zh-CN': '新建对话' },
    description: {
      en: 'Creates a conversation owned by the caller, with a server-assigned id.',
      'zh-CN': '创建一个归调用者所有的会话，其 id 由服务器分配。',
    },
    request: Type.Object({ title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }),
    response: conversationSchema,
    expose: ['http'],
    permission,
    writes: true,
    http: { method: 'POST', path: '/conversations' },
    // Governance stores query on their own; holding a transaction here would block PGlite's one connection.
    transaction: false,
    handle: async (request, context) =>
      view(
        await governance.createConversation(
          context.caller,
          request.title === undefined ? {} : { title: request.title },
        ),
      ),
  });

  const list = defineOperation({
    id: 'conversations.list',
    summary: { en: 'List my conversations', 'zh-CN': '列出我的对话' },
    description: {
      en: 'The caller’s conversations, newest first, a page at a time.',
      'zh-CN': '调用者的会话，最新的在前，分页返回。',
    },
    request: Type.Object(pageFields),
    response: Type.Object({
      conversations: Type.Array(conversationSchema),
      next: Type.Optional(Type.String()),
    }),
    expose: ['http'],
    permission,
    errors: [coreErrors.INVALID_FORMAT],
    http: { method: 'GET', path: '/conversations' },
    transaction: false,
    async handle({ limit, cursor }, context) {
      const page = await governance.listConversations(context.caller, {
        limit: limit ?? 50,
        ...(cursor === undefined ? {} : { cursor }),
      });
      return {
        conversations: page.conversations.map(view),
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  });

  const get = defineOperation({
    id: 'conversations.get',
    summary: { en: 'Read a conversation', 'zh-CN': '查看对话' },
    description: {
      en: 'The conversation and its messages newest first, `limit` at a time; pass `next` as `before` for older ones.',
      'zh-CN': '会话及其消息，最新的在前，每次 `limit` 条；要取更早的消息，把 `next` 作为 `before` 传入。',
    },
    request: Type.Object({
      conversationId,
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
      before: Type.Optional(
        Type.Integer({
          minimum: 2,
          // The largest sequence a store keeps: one past it would be refused by PostgreSQL's integer.
          maximum: maxSequence,
          description: 'The `next` of the previous page.',
        }),
      ),
    }),
    response: Type.Object({
      conversation: conversationSchema,
      messages: Type.Array(messageSchema),
      turns: Type.Array(turnEndingSchema, {
        description:
          'How each turn with messages on this page ended (a turn the ledger no longer holds is left out).',
      }),
      approvals: Type.Array(approvalStateSchema, {
        description:
          'Where each approval the tool results on this page asked for stands now (its stored result says `pending` however it was decided since, or expired).',
      }),
      next: Type.Optional(Type.Integer()),
    }),
    expose: ['http'],
    permission,
    errors: [coreErrors.NOT_FOUND],
    http: { method: 'GET', path: '/conversations/{conversationId}' },
    transaction: false,
    async handle(request, context) {
      const caller = context.caller;
      const conversation = await governance.getConversation(caller, request.conversationId);
      const limit = request.limit ?? 50;
      const messages = await governance.readMessages(caller, request.conversationId, {
        limit,
        ...(request.before === undefined ? {} : { before: request.before }),
      });
      const oldest = messages.at(-1)?.sequence;
      // The page shows a stopped turn as stopped after a reload too: its ending comes from the ledger.
      const turns = await readTurnEndings({
        ledger: governance.ledger,
        caller,
        conversationId: request.conversationId,
        messages,
      });
      // An approval is stored as its pending tool result: the store says whether it expired or was decided since.
      const approvals = await readApprovalStates({
        store: governance.approvals,
        caller,
        messages,
        now: (options.now ?? Date.now)(),
      });
      return {
        conversation: view(conversation),
        messages: messages.map(messageView),
        turns,
        approvals,
        ...(messages.length === limit && oldest !== undefined && oldest > 1 ? { next: oldest } : {}),
      };
    },
  });

  const remove = defineOperation({
    id: 'conversations.delete',
    summary: { en: 'Delete a conversation', 'zh-CN': '删除对话' },
    description: {
      en: 'Deletes the caller’s conversation and its messages; the AI audit events of its turns stay until retention. Its approvals still pending are declined, and a turn of it still running in this server process stops.',
      'zh-CN':
        '删除调用者的会话及其消息；其各轮的 AI 审计事件保留到保留期结束。其尚待审批的调用被拒绝，在本服务进程中仍在运行的一轮随即停止。',
    },
    request: Type.Object({ conversationId }),
    response: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }),
    expose: ['http'],
    permission,
    writes: true,
    errors: [coreErrors.NOT_FOUND],
    http: { method: 'DELETE', path: '/conversations/{conversationId}' },
    transaction: false,
    async handle(request, context) {
      await governance.deleteConversation(context.caller, request.conversationId);
      return { id: request.conversationId, deleted: true as const };
    },
  });

  return [create, list, get, remove];
}
