/** The prebuilt pages and the files each loads. */
export { type BuiltFile, type BuiltPage, browserBuildFolder, readBuiltPage } from './browser-build.js';
/** The ready chat page. */
export { type ChatPageRoutesOptions, chatPageRoutes } from './chat-page-routes.js';
/** The governance console. */
export { type ConsoleRoutesOptions, consolePages, consoleRoutes } from './console-routes.js';
/** The security headers of every page and asset. */
export { contentSecurityPolicy, pageHeaders } from './page-headers.js';
/** Routes for one built page. */
export { acceptsEncoding, type PageMount, pageRoutes, renderPageHtml } from './page-routes.js';
/** An account the sign-in form offers. */
export type { SignInAccount } from './sign-in-account.js';
