/**
 * The content security policy of the pages: scripts, styles, fonts and connections only from the server
 * itself (nothing from a CDN), no frames, no plugins. Inline styles are allowed because the UI library sets
 * its theme variables in a `<style>` element; inline scripts are not (the page config is inert JSON).
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every page and asset carries. */
export const pageHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** The headers of an HTML page in `locale`: never cached without asking, varying by the language asked for. */
export function htmlPageHeaders(locale: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    'content-language': locale,
    vary: 'accept-language',
    ...pageHeaders,
  };
}
