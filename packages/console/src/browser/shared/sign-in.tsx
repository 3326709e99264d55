import { type FormEvent, useState } from 'react';
import { LanguageSelect } from './language-select.js';
import type { PageAccount, PageLocale } from './page-config.js';
import type { Session } from './session.js';
import { sharedTexts } from './shared-text.js';

/** Props of `SignIn`. */
export interface SignInProps {
  readonly accounts: readonly PageAccount[];
  readonly locale: PageLocale;
  readonly heading: string;
  /** Why the user is asked to sign in again (a rejected token), shown above the accounts. */
  readonly notice?: string;
  readonly onSignIn: (session: Session) => void;
  /** The user picked another language on the card. */
  readonly onLocaleChange: (locale: PageLocale) => void;
}

/**
 * The first character a bearer token cannot hold, if any: a browser sends only ISO-8859-1 in a header, and a
 * token (RFC 6750's `b64token`, or any key a server mints) is printable ASCII; a token pasted with its quotes
 * (`“…”`) or a word of another script would otherwise sign in and then fail every request in the browser.
 */
export function unsendableCharacterIn(token: string): string | undefined {
  return [...token].find((character) => character < '!' || character > '~');
}

/** The sign-in card: one button per offered account, or a bearer token typed in. */
export function SignIn({ accounts, locale, heading, notice, onSignIn, onLocaleChange }: SignInProps) {
  const text = sharedTexts[locale];
  const [token, setToken] = useState('');
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = token.trim();
    if (typed === '') return;
    const unsendable = unsendableCharacterIn(typed);
    if (unsendable !== undefined) setRefused(unsendable);
    else onSignIn({ token: typed, label: text.customToken });
  };
  return (
    <main className="opwire-sign-in">
      <div className="opwire-sign-in-card">
        <LanguageSelect className="opwire-sign-in-language" locale={locale} onChange={onLocaleChange} />
        <h1>{heading}</h1>
        {notice ? (
          <p className="opwire-sign-in-notice" role="alert">
            {notice}
          </p>
        ) : null}
        <p>{text.signInIntro}</p>
        {accounts.length > 0 ? (
          <section aria-labelledby="opwire-sign-in-accounts">
            <h2 id="opwire-sign-in-accounts">{text.pickAccount}</h2>
            <ul>
              {accounts.map((account) => (
                <li key={account.token}>
                  <button
                    type="button"
                    className="opwire-sign-in-account"
                    onClick={() => onSignIn({ token: account.token, label: account.label })}
                  >
                    {account.label}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <form onSubmit={submit}>
          <label htmlFor="opwire-sign-in-token">{text.tokenLabel}</label>
          <div className="opwire-sign-in-row">
            <input
              id="opwire-sign-in-token"
              type="password"
              autoComplete="off"
              value={token}
              aria-invalid={refused !== undefined}
              {...(refused === undefined ? {} : { 'aria-describedby': 'opwire-sign-in-token-error' })}
              onChange={(event) => {
                setToken(event.target.value);
                setRefused(undefined);
              }}
            />
            <button type="submit" disabled={token.trim() === ''}>
              {text.signIn}
            </button>
          </div>
          {refused === undefined ? null : (
            <p id="opwire-sign-in-token-error" className="opwire-sign-in-error" role="alert">
              {text.tokenUnsendable(refused)}
            </p>
          )}
        </form>
      </div>
    </main>
  );
}
