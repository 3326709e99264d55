import type { PageLocale } from './page-config.js';

/** Who is signed in: the bearer token the page sends, and how to name it. */
export interface Session {
  readonly token: string;
  readonly label: string;
}

const sessionKey = 'opwire.session';
const localeKey = 'opwire.locale';

/** The signed-in session, shared by the chat page and the console of one origin. */
export function readSession(): Session | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(sessionKey) ?? 'null') as Session | null;
    return stored && typeof stored.token === 'string' ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the session for the pages of this origin. */
export function saveSession(session: Session): void {
  localStorage.setItem(sessionKey, JSON.stringify(session));
}

/** Signs out. */
export function clearSession(): void {
  localStorage.removeItem(sessionKey);
}

/** The language the user picked on a page, else the one the request asked for. */
export function chosenLocale(requested: PageLocale): PageLocale {
  const stored = localStorage.getItem(localeKey);
  return stored === 'en' || stored === 'zh-CN' ? stored : requested;
}

/** Keeps the language the user picked. */
export function saveLocale(locale: PageLocale): void {
  localStorage.setItem(localeKey, locale);
}
