import type { CustomRoute } from '@opwire/http';
import { readBuiltPage } from './browser-build.js';
import { notFoundPageRoute } from './not-found-page.js';
import { pageRoutes } from './page-routes.js';
import type { SignInAccount } from './sign-in-account.js';

/** Where the console is mounted and what its sign-in offers. */
export interface ConsoleRoutesOptions {
  /** The console's path: its pages are `<path>/turns`, `<path>/audit` and `<path>/cost` (default `/console`). */
  readonly path?: string;
  /** Accounts the sign-in form offers (a demo's); without them it asks for a bearer token. */
  readonly accounts?: readonly SignInAccount[];
  /** The chat page, for the link from a turn to its conversation (its owner may read it there). */
  readonly chatPath?: string;
}

/** The console pages, in the order of its navigation. */
export const consolePages = ['turns', 'audit', 'cost'] as const;

/**
 * The governance console as routes for `createHttpServer(app, { routes })`: the pages, their prebuilt assets
 * and, for any other path under the console, a readable 404 page (public: no page holds data). Everything it
 * shows comes from the `governance.*` operations over HTTP under the signed-in caller, so a caller without
 * `governance:read` sees a forbidden state.
 */
export function consoleRoutes(options: ConsoleRoutesOptions = {}): CustomRoute[] {
  const path = trimPath(options.path ?? '/console');
  const pages = pageRoutes(readBuiltPage('console'), {
    paths: [path, ...consolePages.map((page) => `${path}/${page}`)],
    assetsPath: `${path}/assets`,
    config: {
      base: path,
      accounts: options.accounts ?? [],
      ...(options.chatPath === undefined ? {} : { chatPath: options.chatPath }),
    },
    titles: { en: 'Opwire console', 'zh-CN': 'Opwire 控制台' },
  });
  // Mounted at `/`, every unknown path of the server (an API's too) would answer with the console's page.
  return path === '/' ? pages : [...pages, notFoundPageRoute(path)];
}

/** A mount path without its trailing slash (`/` stays `/`); anything not starting with `/` is refused. */
export function trimPath(path: string): string {
  if (!path.startsWith('/') || /[{}*?#]/.test(path)) {
    throw new TypeError(`a page path starts with / and has no parameters, not "${path}"`);
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
