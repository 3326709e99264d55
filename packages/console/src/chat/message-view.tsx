import type { UIMessage } from 'ai';
import { useMemo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { ChatText } from './chat-text.js';
import { ToolCard } from './tool-card.js';
import { isToolPart, toolViewOf } from './tool-part.js';

/** Props of `MessageView`. */
export interface MessageViewProps {
  readonly message: UIMessage;
  readonly text: ChatText;
  readonly onApproval?: (approvalId: string, approved: boolean) => void;
  /** An earlier answer whose pending calls cannot be decided here (`useChat` sends the newest one's only). */
  readonly settled?: boolean;
  /**
   * Where server-relative links (cited sources, `/knowledge/…`, and links in the answer's text) point: the chat
   * endpoint's origin when it is not the page's (a drawer embedded by a host on another origin). Unset, they are
   * left as they are.
   */
  readonly linkBase?: string;
  /**
   * Opens a cited source of the server's own (a server-relative link, such as `/knowledge/documents/…`) in the
   * page, fetched with the chat's headers: a link the browser follows carries no bearer token. Without it, such a
   * link opens in a new tab.
   */
  readonly onOpenSource?: (source: OpenedSource) => void;
}

/** A cited source opened in the page: its title and the URL its text is fetched from. */
export interface OpenedSource {
  readonly title: string;
  readonly url: string;
}

interface Source {
  readonly id: string;
  readonly title: string;
  readonly url?: string;
}

/** Whether a link is the server's own page (`/knowledge/…`), not another site's. */
const isServerRelative = (href: string): boolean => href.startsWith('/') && !href.startsWith('//');

/** A server-relative link (`/knowledge/…`) as the server's own, when the page is on another origin (`linkBase`). */
const serverLink = (href: string, linkBase: string | undefined): string =>
  linkBase && href.startsWith('/') && !href.startsWith('//') ? new URL(href, linkBase).href : href;

/** How an answer's markdown renders, its server-relative links pointing at `linkBase` when it is set. */
export function markdownComponentsFor(linkBase: string | undefined): Components {
  return {
    // react-markdown empties a link it does not trust (`javascript:`, `data:`): shown as a link, it opened the chat
    // page itself in a new tab, so it stays plain text.
    a: ({ node: _node, href, ...props }) =>
      href ? (
        <a {...props} href={serverLink(href, linkBase)} target="_blank" rel="noopener noreferrer" />
      ) : (
        <span>{props.children}</span>
      ),
    // An image in an answer is not loaded (the page's policy loads none from elsewhere, and a model's URL is not
    // trusted): it is a link to it, labelled by its alt text, or that text alone when react-markdown emptied the URL.
    img: ({ node: _node, src, alt }) =>
      typeof src === 'string' && src !== '' ? (
        <a href={serverLink(src, linkBase)} target="_blank" rel="noopener noreferrer">
          {alt || src}
        </a>
      ) : (
        <span>{alt}</span>
      ),
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a code block's long lines scroll sideways, which a keyboard must reach to do (WCAG 2.1.1)
    pre: ({ node: _node, ...props }) => <pre {...props} tabIndex={0} />,
  };
}

const markdownComponents = markdownComponentsFor(undefined);

/** The sources a message cites (knowledge passages as `source-url` or `source-document` parts), deduplicated. */
export function sourcesOf(message: UIMessage): Source[] {
  const sources = new Map<string, Source>();
  for (const part of message.parts) {
    if (part.type === 'source-url') {
      sources.set(part.url, { id: part.sourceId, title: part.title ?? part.url, url: part.url });
    } else if (part.type === 'source-document') {
      sources.set(part.sourceId, { id: part.sourceId, title: part.title });
    }
  }
  return [...sources.values()];
}

/** Token usage a `data-usage` part reports, when there is one. */
function usageOf(message: UIMessage): { inputTokens: number; outputTokens: number } | undefined {
  for (const part of message.parts) {
    if (part.type !== 'data-usage') continue;
    const data = (part as { data?: { inputTokens?: unknown; outputTokens?: unknown } }).data;
    if (typeof data?.inputTokens === 'number' && typeof data.outputTokens === 'number') {
      return { inputTokens: data.inputTokens, outputTokens: data.outputTokens };
    }
  }
  return undefined;
}

/**
 * Whether a message has anything to show in a bubble: a failed answer's stream may have opened one (its `start`)
 * and ended before a word, a call or a source, which drew an empty bubble.
 */
export function showsAnything(message: UIMessage): boolean {
  return message.parts.some(
    (part) =>
      (part.type === 'text' && part.text.trim() !== '') ||
      (part.type === 'reasoning' && part.text.trim() !== '') ||
      part.type === 'source-url' ||
      part.type === 'source-document' ||
      isToolPart(part) ||
      (part.type === 'data-usage' && usageOf(message) !== undefined),
  );
}

/** One chat message as a bubble: markdown text, reasoning, tool cards, then the sources it cites. */
export function MessageView({
  message,
  text,
  onApproval,
  settled = false,
  linkBase,
  onOpenSource,
}: MessageViewProps) {
  const sources = message.role === 'assistant' ? sourcesOf(message) : [];
  const usage = message.role === 'assistant' ? usageOf(message) : undefined;
  const components = useMemo(
    () => (linkBase ? markdownComponentsFor(linkBase) : markdownComponents),
    [linkBase],
  );
  return (
    <article
      className={`opwire-chat-message opwire-chat-message-${message.role}`}
      aria-label={message.role === 'user' ? text.you : text.assistant}
    >
      <div className="opwire-chat-bubble">
        {message.parts.map((part, index) => {
          const key = `${message.id}-${index}`;
          if (part.type === 'text') {
            return message.role === 'user' ? (
              <p key={key} className="opwire-chat-plain">
                {part.text}
              </p>
            ) : (
              <div key={key} className="opwire-chat-markdown">
                <Markdown remarkPlugins={[remarkGfm]} components={components}>
                  {part.text}
                </Markdown>
              </div>
            );
          }
          if (part.type === 'reasoning') {
            return (
              <details key={key} className="opwire-chat-reasoning">
                <summary>{text.reasoning}</summary>
                <p>{part.text}</p>
              </details>
            );
          }
          if (isToolPart(part)) {
            return (
              <ToolCard
                key={part.toolCallId}
                view={toolViewOf(part)}
                text={text}
                settled={settled}
                {...(onApproval ? { onApproval } : {})}
              />
            );
          }
          return null;
        })}
        {sources.length > 0 ? (
          <nav className="opwire-chat-sources" aria-label={text.sources}>
            <span className="opwire-chat-sources-label">{text.sources}</span>
            <ol>
              {sources.map((source) => (
                <li key={source.id}>
                  {source.url ? (
                    <a
                      href={serverLink(source.url, linkBase)}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={(event) => {
                        const url = source.url as string;
                        // A plain click on the server's own page: shown in the page, fetched with the token.
                        if (!onOpenSource || !isServerRelative(url) || event.button !== 0) return;
                        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
                        event.preventDefault();
                        onOpenSource({ title: source.title, url: serverLink(url, linkBase) });
                      }}
                    >
                      {source.title}
                    </a>
                  ) : (
                    <span>{source.title}</span>
                  )}
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
      </div>
      {usage ? (
        <div className="opwire-chat-usage">{text.usage(usage.inputTokens, usage.outputTokens)}</div>
      ) : null}
    </article>
  );
}
