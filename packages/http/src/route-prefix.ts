import { coreErrors } from '@opwire/core';

/**
 * Checks a base path and gives it without a trailing slash (`''` for none): it starts with `/` and holds
 * path segments only (no `{parameter}`, query or fragment). A bad one is `INVALID_CONFIGURATION`.
 */
export function normalizePrefix(prefix: string | undefined): string {
  if (prefix === undefined || prefix === '' || prefix === '/') return '';
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (!/^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/.test(trimmed)) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: {
        reason: `prefix "${prefix}" must be a path such as /api (segments only, no {parameters}, ? or #)`,
      },
    });
  }
  return trimmed;
}

/**
 * Where RFC 9728 (and RFC 8615) put a well-known document about a resource served at `resourcePath`: the
 * well-known name first, then the resource's path (`wellKnownPath('oauth-protected-resource', '/api/mcp')` is
 * `/.well-known/oauth-protected-resource/api/mcp`). Serve it as a custom route with `prefixed: false`.
 */
export function wellKnownPath(name: string, resourcePath = ''): string {
  const rest = resourcePath === '/' ? '' : resourcePath.replace(/\/$/, '');
  return `/.well-known/${name}${rest}`;
}
