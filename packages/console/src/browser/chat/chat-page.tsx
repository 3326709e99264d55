import { useState } from 'react';
import { ChatDrawer } from '../../chat/chat-drawer.js';
import { LanguageSelect } from '../shared/language-select.js';
import type { PageConfig, PageLocale } from '../shared/page-config.js';
import {
  chosenLocale,
  clearSession,
  readSession,
  type Session,
  saveLocale,
  saveSession,
} from '../shared/session.js';
import { sharedTexts } from '../shared/shared-text.js';
import { SignIn } from '../shared/sign-in.js';
import { chatPageTexts } from './chat-page-text.js';

const conversationInAddress = () => new URLSearchParams(location.search).get('conversation') ?? undefined;

/** Puts the open conversation in the address, so a reload resumes it. */
function rememberConversation(conversationId: string | undefined): void {
  const url = new URL(location.href);
  if (conversationId) url.searchParams.set('conversation', conversationId);
  else url.searchParams.delete('conversation');
  history.replaceState(null, '', url);
}

/** The ready chat page: sign in, then the drawer beside a short introduction. */
export function ChatPage({ config }: { readonly config: PageConfig }) {
  const [session, setSession] = useState<Session | undefined>(readSession);
  // Whether the server stopped accepting the session's token (a 401): the sign-in card says so.
  const [rejected, setRejected] = useState(false);
  const [locale, setLocale] = useState<PageLocale>(() => chosenLocale(config.locale));
  const [drawerOpen, setDrawerOpen] = useState(true);
  const text = chatPageTexts[locale];
  const shared = sharedTexts[locale];
  document.documentElement.lang = locale;
  document.title = text.heading;

  if (!session) {
    return (
      <SignIn
        accounts={config.accounts}
        locale={locale}
        heading={text.heading}
        {...(rejected ? { notice: shared.tokenRejected } : {})}
        onSignIn={(signedIn) => {
          saveSession(signedIn);
          setRejected(false);
          setSession(signedIn);
        }}
        onLocaleChange={(chosen) => {
          saveLocale(chosen);
          setLocale(chosen);
        }}
      />
    );
  }
  const initialConversation = conversationInAddress();
  return (
    <div className={`opwire-page ${drawerOpen ? 'opwire-page-drawer-open' : ''}`}>
      <header className="opwire-page-header">
        <strong>{text.heading}</strong>
        <span className="opwire-page-user">{shared.signedInAs(session.label)}</span>
        <LanguageSelect
          className="opwire-page-language"
          locale={locale}
          onChange={(chosen) => {
            saveLocale(chosen);
            setLocale(chosen);
          }}
        />
        {config.consolePath ? <a href={config.consolePath}>{text.console}</a> : null}
        <button
          type="button"
          onClick={() => {
            clearSession();
            rememberConversation(undefined);
            setSession(undefined);
          }}
        >
          {shared.signOut}
        </button>
      </header>
      <main className="opwire-page-main">
        <h1>{text.heading}</h1>
        <p>{text.intro}</p>
        <ul>
          {text.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
        {drawerOpen ? null : (
          <button type="button" className="opwire-page-open" onClick={() => setDrawerOpen(true)}>
            {text.openAssistant}
          </button>
        )}
      </main>
      {drawerOpen ? (
        <aside className="opwire-page-drawer">
          <ChatDrawer
            key={`${session.token}-${locale}`}
            {...(config.api ? { api: config.api } : {})}
            {...(config.conversationsPath ? { conversationsPath: config.conversationsPath } : {})}
            {...(config.approvalsPath ? { approvalsPath: config.approvalsPath } : {})}
            headers={() => ({ authorization: `Bearer ${session.token}` })}
            locale={locale}
            {...(initialConversation ? { conversationId: initialConversation } : {})}
            onConversationChange={rememberConversation}
            onUnauthenticated={() => {
              // The address keeps the conversation: signing in again as its owner resumes it.
              clearSession();
              setRejected(true);
              setSession(undefined);
            }}
            onClose={() => setDrawerOpen(false)}
          />
        </aside>
      ) : null}
    </div>
  );
}
