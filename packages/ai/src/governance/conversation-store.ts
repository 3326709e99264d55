import type { Owner } from './owner.js';
import type { Page } from './paging.js';
import type { StoredModelMessage } from './stored-message.js';
import type { TurnOutcome } from './turn-ledger.js';

/** A conversation: one owner's sequence of turns with a model. */
export interface Conversation {
  readonly id: string;
  readonly tenant: string;
  readonly principalId: string;
  readonly title?: string;
  /** ISO timestamps; `updatedAt` moves with every appended message. */
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A passage a turn put before the model, as kept with the turn's messages (the chat's `ChatSource`). */
export interface StoredSource {
  readonly sourceId: string;
  readonly title: string;
  readonly url?: string;
}

/**
 * How a turn ended, kept with the messages it stored: the conversation says "stopped" under a turn its user
 * stopped even after a retention trim has removed the turn's ledger row, and shows the sources its answer was
 * given after a reload, as the stream showed them.
 */
export interface StoredTurnEnding {
  readonly outcome: TurnOutcome;
  /** Why it failed or stopped (`PROVIDER_FAILED`, `CANCELLED`). */
  readonly code?: string;
  /** The passages the turn put before the model, in the order it streamed them; absent when there were none. */
  readonly sources?: readonly StoredSource[];
}

/** A stored message of a conversation, numbered from 1 in the order appended. */
export interface ConversationMessage {
  readonly conversationId: string;
  readonly sequence: number;
  readonly turnId?: string;
  readonly at: string;
  readonly message: StoredModelMessage;
  /** How the turn that appended this message ended, when it was appended with its ending. */
  readonly ending?: StoredTurnEnding;
}

/**
 * A page of conversations, newest first: ordered and paged by `createdAt` (then id), which never moves, so a
 * walk through the pages neither skips nor repeats a conversation however they are updated meanwhile.
 */
export interface ConversationPage {
  readonly conversations: Conversation[];
  readonly next?: string;
}

/**
 * The port that keeps conversations and their messages. Every read and write names the owner: a
 * conversation of anyone else behaves exactly like one that does not exist.
 */
export interface ConversationStore {
  /**
   * Creates a conversation with a new id; an id already taken (by anyone, or once taken and deleted)
   * rejects with `CONFLICT`.
   */
  create(conversation: {
    readonly id: string;
    readonly owner: Owner;
    readonly title?: string;
    readonly at: string;
  }): Promise<Conversation>;
  /**
   * The owner's conversation `id`, created for the owner when no one has it yet; `undefined` when it
   * belongs to someone else or was deleted (a deleted id is never reused, so the turns recorded under it
   * keep one owner; one deleted as `reopenable` is opened again for its owner alone). Atomic: two opens of
   * one new id create it once.
   */
  open(request: {
    readonly id: string;
    readonly owner: Owner;
    readonly at: string;
  }): Promise<Conversation | undefined>;
  /**
   * Whether `open` would give the owner conversation `id` — theirs, or no one's yet (never taken, or deleted as
   * `reopenable` by them) — without writing anything; `false` when it belongs to someone else or was deleted.
   */
  opens(id: string, owner: Owner): Promise<boolean>;
  get(id: string, owner: Owner): Promise<Conversation | undefined>;
  list(owner: Owner, page: Page): Promise<ConversationPage>;
  /**
   * Deletes the conversation and its messages, keeping only its id, tenant and owner so the id is never
   * given out again; `false` when the owner has no such conversation. With `reopenable` (a conversation no one
   * saw: a turn refused before the model ran made it), its owner may `open` the id again, and no one else.
   */
  delete(id: string, owner: Owner, options?: { readonly reopenable?: boolean }): Promise<boolean>;
  /**
   * Appends messages in order, each with the turn's `ending` when given (read back on each of them);
   * `undefined` (nothing written) when the owner has no such conversation.
   */
  append(
    id: string,
    owner: Owner,
    entry: {
      readonly messages: readonly StoredModelMessage[];
      readonly turnId?: string;
      readonly at: string;
      readonly ending?: StoredTurnEnding;
    },
  ): Promise<ConversationMessage[] | undefined>;
  /**
   * Removes the messages after sequence `after` (what answered a question asked again); resolves to how many
   * went, `undefined` (nothing removed) when the owner has no such conversation. Later appends number on
   * from `after`.
   */
  removeAfter(id: string, owner: Owner, after: number): Promise<number | undefined>;
  /**
   * The newest `limit` messages before sequence `before` (all when absent), newest first; `undefined`
   * when the owner has no such conversation. A `before` outside 1 to 2147483647 (`maxSequence`, the largest
   * sequence a store keeps) is `OUT_OF_RANGE` on `before`.
   */
  messages(
    id: string,
    owner: Owner,
    window: { readonly limit: number; readonly before?: number },
  ): Promise<ConversationMessage[] | undefined>;
}
