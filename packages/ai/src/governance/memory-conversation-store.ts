import { coreErrors } from '@opwire/core';
import type { Conversation, ConversationMessage, ConversationStore } from './conversation-store.js';
import type { Owner } from './owner.js';
import {
  checkBefore,
  checkLimit,
  checkSequence,
  decodeCursor,
  encodeCursor,
  newestFirst,
  normalizeTime,
} from './paging.js';
import { checkTurnEnding } from './turn-ending.js';

interface Entry {
  conversation: Conversation;
  messages: ConversationMessage[];
}

/** A `ConversationStore` in process memory, for tests and single-process apps. */
export function createMemoryConversationStore(): ConversationStore {
  const entries = new Map<string, Entry>();
  // Ids of deleted conversations, never given out again; with the owner who may open one deleted as reopenable.
  const deleted = new Map<string, Owner | undefined>();
  const owned = (id: string, owner: Owner) => {
    const entry = entries.get(id);
    return entry &&
      entry.conversation.tenant === owner.tenant &&
      entry.conversation.principalId === owner.principalId
      ? entry
      : undefined;
  };
  const insert = (id: string, owner: Owner, at: string, title?: string): Conversation => {
    const time = normalizeTime(at, 'at');
    const conversation: Conversation = {
      id,
      tenant: owner.tenant,
      principalId: owner.principalId,
      ...(title === undefined ? {} : { title }),
      createdAt: time,
      updatedAt: time,
    };
    entries.set(id, { conversation, messages: [] });
    return structuredClone(conversation);
  };
  return {
    async create({ id, owner, title, at }) {
      if (entries.has(id) || deleted.has(id)) {
        throw coreErrors.CONFLICT({ cause: new Error(`Conversation "${id}" already exists.`) });
      }
      return insert(id, owner, at, title);
    },
    async open({ id, owner, at }) {
      if (deleted.has(id)) {
        const reopener = deleted.get(id);
        if (reopener?.tenant !== owner.tenant || reopener.principalId !== owner.principalId) return undefined;
        const reopened = insert(id, owner, at);
        deleted.delete(id);
        return reopened;
      }
      if (!entries.has(id)) return insert(id, owner, at);
      const entry = owned(id, owner);
      return entry && structuredClone(entry.conversation);
    },
    async opens(id, owner) {
      if (deleted.has(id)) {
        const reopener = deleted.get(id);
        return reopener?.tenant === owner.tenant && reopener.principalId === owner.principalId;
      }
      return !entries.has(id) || owned(id, owner) !== undefined;
    },
    async get(id, owner) {
      const entry = owned(id, owner);
      return entry && structuredClone(entry.conversation);
    },
    async list(owner, page) {
      checkLimit(page.limit);
      const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, ['t', 's'] as const);
      const sorted = [...entries.values()]
        .map((entry) => entry.conversation)
        .filter((each) => each.tenant === owner.tenant && each.principalId === owner.principalId)
        .sort((left, right) => newestFirst([left.createdAt, left.id], [right.createdAt, right.id]))
        .filter((each) => !after || newestFirst([each.createdAt, each.id], after) > 0);
      const conversations = sorted.slice(0, page.limit).map((each) => structuredClone(each));
      const last = conversations.at(-1);
      return sorted.length > page.limit && last
        ? { conversations, next: encodeCursor([last.createdAt, last.id]) }
        : { conversations };
    },
    async delete(id, owner, options = {}) {
      if (!owned(id, owner)) return false;
      entries.delete(id);
      deleted.set(
        id,
        options.reopenable ? { tenant: owner.tenant, principalId: owner.principalId } : undefined,
      );
      return true;
    },
    async append(id, owner, { messages, turnId, at, ending }) {
      // Bad input is refused whoever asks, as the PostgreSQL store does before it looks the conversation up.
      const time = normalizeTime(at, 'at');
      const stored = ending === undefined ? undefined : checkTurnEnding(ending);
      const entry = owned(id, owner);
      if (!entry) return undefined;
      const added = messages.map(
        (message, index): ConversationMessage => ({
          conversationId: id,
          sequence: entry.messages.length + index + 1,
          ...(turnId === undefined ? {} : { turnId }),
          at: time,
          message: structuredClone(message),
          ...(stored === undefined ? {} : { ending: stored }),
        }),
      );
      entry.messages.push(...added);
      if (time > entry.conversation.updatedAt)
        entry.conversation = { ...entry.conversation, updatedAt: time };
      return structuredClone(added);
    },
    async removeAfter(id, owner, after) {
      checkSequence(after);
      const entry = owned(id, owner);
      if (!entry) return undefined;
      const kept = entry.messages.filter((message) => message.sequence <= after);
      const removed = entry.messages.length - kept.length;
      entry.messages = kept;
      return removed;
    },
    async messages(id, owner, { limit, before }) {
      checkLimit(limit);
      if (before !== undefined) checkBefore(before);
      const entry = owned(id, owner);
      if (!entry) return undefined;
      return entry.messages
        .filter((message) => before === undefined || message.sequence < before)
        .slice(-limit)
        .reverse()
        .map((message) => structuredClone(message));
    },
  };
}
