import type { UIMessage } from 'ai';
import { askedApprovalId, type StoredMessage, type StoredPart } from './conversations-client.js';
import { storedToolPart } from './stored-tool-part.js';

type Part = UIMessage['parts'][number];

const partsOf = (content: StoredMessage['content']): readonly StoredPart[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : content;

/** A source stored with a turn, as the chat stream sends it. */
function sourcePart(source: NonNullable<NonNullable<StoredMessage['turn']>['sources']>[number]): Part {
  return source.url === undefined
    ? { type: 'source-document', sourceId: source.sourceId, mediaType: 'text/plain', title: source.title }
    : { type: 'source-url', sourceId: source.sourceId, url: source.url, title: source.title };
}

/** Where a tool call's card is: the parts of the message that first showed it, and its index there. */
interface CardPlace {
  readonly parts: Part[];
  readonly index: number;
}

/**
 * Turns a conversation's stored messages (oldest first) into the UI messages `useChat` shows: a user
 * message per user message, and one assistant message per turn whose tool calls carry their results, shown
 * as the stream showed them (a pending approval with its approve and decline, a declined call, a failed call
 * with its code), an approval as the server says it stands now (expired, or decided since). A call decided in a later turn (an approval) updates the card of the turn that asked.
 * The answer of a turn its user stopped carries `metadata.stopped`, that of a failed turn (the calls it ran)
 * `metadata.failed` with the turn's code until another answer follows it; a question left without an answer says
 * why (`metadata.stopped`, or `metadata.failed`); an answer's sources are its first parts,
 * as the stream sent them (`source-url` with a link, else `source-document`).
 */
export function storedToUiMessages(stored: readonly StoredMessage[]): UIMessage[] {
  const messages: UIMessage[] = [];
  const cards = new Map<string, CardPlace>();
  let assistant: { message: UIMessage; turnId: string | undefined } | undefined;
  // A question whose turn ended before a word of its answer was stored, while no answer has followed it.
  let unanswered: UIMessage | undefined;
  // The answer of a failed turn (the calls it ran), while no other answer (a retry's) has followed it.
  let failedAnswer: UIMessage | undefined;
  for (const entry of stored) {
    if (entry.role === 'user') {
      assistant = undefined;
      failedAnswer = undefined;
      const text = partsOf(entry.content)
        .flatMap((part) => (part.type === 'text' ? [part.text] : []))
        .join('\n');
      const message: UIMessage = {
        id: `stored-${entry.sequence}`,
        role: 'user',
        parts: [{ type: 'text', text }],
      };
      messages.push(message);
      // Stopped or failed before a word of an answer was stored: the note goes under the question itself.
      const failed = entry.turn?.outcome === 'failed' ? entry.turn.code : undefined;
      if (stoppedTurn(entry)) message.metadata = { stopped: true };
      else if (failed !== undefined) message.metadata = { failed };
      unanswered = message.metadata ? message : undefined;
      continue;
    }
    if (unanswered) {
      // An answer follows after all (the turn's own, or a retry's): the note is not the question's.
      delete unanswered.metadata;
      unanswered = undefined;
    }
    if (
      !assistant ||
      assistant.turnId !== entry.turnId ||
      (entry.turnId === undefined && entry.role === 'assistant')
    ) {
      // A retry answered on from the failed turn's calls: the failure is behind it.
      if (failedAnswer) delete failedAnswer.metadata;
      // A turn its user stopped says so under its answer, as it did when the user pressed Stop; a failed one
      // (its calls kept, never its unfinished words) says it failed, with its code, as the question did before.
      const stopped = stoppedTurn(entry);
      const failed = entry.turn?.outcome === 'failed' ? entry.turn.code : undefined;
      const metadata = stopped ? { stopped: true } : failed !== undefined ? { failed } : undefined;
      assistant = {
        message: {
          id: `stored-${entry.sequence}`,
          role: 'assistant',
          // The sources the turn's answer was given come first, as its stream sent them.
          parts: (entry.turn?.sources ?? []).map(sourcePart),
          ...(metadata ? { metadata } : {}),
        },
        turnId: entry.turnId,
      };
      failedAnswer = failed !== undefined ? assistant.message : undefined;
      messages.push(assistant.message);
    }
    const parts = assistant.message.parts as Part[];
    for (const part of partsOf(entry.content)) {
      if (part.type === 'text') {
        if (part.text !== '') parts.push({ type: 'text', text: part.text, state: 'done' });
      } else if (part.type === 'tool-call') {
        // An approved or declined call is stored again in the turn that decided it: its card is the first one.
        if (cards.has(part.toolCallId)) continue;
        cards.set(part.toolCallId, { parts, index: parts.length });
        parts.push({
          type: 'dynamic-tool',
          toolName: part.toolName,
          toolCallId: part.toolCallId,
          state: 'input-available',
          input: part.input,
        });
      } else {
        const place = cards.get(part.toolCallId);
        const call = place?.parts[place.index];
        const input = call?.type === 'dynamic-tool' ? call.input : undefined;
        const approval = entry.approvals?.[askedApprovalId(part.output) ?? ''];
        const result = storedToolPart({ ...part, input, ...(approval ? { approval } : {}) });
        if (place) place.parts[place.index] = result;
        else {
          cards.set(part.toolCallId, { parts, index: parts.length });
          parts.push(result);
        }
      }
    }
  }
  // A turn that only carried out an approval, its card shown where it was asked, may have nothing left but
  // its sources.
  return messages.filter((message) => message.parts.some((part) => !part.type.startsWith('source-')));
}

/** Whether a message's turn was stopped by its user (not failed, not cut by a limit). */
function stoppedTurn(entry: StoredMessage): boolean {
  return entry.turn?.outcome === 'stopped' && entry.turn.code === 'CANCELLED';
}
