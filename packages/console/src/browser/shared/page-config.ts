/** The languages of the pages. */
export type PageLocale = 'en' | 'zh-CN';

/** An account the sign-in form offers. */
export interface PageAccount {
  readonly token: string;
  readonly label: string;
}

/** What the server tells a page in its `#opwire-config` JSON (see `pageRoutes`). */
export interface PageConfig {
  /** The page's own path, such as `/console`. */
  readonly base: string;
  /** The language the request asked for. */
  readonly locale: PageLocale;
  readonly accounts: readonly PageAccount[];
  readonly api?: string;
  readonly conversationsPath?: string;
  readonly approvalsPath?: string;
  readonly consolePath?: string;
  readonly chatPath?: string;
}

/** Reads the page's config; a page opened without one (a file on disk) gets the defaults. */
export function readPageConfig(): PageConfig {
  const element = document.getElementById('opwire-config');
  const parsed = element?.textContent ? (JSON.parse(element.textContent) as Partial<PageConfig>) : {};
  return { base: '/', locale: 'en', accounts: [], ...parsed };
}
