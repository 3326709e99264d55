import { useState } from 'react';
import type { ChatLocale, ChatText } from './chat-text.js';
import type { ConversationSummary } from './conversations-client.js';

/** Props of `ConversationList`. */
export interface ConversationListProps {
  readonly conversations: readonly ConversationSummary[];
  readonly activeId: string | undefined;
  readonly text: ChatText;
  readonly locale: ChatLocale;
  readonly onNew: () => void;
  readonly onOpen: (conversationId: string) => void;
  readonly onDelete: (conversationId: string) => void;
  readonly error?: string;
}

/** The caller's conversations, newest first: start a new one, resume one, delete one (after confirming). */
export function ConversationList(props: ConversationListProps) {
  const { conversations, activeId, text, locale } = props;
  const [confirming, setConfirming] = useState<string | undefined>();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <nav className="opwire-chat-conversations" aria-label={text.conversations}>
      <button type="button" className="opwire-chat-button opwire-chat-new" onClick={props.onNew}>
        + {text.newConversation}
      </button>
      {props.error ? (
        <p className="opwire-chat-notice" role="alert">
          {props.error}
        </p>
      ) : null}
      {conversations.length === 0 && !props.error ? (
        <p className="opwire-chat-notice">{text.noConversations}</p>
      ) : null}
      <ul>
        {conversations.map((conversation) => (
          <li
            key={conversation.id}
            className={conversation.id === activeId ? 'opwire-chat-active' : undefined}
          >
            {confirming === conversation.id ? (
              <fieldset className="opwire-chat-confirm" aria-label={text.confirmDelete}>
                <span>{text.confirmDelete}</span>
                <button
                  type="button"
                  className="opwire-chat-button opwire-chat-button-danger"
                  onClick={() => {
                    setConfirming(undefined);
                    props.onDelete(conversation.id);
                  }}
                >
                  {text.deleteConversation}
                </button>
                <button type="button" className="opwire-chat-button" onClick={() => setConfirming(undefined)}>
                  {text.close}
                </button>
              </fieldset>
            ) : (
              <>
                <button
                  type="button"
                  className="opwire-chat-conversation"
                  aria-current={conversation.id === activeId ? 'true' : undefined}
                  onClick={() => props.onOpen(conversation.id)}
                >
                  <span className="opwire-chat-conversation-title">
                    {conversation.title ?? text.untitled}
                  </span>
                  <span className="opwire-chat-conversation-time">
                    {when.format(new Date(conversation.updatedAt))}
                  </span>
                </button>
                <button
                  type="button"
                  className="opwire-chat-icon-button"
                  aria-label={`${text.deleteConversation}: ${conversation.title ?? text.untitled}`}
                  title={text.deleteConversation}
                  onClick={() => setConfirming(conversation.id)}
                >
                  ×
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
