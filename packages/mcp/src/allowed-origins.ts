import { coreErrors } from '@opwire/core';

/**
 * The Origin check against DNS rebinding: a request without `Origin` (not from a browser) passes, and one from
 * a browser passes only from an allowed origin. Entries are origins such as `https://app.example.com`; a
 * malformed one fails with `INVALID_CONFIGURATION`.
 */
export function createOriginCheck(allowed: readonly string[]): (origin: string | undefined) => boolean {
  const origins = new Set(
    allowed.map((entry) => {
      const origin = originOf(entry);
      if (origin === undefined) {
        throw coreErrors.INVALID_CONFIGURATION({
          params: {
            reason: `mcp: allowedOrigins entry "${entry}" must be an origin such as https://app.example.com`,
          },
        });
      }
      return origin;
    }),
  );
  return (origin) => {
    if (origin === undefined) return true;
    const normalized = originOf(origin);
    return normalized !== undefined && origins.has(normalized);
  };
}

/** The serialized origin of an http(s) origin string (lower-case host, default port dropped), else `undefined`. */
function originOf(value: string): string | undefined {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) return undefined;
  if (url.pathname !== '/' || url.search || url.hash) return undefined;
  return url.origin;
}
