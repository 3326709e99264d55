import { coreErrors } from '../errors/core-errors.js';

/**
 * Reads a comma-separated allow-list of browser origins (`CORS_ORIGINS`): each one `scheme://host[:port]`
 * with no path, or `*` alone for any origin. Blank entries are skipped; an empty or missing text allows none.
 * A malformed entry is `INVALID_CONFIGURATION` naming it, so a typo fails at startup, not in a browser.
 */
export function parseOrigins(text: string | undefined): readonly string[] {
  return checkOrigins(
    (text ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  );
}

/**
 * Checks an allow-list given as a list (`createHttpServer`'s `cors.origins`) as `parseOrigins` checks each entry:
 * the origins in the form a browser's `Origin` header has them (`https://A.example` becomes `https://a.example`),
 * or `*` alone; a malformed entry (a trailing slash, a path, another scheme) is `INVALID_CONFIGURATION` naming it,
 * where it used to be kept as written and never match.
 */
export function checkOrigins(entries: readonly string[]): readonly string[] {
  if (entries.includes('*')) {
    if (entries.length > 1) fail('*', '"*" allows every origin and cannot be listed with others');
    return ['*'];
  }
  return entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return fail(entry, 'it is not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      fail(entry, 'the scheme must be http or https');
    if (url.origin !== entry.replace(/\/$/, '').toLowerCase() || entry.endsWith('/'))
      fail(entry, `an origin has no path, query or trailing slash (write ${url.origin})`);
    return url.origin;
  });
}

/** Whether a request's `Origin` header is on the list (`*` admits every origin; no header is never "allowed"). */
export function isOriginAllowed(origins: readonly string[], origin: string | undefined): boolean {
  if (origin === undefined) return false;
  return origins.includes('*') || origins.includes(origin.toLowerCase());
}

function fail(entry: string, why: string): never {
  throw coreErrors.INVALID_CONFIGURATION({ params: { reason: `allowed origin "${entry}": ${why}` } });
}
