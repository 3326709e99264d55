import { type FormEvent, useState } from 'react';
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
}

/** The sign-in card: one button per offered account, or a bearer token typed in. */
export function SignIn({ accounts, locale, heading, notice, onSignIn }: SignInProps) {
  const text = sharedTexts[locale];
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim() !== '') onSignIn({ token: token.trim(), label: text.customToken });
  };
  return (
    <main className="opwire-sign-in">
      <div className="opwire-sign-in-card">
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
              onChange={(event) => setToken(event.target.value)}
            />
            <button type="submit" disabled={token.trim() === ''}>
              {text.signIn}
            </button>
          </div>
        </form>
      </div>
    </main>
  );
}
