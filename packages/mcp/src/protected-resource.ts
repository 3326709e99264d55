import { coreErrors } from '@opwire/core';

/** Where the MCP endpoint is reachable, for the OAuth protected-resource metadata (RFC 9728). */
export interface ResourceLocation {
  /** The origin clients reach the server at, such as `https://shop.example.com`; by default the request's `Host`, over http. */
  readonly publicUrl?: string | undefined;
  /** The path prefix the host serves its routes under (its HTTP `prefix`), such as `/api`; default none. */
  readonly basePath?: string | undefined;
  /** The endpoint's own path; default `/mcp`. */
  readonly path?: string;
}

/** The resource URL and its metadata document, resolved per request (the host may be the request's). */
export interface ResourceUrls {
  /** Path of the metadata route at the host's root: `/.well-known/oauth-protected-resource` + base path + path. */
  readonly metadataPath: string;
  /** The origin the public URL names, if any (requests from it pass the Origin check). */
  readonly publicOrigin: string | undefined;
  resource(headers: Readonly<Record<string, string | undefined>>): string;
  metadata(headers: Readonly<Record<string, string | undefined>>): string;
}

const wellKnown = '/.well-known/oauth-protected-resource';
const hostPattern = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;
const pathPattern = /^(?:\/[A-Za-z0-9._~-]+)+$/;

/** Checks the location options (`INVALID_CONFIGURATION` naming the one that is wrong) and builds the URLs. */
export function resourceUrls(location: ResourceLocation): ResourceUrls {
  const basePath = location.basePath ?? '';
  const path = location.path ?? '/mcp';
  if (basePath !== '' && !pathPattern.test(basePath)) fail(`basePath "${basePath}" must look like /api`);
  if (!pathPattern.test(path)) fail(`path "${path}" must look like /mcp`);
  let publicOrigin: string | undefined;
  if (location.publicUrl !== undefined) {
    const url = URL.canParse(location.publicUrl) ? new URL(location.publicUrl) : undefined;
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
      fail(`publicUrl "${location.publicUrl}" must be an http(s) origin such as https://shop.example.com`);
    }
    publicOrigin = url.origin;
  }
  // The Host header is the client's: anything but a plain host and port is replaced, so it cannot inject a header.
  const originOf = (headers: Readonly<Record<string, string | undefined>>) => {
    if (publicOrigin) return publicOrigin;
    const host = headers.host;
    return `http://${host && hostPattern.test(host) ? host : 'localhost'}`;
  };
  return {
    metadataPath: `${wellKnown}${basePath}${path}`,
    publicOrigin,
    resource: (headers) => `${originOf(headers)}${basePath}${path}`,
    metadata: (headers) => `${originOf(headers)}${wellKnown}${basePath}${path}`,
  };
}

/** The protected-resource metadata document (RFC 9728) of the endpoint. */
export function protectedResourceMetadata(
  resource: string,
  options: {
    readonly authorizationServers?: readonly string[];
    readonly scopes?: readonly string[];
    readonly name?: string;
  },
): Record<string, unknown> {
  return {
    resource,
    ...(options.authorizationServers?.length
      ? { authorization_servers: [...options.authorizationServers] }
      : {}),
    ...(options.scopes?.length ? { scopes_supported: [...options.scopes] } : {}),
    bearer_methods_supported: ['header'],
    ...(options.name ? { resource_name: options.name } : {}),
  };
}

function fail(reason: string): never {
  throw coreErrors.INVALID_CONFIGURATION({ params: { reason: `mcp: ${reason}` } });
}
