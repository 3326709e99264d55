import type { UIMessage } from 'ai';
import type { StoredMessage, StoredPart } from './conversations-client.js';

type Part = UIMessage['parts'][number];

const partsOf = (content: StoredMessage['content']): readonly StoredPart[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : content;

/**
 * Turns a conversation's stored messages (oldest first) into the UI messages `useChat` shows: a user
 * message per user message, and one assistant message per turn whose tool calls carry their results.
 */
export function storedToUiMessages(stored: readonly StoredMessage[]): UIMessage[] {
  const messages: UIMessage[] = [];
  let assistant: { message: UIMessage; turnId: string | undefined } | undefined;
  for (const entry of stored) {
    if (entry.role === 'user') {
      assistant = undefined;
      const text = partsOf(entry.content)
        .flatMap((part) => (part.type === 'text' ? [part.text] : []))
        .join('\n');
      messages.push({ id: `stored-${entry.sequence}`, role: 'user', parts: [{ type: 'text', text }] });
      continue;
    }
    if (
      !assistant ||
      assistant.turnId !== entry.turnId ||
      (entry.turnId === undefined && entry.role === 'assistant')
    ) {
      assistant = {
        message: { id: `stored-${entry.sequence}`, role: 'assistant', parts: [] },
        turnId: entry.turnId,
      };
      messages.push(assistant.message);
    }
    const parts = assistant.message.parts as Part[];
    for (const part of partsOf(entry.content)) {
      if (part.type === 'text') {
        if (part.text !== '') parts.push({ type: 'text', text: part.text, state: 'done' });
      } else if (part.type === 'tool-call') {
        parts.push({
          type: 'dynamic-tool',
          toolName: part.toolName,
          toolCallId: part.toolCallId,
          state: 'input-available',
          input: part.input,
        });
      } else {
        const index = parts.findIndex(
          (candidate) => candidate.type === 'dynamic-tool' && candidate.toolCallId === part.toolCallId,
        );
        const call = index === -1 ? undefined : parts[index];
        const input = call?.type === 'dynamic-tool' ? call.input : undefined;
        const result: Part = {
          type: 'dynamic-tool',
          toolName: part.toolName,
          toolCallId: part.toolCallId,
          state: 'output-available',
          input,
          output: part.output,
        };
        if (index === -1) parts.push(result);
        else parts[index] = result;
      }
    }
  }
  return messages;
}
