import type { CustomRoute } from '@opwire/http';
import { readBuiltPage } from './browser-build.js';
import { trimPath } from './console-routes.js';
import { pageRoutes } from './page-routes.js';
import type { SignInAccount } from './sign-in-account.js';

/** Where the ready chat page is mounted and what it talks to. */
export interface ChatPageRoutesOptions {
  /** The page's path (default `/chat`). */
  readonly path?: string;
  /** Accounts the sign-in form offers (a demo's); without them it asks for a bearer token. */
  readonly accounts?: readonly SignInAccount[];
  /** The chat endpoint in the AI SDK's UI message stream protocol (default `/api/chat`). */
  readonly api?: string;
  /** Where the conversation operations live (default `/conversations`). */
  readonly conversationsPath?: string;
  /** Where `ai.approve` and `ai.decline` live (default `/ai/approvals`): an earlier answer's approvals go there. */
  readonly approvalsPath?: string;
  /** The console, for a link in the header. */
  readonly consolePath?: string;
}

/**
 * The ready chat page as routes for `createHttpServer(app, { routes })`: a sign-in, then the chat drawer
 * (`@opwire/console/chat`) with its conversation list, driving `useChat` against `api`.
 */
export function chatPageRoutes(options: ChatPageRoutesOptions = {}): CustomRoute[] {
  const path = trimPath(options.path ?? '/chat');
  return pageRoutes(readBuiltPage('chat'), {
    paths: [path],
    assetsPath: `${path === '/' ? '' : path}/assets`,
    config: {
      base: path,
      accounts: options.accounts ?? [],
      api: options.api ?? '/api/chat',
      conversationsPath: options.conversationsPath ?? '/conversations',
      approvalsPath: options.approvalsPath ?? '/ai/approvals',
      ...(options.consolePath === undefined ? {} : { consolePath: options.consolePath }),
    },
    titles: { en: 'Assistant', 'zh-CN': '助手' },
  });
}
