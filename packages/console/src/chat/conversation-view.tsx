import { useChat } from '@ai-sdk/react';
import {
  APICallError,
  type ChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  type UIMessage,
} from 'ai';
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type ApprovalDecision, withDecision } from './approval-decision.js';
import type { ChatText } from './chat-text.js';
import { MessageView, type OpenedSource, showsAnything } from './message-view.js';
import { codeOfText } from './tool-part.js';
import { useUnsentDraft } from './use-unsent-draft.js';

/** Props of `ConversationView`. */
export interface ConversationViewProps {
  /** The conversation id, sent as the chat id. */
  readonly id: string;
  readonly initialMessages: UIMessage[];
  readonly transport: ChatTransport<UIMessage>;
  readonly text: ChatText;
  /** A question to send as soon as the view opens (the first one of a new conversation). */
  readonly firstQuestion?: string;
  /** Called when a turn ends (completed, stopped or failed). */
  readonly onTurnEnd?: () => void;
  /**
   * Called when the chat endpoint answers 401, once the question it refused is back in the composer (and kept in
   * the tab's session storage for this conversation, should signing in again remount the view). Without it, the
   * view itself says that the server refused the sign-in.
   */
  readonly onUnauthenticated?: () => void;
  /** Where server-relative source links point, when the chat endpoint is on another origin (see `MessageView`). */
  readonly linkBase?: string;
  /** Opens a cited source of the server's own in the page (see `MessageView`). */
  readonly onOpenSource?: (source: OpenedSource) => void;
  /**
   * The conversation's stored messages. A turn resumed on opening (its question is stored when it ends; until
   * then the page shows the one its stream names) is replaced by them once it ends.
   */
  readonly loadStored?: () => Promise<UIMessage[]>;
  /**
   * Asks the server to stop the running turn (`POST /api/chat/{id}/stop`) when the user presses Stop: with
   * resumable streams, dropping the stream alone is a disconnect and the turn would run on.
   */
  readonly stopOnServer?: () => void;
  /**
   * Decides a pending approval of an earlier answer over `POST /ai/approvals/{approvalId}/approve|decline`
   * (`useChat` sends only the newest answer's decisions), answering what the server said. Without it, such a call
   * shows no approve or decline.
   */
  readonly decideApproval?: (approvalId: string, approved: boolean) => Promise<ApprovalDecision>;
}

/** The message an error carries: a problem document's code and detail, or the stream's error text. */
function describeChatError(error: Error): string {
  try {
    const problem = JSON.parse(error.message) as { code?: unknown; detail?: unknown };
    if (typeof problem.code === 'string') {
      return typeof problem.detail === 'string' ? `${problem.code}: ${problem.detail}` : problem.code;
    }
  } catch {}
  const code = codeOfText(error.message);
  return code === 'ERROR' || error.message.startsWith(code) ? error.message : `${code}: ${error.message}`;
}

/** The Opwire code of a chat error: its problem document's, or its text's leading code. */
function codeOfChatError(error: Error): string {
  try {
    const problem = JSON.parse(error.message) as { code?: unknown };
    if (typeof problem.code === 'string') return problem.code;
  } catch {}
  return codeOfText(error.message);
}

/**
 * Whether the chat endpoint refused an approval decision (expired, decided elsewhere, unknown): nothing ran, the
 * card's "approved" or "declined" is not so, and sending the same decision again cannot help.
 */
const refusedDecision = (error: Error): boolean =>
  /^APPROVAL_(EXPIRED|ALREADY_SETTLED|NOT_FOUND|MISMATCH)$/.test(codeOfChatError(error));

/** Whether the chat endpoint refused the request's token (a 401): the server took nothing of it. */
const refusedToken = (error: Error): boolean => APICallError.isInstance(error) && error.statusCode === 401;

/** The messages without the last one when it is the user's refused question: the server never stored it. */
function withoutRefused(messages: UIMessage[], question: string): UIMessage[] {
  const last = messages.at(-1);
  const text = last?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return last?.role === 'user' && text === question ? messages.slice(0, -1) : messages;
}

/**
 * The messages with a failed answer that showed nothing marked with its code (`metadata.failed`), as a reload
 * shows it: its note stays once the next question clears the error. Only an empty answer is this request's own
 * (one refused before its stream started opened none, and the last answer before it is not the failed one).
 */
function withFailedAnswer(messages: UIMessage[], code: string): UIMessage[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant' || showsAnything(last)) return messages;
  const metadata = (last.metadata ?? {}) as Record<string, unknown>;
  return [...messages.slice(0, -1), { ...last, metadata: { ...metadata, failed: code } }];
}

/** Whether a message loaded from the server answered a turn its user stopped (see `storedToUiMessages`). */
const stoppedEarlier = (message: UIMessage): boolean =>
  (message.metadata as { stopped?: unknown } | undefined)?.stopped === true;

/** The code of a turn loaded from the server that failed, under its question or the calls it ran (see `storedToUiMessages`). */
const failedEarlier = (message: UIMessage): string | undefined => {
  const failed = (message.metadata as { failed?: unknown } | undefined)?.failed;
  return typeof failed === 'string' ? failed : undefined;
};

/**
 * The stored messages of a conversation whose resumed turn just ended, its answer kept as it was read (the stored
 * one has the same text and sources, but not the usage the stream reported).
 */
function withStoredQuestion(stored: UIMessage[], shown: UIMessage[]): UIMessage[] {
  const live = shown.at(-1);
  if (live?.role !== 'assistant' || stored.at(-1)?.role !== 'assistant') return stored;
  return [...stored.slice(0, -1), live];
}

/**
 * The messages with the question of a turn read mid-way (a resumed stream) above its answer: the conversation
 * stores the question when the turn ends, so until then the stored messages before the answer end with the
 * previous answer, or with nothing; the stream's `start` names the question (`metadata.question`).
 */
export function withRunningQuestion(messages: UIMessage[]): UIMessage[] {
  const live = messages.at(-1);
  const question = (live?.metadata as { question?: unknown } | undefined)?.question;
  if (live?.role !== 'assistant' || typeof question !== 'string' || messages.at(-2)?.role === 'user') {
    return messages;
  }
  const asked: UIMessage = {
    id: `${live.id}-question`,
    role: 'user',
    parts: [{ type: 'text', text: question }],
  };
  return [...messages.slice(0, -1), asked, live];
}

/** One conversation on `useChat`: the messages, approvals, the composer with send and stop. */
export function ConversationView({
  id,
  initialMessages,
  transport,
  text,
  firstQuestion,
  onTurnEnd,
  onUnauthenticated,
  linkBase,
  onOpenSource,
  loadStored,
  stopOnServer,
  decideApproval,
}: ConversationViewProps) {
  // Until something is sent from this view, a turn that ends here is one `resume` read on opening.
  const resuming = useRef(firstQuestion === undefined);
  // The question typed last, until its turn is under way: what goes back to the composer if the token is refused.
  const unsent = useRef<string | undefined>(undefined);
  // Whether the last 401 gave a question back: its error then has nothing left to retry.
  const gaveBack = useRef(false);
  const { draft, setDraft, keep, forget } = useUnsentDraft(id);
  // The 401 a question came back from: without a host to ask for a sign-in, shown as such, with no Retry.
  const [refusal, setRefusal] = useState<Error | undefined>();
  const chat = useChat({
    id,
    messages: initialMessages,
    transport,
    // Opening a stored conversation (a reload, the list) reads its running answer, when the server keeps one
    // (resumable streams; else it answers 204 and nothing happens). A new conversation has none to read.
    resume: firstQuestion === undefined,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onFinish: () => {
      if (resuming.current && loadStored) {
        resuming.current = false;
        void loadStored().then(
          (stored) => chat.setMessages((shown) => withStoredQuestion(stored, shown)),
          () => undefined,
        );
      }
      onTurnEnd?.();
    },
    onError: (chatError) => {
      if (refusedToken(chatError)) giveBackRefused(chatError);
      else {
        unsent.current = undefined;
        chat.setMessages((shown) => withFailedAnswer(shown, codeOfChatError(chatError)));
      }
      // The cards follow the server: the stored conversation says where each approval stands now (expired, say).
      if (refusedDecision(chatError) && loadStored) {
        void loadStored().then(
          (stored) => chat.setMessages(stored),
          () => undefined,
        );
      }
    },
  });
  // Kept before the host hears of the 401: a host that signs in again may unmount this view right away.
  const giveBackRefused = (refused: Error) => {
    const question = unsent.current;
    unsent.current = undefined;
    if (question !== undefined) {
      gaveBack.current = true;
      // Set with the error itself (one render), so its Retry is never shown.
      setRefusal(refused);
      chat.setMessages((current) => withoutRefused(current, question));
      keep(question);
      setDraft((typed) => (typed.trim() === '' ? question : `${question}\n${typed}`));
    }
    onUnauthenticated?.();
  };
  const { status, error, clearError } = chat;
  const messages = useMemo(() => withRunningQuestion(chat.messages), [chat.messages]);
  const [stopped, setStopped] = useState<ReadonlySet<string>>(new Set());
  const log = useRef<HTMLDivElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const sentFirst = useRef(false);
  const busy = status === 'submitted' || status === 'streaming';
  const ask = (question: string) => {
    resuming.current = false;
    unsent.current = question;
    forget();
    void chat.sendMessage({ text: question });
  };

  // Under way, the turn holds the question: the server stores it even if the turn fails.
  useEffect(() => {
    if (status === 'streaming') unsent.current = undefined;
  }, [status]);

  // The refused question is back in the composer: a Retry would resend the turn before it (the question left the
  // conversation). A host that listens asks for a sign-in, so the error is not shown; without one, the view says
  // why the question came back (`refusal`), with no Retry.
  useEffect(() => {
    if (error && gaveBack.current) {
      gaveBack.current = false;
      if (onUnauthenticated) clearError();
    }
  }, [error, clearError, onUnauthenticated]);

  useEffect(() => {
    if (firstQuestion && !sentFirst.current) {
      sentFirst.current = true;
      // The question was typed in the new-conversation composer, which this view replaced: the next one is
      // typed here, so a keyboard user goes on without having to find the box again.
      composer.current?.focus();
      ask(firstQuestion);
    }
  });

  useEffect(() => {
    const element = log.current;
    if (element && messages.length > 0) element.scrollTop = element.scrollHeight;
  }, [messages]);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const question = draft.trim();
    if (question === '' || busy) return;
    setDraft('');
    ask(question);
  };
  const stop = () => {
    const last = messages.at(-1);
    if (last?.role === 'assistant') setStopped((ids) => new Set(ids).add(last.id));
    stopOnServer?.();
    void chat.stop();
    onTurnEnd?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  const approval = busy
    ? undefined
    : (approvalId: string, approved: boolean) =>
        void chat.addToolApprovalResponse({ id: approvalId, approved });
  // An earlier answer's pending call is decided over the approvals routes; its card shows what the server said.
  const decideEarlier =
    busy || !decideApproval
      ? undefined
      : async (approvalId: string, approved: boolean) => {
          chat.setMessages((shown) => withDecision(shown, approvalId, undefined));
          const decision = await decideApproval(approvalId, approved);
          chat.setMessages((shown) => withDecision(shown, approvalId, decision));
          // Settled meanwhile (in another tab, say): the stored conversation says how.
          if (decision.status === 'failed' && decision.code === 'APPROVAL_ALREADY_SETTLED' && loadStored) {
            void loadStored().then(
              (stored) => chat.setMessages(stored),
              () => undefined,
            );
          }
        };

  return (
    <div className="opwire-chat-conversation-view">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be reachable by keyboard to scroll it (WCAG 2.1.1) */}
      <div className="opwire-chat-log" role="log" aria-live="polite" aria-busy={busy} ref={log} tabIndex={0}>
        {messages.length === 0 ? <p className="opwire-chat-empty">{text.empty}</p> : null}
        {messages.map((message, index) => (
          <div key={message.id}>
            {/* Only the newest message's approvals are sent in the chat (`sendAutomaticallyWhen` looks at the last
                message, and so does /api/chat); an older card's go over /ai/approvals, which the server keeps
                pending (and counts against the caller's cap) until decided or expired. */}
            {message.role === 'assistant' && !showsAnything(message) ? null : (
              <MessageView
                message={message}
                text={text}
                settled={index !== messages.length - 1 && !decideApproval}
                {...(linkBase ? { linkBase } : {})}
                {...(onOpenSource ? { onOpenSource } : {})}
                {...(index === messages.length - 1
                  ? approval
                    ? { onApproval: approval }
                    : {}
                  : decideEarlier
                    ? {
                        onApproval: (approvalId: string, approved: boolean) =>
                          void decideEarlier(approvalId, approved),
                      }
                    : {})}
              />
            )}
            {stopped.has(message.id) || stoppedEarlier(message) ? (
              <p className="opwire-chat-stopped">{text.stopped}</p>
            ) : failedEarlier(message) && !(error && index === messages.length - 1) ? (
              <p className="opwire-chat-stopped">
                {text.failed} ({failedEarlier(message)})
              </p>
            ) : null}
          </div>
        ))}
        {status === 'submitted' ? (
          <p className="opwire-chat-thinking" role="status" aria-label={text.thinking}>
            <span />
            <span />
            <span />
          </p>
        ) : null}
        {error && error === refusal ? (
          onUnauthenticated ? null : (
            <div className="opwire-chat-error" role="alert">
              {text.refused}
            </div>
          )
        ) : error ? (
          <div className="opwire-chat-error" role="alert">
            <strong>{text.failed}</strong> {describeChatError(error)}
            {refusedDecision(error) ? null : (
              <button
                type="button"
                className="opwire-chat-button"
                onClick={() => {
                  unsent.current = undefined;
                  resuming.current = false;
                  void chat.regenerate();
                }}
              >
                {text.retry}
              </button>
            )}
          </div>
        ) : null}
      </div>
      <form className="opwire-chat-composer" onSubmit={send}>
        <label className="opwire-chat-visually-hidden" htmlFor={`opwire-chat-input-${id}`}>
          {text.placeholder}
        </label>
        <textarea
          id={`opwire-chat-input-${id}`}
          ref={composer}
          value={draft}
          rows={2}
          placeholder={text.placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {busy ? (
          <button type="button" className="opwire-chat-button opwire-chat-button-stop" onClick={stop}>
            {text.stop}
          </button>
        ) : (
          <button
            type="submit"
            className="opwire-chat-button opwire-chat-button-primary"
            disabled={draft.trim() === ''}
          >
            {text.send}
          </button>
        )}
      </form>
    </div>
  );
}
