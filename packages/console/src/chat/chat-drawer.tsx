import { DefaultChatTransport, type UIMessage } from 'ai';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createApprovalDecider } from './approval-decision.js';
import { type ChatLocale, chatLocaleOf, chatTexts } from './chat-text.js';
import { ConversationList } from './conversation-list.js';
import { titleOf } from './conversation-title.js';
import { ConversationView } from './conversation-view.js';
import {
  type ConversationSummary,
  ConversationsError,
  createConversationsClient,
  failureOf,
} from './conversations-client.js';
import type { OpenedSource } from './message-view.js';
import { prepareChatRequest } from './prepare-chat-request.js';
import { SourceViewer } from './source-viewer.js';
import { storedToUiMessages } from './stored-to-ui-messages.js';
import { useUnsentDraft } from './use-unsent-draft.js';

/** Props of `ChatDrawer`. */
export interface ChatDrawerProps {
  /** The chat endpoint in the AI SDK's UI message stream protocol (default `/api/chat`). */
  readonly api?: string;
  /** Where the conversation operations live (default `/conversations`). */
  readonly conversationsPath?: string;
  /**
   * Where `ai.approve` and `ai.decline` live (default `/ai/approvals`): an earlier answer's pending call is
   * decided there.
   */
  readonly approvalsPath?: string;
  /** Headers of every call, such as `{ authorization: 'Bearer …' }`. */
  readonly headers?: () => Record<string, string>;
  readonly fetch?: typeof fetch;
  /** Called when the server answers 401: the token is wrong or no longer valid, so the caller must sign in again. */
  readonly onUnauthenticated?: () => void;
  /** The drawer's language (default: the browser's, `en` or `zh-CN`); also sent as `accept-language`. */
  readonly locale?: ChatLocale;
  /** The conversation to open first. */
  readonly conversationId?: string;
  /** Called when another conversation opens (`undefined`: a new one that has no id yet). */
  readonly onConversationChange?: (conversationId: string | undefined) => void;
  /** The heading (default: "Assistant" in the drawer's language). */
  readonly title?: string;
  /** Shows a close button that calls it. */
  readonly onClose?: () => void;
  readonly className?: string;
}

interface Active {
  readonly id: string;
  readonly messages: UIMessage[];
  readonly firstQuestion?: string;
}

const browserLocale = () => chatLocaleOf(typeof navigator === 'undefined' ? undefined : navigator.language);

/** The origin of an endpoint's URL when it is not the page's own (`undefined` for the page's, or outside a browser). */
function foreignOrigin(endpoint: string): string | undefined {
  if (typeof location === 'undefined') return undefined;
  const { origin } = new URL(endpoint, location.href);
  return origin === location.origin ? undefined : origin;
}

/** Whether the list covers the conversation (the stylesheet's narrow layout), so it steps aside for one. */
const listCoversConversation = () =>
  typeof matchMedia === 'function' && matchMedia('(max-width: 640px)').matches;

/**
 * The chat drawer: a conversation list (new, resume, delete) beside a `useChat` conversation with markdown
 * bubbles, tool cards with approve and decline, cited sources, send and stop. Import its styles from
 * `@opwire/console/chat.css`.
 */
export function ChatDrawer(props: ChatDrawerProps) {
  const locale = props.locale ?? browserLocale();
  const text = chatTexts[locale];
  const headersRef = useRef(props.headers);
  headersRef.current = props.headers;
  const headers = useCallback(() => ({ ...headersRef.current?.(), 'accept-language': locale }), [locale]);
  const unauthenticated = useRef(props.onUnauthenticated);
  unauthenticated.current = props.onUnauthenticated;
  const heardUnauthenticated = useCallback(() => unauthenticated.current?.(), []);
  const baseFetch = useMemo(
    (): typeof fetch => props.fetch ?? ((input, init) => fetch(input, init)),
    [props.fetch],
  );
  // Every conversations call goes through it, so a 401 from any is heard. The chat stream's 401 is heard by its
  // view, which first puts the refused question back in the composer.
  const guardedFetch = useMemo(
    (): typeof fetch => async (input, init) => {
      const response = await baseFetch(input, init);
      if (response.status === 401) heardUnauthenticated();
      return response;
    },
    [baseFetch, heardUnauthenticated],
  );
  const client = useMemo(
    () =>
      createConversationsClient({
        headers,
        ...(props.conversationsPath ? { path: props.conversationsPath } : {}),
        fetch: guardedFetch,
      }),
    [headers, props.conversationsPath, guardedFetch],
  );
  const decideApproval = useMemo(
    () =>
      createApprovalDecider({
        headers,
        fetch: guardedFetch,
        ...(props.approvalsPath ? { path: props.approvalsPath } : {}),
      }),
    [headers, guardedFetch, props.approvalsPath],
  );
  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: props.api ?? '/api/chat',
        headers,
        fetch: baseFetch,
        // Only what the route reads: `useChat` would post the whole history, past the body limit of a long chat.
        prepareSendMessagesRequest: prepareChatRequest,
      }),
    [headers, props.api, baseFetch],
  );
  // Stop asks the server too: with resumable streams a dropped stream is a disconnect, not a stop. A server
  // without the route (or whose turns are not resumable) is stopped by the drop alone, so its answer is not read.
  const stopOnServer = useCallback(
    (conversationId: string) =>
      baseFetch(`${props.api ?? '/api/chat'}/${encodeURIComponent(conversationId)}/stop`, {
        method: 'POST',
        headers: headers(),
      }).catch(() => undefined),
    [baseFetch, headers, props.api],
  );
  // A host on another origin than the chat endpoint: the server's own links (`/knowledge/…`) point at the server.
  const linkBase = useMemo(() => foreignOrigin(props.api ?? '/api/chat'), [props.api]);
  // A cited document of the server's, shown over the chat: fetched with the headers (its route wants the token).
  const [openedSource, setOpenedSource] = useState<OpenedSource | undefined>();
  const loadSource = useCallback(
    async (url: string) => {
      const response = await guardedFetch(url, { headers: headers() });
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
        throw failureOf(response, body);
      }
      return response.text();
    },
    [guardedFetch, headers],
  );
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [listError, setListError] = useState<string | undefined>();
  // Why the conversation asked for could not be opened; the list's own refresh does not clear it.
  const [openError, setOpenError] = useState<string | undefined>();
  const [active, setActive] = useState<Active | undefined>();
  const [showList, setShowList] = useState(() => !listCoversConversation());
  const showConversation = useCallback(() => {
    if (listCoversConversation()) setShowList(false);
  }, []);
  // The first question of a new conversation, or the one a 401 refused before a sign-in remounted the drawer.
  const { draft, setDraft, keep, forget } = useUnsentDraft(undefined);
  const onChange = useRef(props.onConversationChange);
  onChange.current = props.onConversationChange;

  const refresh = useCallback(async () => {
    try {
      setConversations(await client.list());
      setListError(undefined);
    } catch (error) {
      setListError(`${text.loadFailed}: ${(error as Error).message}`);
    }
  }, [client, text]);

  const open = useCallback(
    async (conversationId: string) => {
      try {
        const messages = storedToUiMessages(await client.messages(conversationId));
        setActive({ id: conversationId, messages });
        setOpenError(undefined);
        showConversation();
        onChange.current?.(conversationId);
      } catch (error) {
        if (error instanceof ConversationsError && error.status === 404) {
          // A deleted conversation (a reload of its address): say so, and take it out of the address.
          setActive(undefined);
          setOpenError(text.conversationGone);
          onChange.current?.(undefined);
        } else setOpenError(`${text.openFailed}: ${(error as Error).message}`);
      }
    },
    [client, text, showConversation],
  );

  const initial = useRef(props.conversationId);
  useEffect(() => {
    void refresh();
    if (initial.current) void open(initial.current);
  }, [refresh, open]);

  const startNew = () => {
    setActive(undefined);
    setOpenError(undefined);
    showConversation();
    onChange.current?.(undefined);
  };
  const remove = async (conversationId: string) => {
    try {
      await client.remove(conversationId);
      if (active?.id === conversationId) startNew();
    } catch (error) {
      setListError((error as Error).message);
    }
    await refresh();
  };
  const askFirst = async (event: FormEvent) => {
    event.preventDefault();
    const question = draft.trim();
    if (question === '') return;
    // Kept before the call: a 401 tells the host to sign in again, which may unmount the drawer before it returns.
    keep(question);
    try {
      const conversation = await client.create(titleOf(question));
      forget();
      setDraft('');
      setOpenError(undefined);
      setActive({ id: conversation.id, messages: [], firstQuestion: question });
      onChange.current?.(conversation.id);
      await refresh();
    } catch (error) {
      if (!(error instanceof ConversationsError && error.status === 401)) forget();
      // Said beside the composer the question was typed in: the list may be hidden, or cover nothing.
      setOpenError(`${text.startFailed}: ${(error as Error).message}`);
    }
  };

  return (
    <section
      className={`opwire-chat ${props.className ?? ''}`}
      aria-label={props.title ?? text.title}
      lang={locale}
    >
      <header className="opwire-chat-header">
        <button
          type="button"
          className="opwire-chat-icon-button"
          aria-expanded={showList}
          aria-label={showList ? text.hideConversations : text.showConversations}
          title={showList ? text.hideConversations : text.showConversations}
          onClick={() => setShowList((shown) => !shown)}
        >
          ☰
        </button>
        <h2>{props.title ?? text.title}</h2>
        {props.onClose ? (
          <button
            type="button"
            className="opwire-chat-icon-button"
            aria-label={text.close}
            onClick={props.onClose}
          >
            ×
          </button>
        ) : null}
      </header>
      <div className="opwire-chat-body">
        {showList ? (
          <ConversationList
            conversations={conversations}
            activeId={active?.id}
            text={text}
            locale={locale}
            onNew={startNew}
            onOpen={(conversationId) => void open(conversationId)}
            onDelete={(conversationId) => void remove(conversationId)}
            {...(listError ? { error: listError } : {})}
          />
        ) : null}
        {active ? (
          <ConversationView
            key={active.id}
            id={active.id}
            initialMessages={active.messages}
            transport={transport}
            text={text}
            onTurnEnd={() => void refresh()}
            {...(props.onUnauthenticated ? { onUnauthenticated: heardUnauthenticated } : {})}
            {...(linkBase ? { linkBase } : {})}
            onOpenSource={setOpenedSource}
            loadStored={async () => storedToUiMessages(await client.messages(active.id))}
            stopOnServer={() => void stopOnServer(active.id)}
            decideApproval={decideApproval}
            {...(active.firstQuestion ? { firstQuestion: active.firstQuestion } : {})}
          />
        ) : (
          <div className="opwire-chat-conversation-view">
            <div className="opwire-chat-log">
              {openError ? (
                <p className="opwire-chat-error" role="alert">
                  {openError}
                </p>
              ) : (
                <p className="opwire-chat-empty">{text.empty}</p>
              )}
            </div>
            <form className="opwire-chat-composer" onSubmit={(event) => void askFirst(event)}>
              <label className="opwire-chat-visually-hidden" htmlFor="opwire-chat-input-new">
                {text.placeholder}
              </label>
              <textarea
                id="opwire-chat-input-new"
                value={draft}
                rows={2}
                placeholder={text.placeholder}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                    void askFirst(event);
                  }
                }}
              />
              <button
                type="submit"
                className="opwire-chat-button opwire-chat-button-primary"
                disabled={draft.trim() === ''}
              >
                {text.send}
              </button>
            </form>
          </div>
        )}
      </div>
      {openedSource ? (
        <SourceViewer
          key={openedSource.url}
          source={openedSource}
          load={loadSource}
          text={text}
          onClose={() => setOpenedSource(undefined)}
          {...(linkBase ? { linkBase } : {})}
        />
      ) : null}
    </section>
  );
}
