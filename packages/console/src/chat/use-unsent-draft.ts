import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { dropUnsentDraft, keepUnsentDraft, readUnsentDraft } from './unsent-draft.js';

/** A composer's text, and what keeps a refused question in it across remounts and reloads. */
export interface UnsentDraft {
  readonly draft: string;
  readonly setDraft: Dispatch<SetStateAction<string>>;
  /** Keeps a question the server refused, in the tab at once: the host may unmount the composer right away. */
  keep(question: string): void;
  /** Forgets the kept question: it was sent (or no longer needs keeping). */
  forget(): void;
}

/**
 * The text of a conversation's composer (`undefined`: a new conversation's). While it holds a question the
 * server refused, the tab keeps what it holds, edits included: a sign-in that remounts the composer, or a reload,
 * shows it again. Sending it, or emptying the composer, forgets it.
 */
export function useUnsentDraft(conversationId: string | undefined): UnsentDraft {
  const [draft, setDraft] = useState(() => readUnsentDraft(conversationId) ?? '');
  // Restored from the tab, the composer holds a kept question from the first render.
  const keeping = useRef(draft !== '');
  useEffect(() => {
    if (!keeping.current) return;
    if (draft.trim() !== '') keepUnsentDraft(conversationId, draft);
    else {
      keeping.current = false;
      dropUnsentDraft(conversationId);
    }
  }, [conversationId, draft]);
  const keep = useCallback(
    (question: string) => {
      keeping.current = true;
      keepUnsentDraft(conversationId, question);
    },
    [conversationId],
  );
  const forget = useCallback(() => {
    keeping.current = false;
    dropUnsentDraft(conversationId);
  }, [conversationId]);
  return { draft, setDraft, keep, forget };
}
