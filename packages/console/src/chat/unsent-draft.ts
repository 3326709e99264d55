/** What a composer shows before its conversation has an id: the first question of a new one. */
const newConversation = 'new';

const keyOf = (conversationId: string | undefined) =>
  `opwire.chat.unsent.${conversationId ?? newConversation}`;

/** The tab's session storage, or `undefined` where there is none or it refuses access (a sandboxed frame). */
function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Keeps a question the server refused to take (a 401) for its conversation's composer (`undefined`: a new
 * conversation), in this tab's session storage, so it outlives the drawer being remounted by a sign-in.
 */
export function keepUnsentDraft(conversationId: string | undefined, text: string): void {
  try {
    tabStorage()?.setItem(keyOf(conversationId), text);
  } catch {
    // A full or refused storage: the question is still in the composer while the drawer stays mounted.
  }
}

/** The question kept for a conversation's composer, if any. */
export function readUnsentDraft(conversationId: string | undefined): string | undefined {
  try {
    return tabStorage()?.getItem(keyOf(conversationId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the question kept for a conversation's composer: sent, or the composer emptied. */
export function dropUnsentDraft(conversationId: string | undefined): void {
  try {
    tabStorage()?.removeItem(keyOf(conversationId));
  } catch {
    // Nothing kept can be read either.
  }
}
