import { useEffect, useMemo, useRef, useState } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { ChatText } from './chat-text.js';
import { markdownComponentsFor, type OpenedSource } from './message-view.js';

/** Props of `SourceViewer`. */
export interface SourceViewerProps {
  readonly source: OpenedSource;
  /** Fetches the source's text as the signed-in caller; rejects with the reason it could not. */
  readonly load: (url: string) => Promise<string>;
  readonly text: ChatText;
  readonly onClose: () => void;
  /** Where the document's own server-relative links point (see `MessageView`). */
  readonly linkBase?: string;
}

/**
 * A cited document in a modal dialog over the chat, rendered as markdown: fetched with the chat's headers, so a
 * source that needs the caller's token opens (a link the browser follows would carry none). Escape closes it.
 */
export function SourceViewer({ source, load, text, onClose, linkBase }: SourceViewerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [shown, setShown] = useState<{ readonly body?: string; readonly error?: string }>({});
  const components = useMemo(() => markdownComponentsFor(linkBase), [linkBase]);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  useEffect(() => {
    let current = true;
    setShown({});
    load(source.url).then(
      (body) => current && setShown({ body }),
      (error: unknown) =>
        current && setShown({ error: `${text.sourceFailed}: ${(error as Error).message ?? String(error)}` }),
    );
    return () => {
      current = false;
    };
  }, [load, source.url, text]);
  return (
    <dialog
      ref={dialog}
      className="opwire-chat-source-dialog"
      aria-labelledby="opwire-chat-source-title"
      onClose={onClose}
    >
      <header className="opwire-chat-source-header">
        <h3 id="opwire-chat-source-title">{source.title}</h3>
        <button
          type="button"
          className="opwire-chat-icon-button"
          aria-label={text.close}
          onClick={() => dialog.current?.close()}
        >
          ×
        </button>
      </header>
      <div className="opwire-chat-source-body">
        {shown.error !== undefined ? (
          <p className="opwire-chat-error" role="alert">
            {shown.error}
          </p>
        ) : shown.body === undefined ? (
          <p className="opwire-chat-empty">{text.sourceLoading}</p>
        ) : (
          <div className="opwire-chat-markdown">
            <Markdown remarkPlugins={[remarkGfm]} components={components}>
              {shown.body}
            </Markdown>
          </div>
        )}
      </div>
    </dialog>
  );
}
