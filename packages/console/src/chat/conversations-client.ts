/** A conversation as `GET /conversations` lists it. */
export interface ConversationSummary {
  readonly id: string;
  readonly title?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A part of a stored message: text, a tool call or a tool result. */
export type StoredPart =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'tool-call';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
    }
  | {
      readonly type: 'tool-result';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly output: unknown;
    };

/** How a turn ended, as `GET /conversations/{conversationId}` says beside its messages. */
export interface TurnEnding {
  readonly turnId: string;
  readonly outcome: 'completed' | 'failed' | 'stopped';
  /** Why it failed or stopped: `CANCELLED` when its user stopped it. */
  readonly code?: string;
  /** The passages the turn put before the model, as its stream sent them. */
  readonly sources?: ReadonlyArray<{
    readonly sourceId: string;
    readonly title: string;
    readonly url?: string;
  }>;
}

/** Where an approval a stored tool result asked for stands now, as `GET /conversations/{conversationId}` says. */
export interface ApprovalState {
  readonly approvalId: string;
  /** `expired`: never decided, and past its `expiresAt`. */
  readonly status: 'pending' | 'approved' | 'declined' | 'expired';
  readonly expiresAt: string;
}

/** A stored message as `GET /conversations/{conversationId}` returns it, with how its turn ended. */
export interface StoredMessage {
  readonly sequence: number;
  readonly role: 'user' | 'assistant' | 'tool';
  readonly content: string | readonly StoredPart[];
  readonly turnId?: string;
  readonly at: string;
  /** How the message's turn ended, when the turn ledger still holds it. */
  readonly turn?: TurnEnding;
  /**
   * Where the approvals its tool results asked for stand now (the stored result says `pending` however it was
   * decided since), by approval id; absent when it asked for none or the server does not say.
   */
  readonly approvals?: Readonly<Record<string, ApprovalState>>;
}

/** A failed call: the HTTP status and the Opwire code of the problem document. */
export class ConversationsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConversationsError';
  }
}

/** The conversation operations (`conversations.*`) over HTTP, as the signed-in caller. */
export interface ConversationsClient {
  list(): Promise<ConversationSummary[]>;
  create(title?: string): Promise<ConversationSummary>;
  /** Every message of a conversation, oldest first. */
  messages(conversationId: string): Promise<StoredMessage[]>;
  remove(conversationId: string): Promise<void>;
}

/** Options of `createConversationsClient`. */
export interface ConversationsClientOptions {
  /** Where the operations live (default `/conversations`). */
  readonly path?: string;
  /** Headers of every call, such as `authorization`. */
  readonly headers?: () => Record<string, string>;
  readonly fetch?: typeof fetch;
}

/** The error a refused response's problem document describes: its code and detail. */
export function failureOf(response: Response, body: Record<string, unknown> | undefined): ConversationsError {
  const code = typeof body?.code === 'string' ? body.code : `HTTP_${response.status}`;
  const message =
    typeof body?.detail === 'string' ? body.detail : typeof body?.title === 'string' ? body.title : code;
  return new ConversationsError(response.status, code, message);
}

/** Reads a response's JSON, or raises its problem document's code. */
async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!response.ok) throw failureOf(response, body);
  return body as T;
}

/** The approval id a stored tool result asked for (`{ approval: { status: 'pending', approvalId } }`), if any. */
export function askedApprovalId(output: unknown): string | undefined {
  const wrapped = output as { type?: unknown; value?: unknown } | null;
  const value = (wrapped?.type === 'json' ? wrapped.value : output) as {
    approval?: { status?: unknown; approvalId?: unknown };
  } | null;
  const approval = value?.approval;
  return approval?.status === 'pending' && typeof approval.approvalId === 'string'
    ? approval.approvalId
    : undefined;
}

/** Each message's share of a page's approval states: those its tool results asked for. */
function approvalsByMessage(
  messages: readonly StoredMessage[],
  states: readonly ApprovalState[],
): Map<StoredMessage, Record<string, ApprovalState>> {
  const byId = new Map(states.map((state) => [state.approvalId, state]));
  const found = new Map<StoredMessage, Record<string, ApprovalState>>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      const state = part.type === 'tool-result' ? byId.get(askedApprovalId(part.output) ?? '') : undefined;
      if (state) found.set(message, { ...found.get(message), [state.approvalId]: state });
    }
  }
  return found;
}

/** A client of the conversation operations; follows `next` until every page is read. */
export function createConversationsClient(options: ConversationsClientOptions = {}): ConversationsClient {
  const path = options.path ?? '/conversations';
  const call = (url: string, init: RequestInit = {}) =>
    (options.fetch ?? fetch)(url, {
      ...init,
      headers: {
        accept: 'application/json',
        ...options.headers?.(),
        ...(init.headers as Record<string, string>),
      },
    });
  return {
    async list() {
      const found: ConversationSummary[] = [];
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams({ limit: '50', ...(cursor ? { cursor } : {}) });
        const page = await answer<{ conversations: ConversationSummary[]; next?: string }>(
          await call(`${path}?${query}`),
        );
        found.push(...page.conversations);
        cursor = page.next;
      } while (cursor !== undefined && found.length < 500);
      return found;
    },
    async create(title) {
      return answer<ConversationSummary>(
        await call(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(title === undefined ? {} : { title }),
        }),
      );
    },
    async messages(conversationId) {
      const found: StoredMessage[] = [];
      let before: number | undefined;
      do {
        const query = new URLSearchParams({ limit: '200', ...(before ? { before: String(before) } : {}) });
        const page = await answer<{
          messages: StoredMessage[];
          turns?: TurnEnding[];
          approvals?: ApprovalState[];
          next?: number;
        }>(await call(`${path}/${encodeURIComponent(conversationId)}?${query}`));
        const turns = new Map((page.turns ?? []).map((turn) => [turn.turnId, turn]));
        const approvals = approvalsByMessage(page.messages, page.approvals ?? []);
        for (const message of page.messages) {
          const turn = message.turnId === undefined ? undefined : turns.get(message.turnId);
          const asked = approvals.get(message);
          found.push({ ...message, ...(turn ? { turn } : {}), ...(asked ? { approvals: asked } : {}) });
        }
        before = page.next;
      } while (before !== undefined && found.length < 2000);
      return found.reverse();
    },
    async remove(conversationId) {
      await answer(await call(`${path}/${encodeURIComponent(conversationId)}`, { method: 'DELETE' }));
    },
  };
}
