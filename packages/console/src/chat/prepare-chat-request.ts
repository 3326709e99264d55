import type { PrepareSendMessagesRequest, UIMessage } from 'ai';

/**
 * `DefaultChatTransport`'s `prepareSendMessagesRequest` for Opwire's `POST /api/chat`: posts the messages the
 * route reads instead of the whole history (`useChat` holds every message; the server keeps the conversation),
 * so a long chat's request stays small. Those are the last message; for a regeneration, the question asked
 * again and the assistant message before it (whose `turnId` says which stored question it is); for an edit
 * (`messageId` naming a user message), that message and the assistant message before it; and the message a
 * `messageId` names. The messages between them are kept, so the route reads the tail as it reads the whole.
 */
export const prepareChatRequest: PrepareSendMessagesRequest<UIMessage> = ({
  id,
  messages,
  body,
  trigger,
  messageId,
}) => ({
  body: {
    ...body,
    id,
    messages: messages.slice(tailStart(messages, trigger, messageId)),
    trigger,
    messageId,
  },
});

/** Where the messages the route reads begin. */
function tailStart(
  messages: readonly UIMessage[],
  trigger: 'submit-message' | 'regenerate-message',
  messageId: string | undefined,
): number {
  const named = messageId === undefined ? -1 : messages.findIndex((message) => message.id === messageId);
  const question =
    trigger === 'regenerate-message'
      ? lastIndexOf(messages, messages.length, 'user')
      : messages[named]?.role === 'user'
        ? named
        : -1;
  const answerBefore = question < 0 ? -1 : lastIndexOf(messages, question, 'assistant');
  const starts = [messages.length - 1, named, question, answerBefore].filter((at) => at >= 0);
  return starts.length === 0 ? 0 : Math.min(...starts);
}

/** The index of the last message of `role` before `end`, or -1. */
function lastIndexOf(messages: readonly UIMessage[], end: number, role: UIMessage['role']): number {
  for (let at = end - 1; at >= 0; at--) if (messages[at]?.role === role) return at;
  return -1;
}
