import type { Locale } from '@opwire/core';
import type { CustomRoute } from '@opwire/http';
import { type BuiltFile, type BuiltPage, basePlaceholder } from './browser-build.js';
import { htmlPageHeaders, pageHeaders } from './page-headers.js';

/** How a built page is mounted: the paths that answer its HTML, where its assets live, what it is told. */
export interface PageMount {
  /** Paths answered with the page's HTML (the page routes between them itself). */
  readonly paths: readonly string[];
  /** Path prefix of the page's assets, such as `/console/assets`. */
  readonly assetsPath: string;
  /** Settings handed to the page as JSON (never a secret: anyone may load the page). */
  readonly config: Readonly<Record<string, unknown>>;
  /** The page title per locale, before the page's own script runs. */
  readonly titles: Readonly<Record<Locale, string>>;
}

const types: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
  json: 'application/json',
};

/** Puts the mount into a built page's HTML: asset URLs, the language, the title and the config. */
export function renderPageHtml(page: BuiltPage, mount: PageMount, locale: Locale): string {
  const config = JSON.stringify({ ...mount.config, locale }).replace(/</g, '\\u003c');
  return page.html
    .replaceAll(basePlaceholder, `${mount.assetsPath.replace(/\/assets$/, '')}/`)
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(mount.titles[locale])}</title>`)
    .replace('<!--opwire-config-->', `<script type="application/json" id="opwire-config">${config}</script>`);
}

/**
 * Public routes for one built page: its HTML at each path (in the caller's language, never cached) and
 * its content-hashed assets (cached for a year, brotli or gzip when the browser accepts them). None is API,
 * so none is in the OpenAPI document; the data the page shows comes from operations that check the caller.
 */
export function pageRoutes(page: BuiltPage, mount: PageMount): CustomRoute[] {
  if (!mount.assetsPath.endsWith('/assets')) {
    throw new TypeError(`assetsPath must end in /assets, not ${mount.assetsPath}`);
  }
  const html: Record<Locale, string> = {
    en: renderPageHtml(page, mount, 'en'),
    'zh-CN': renderPageHtml(page, mount, 'zh-CN'),
  };
  const htmlRoutes = mount.paths.map(
    (path): CustomRoute => ({
      method: 'GET',
      path,
      public: true,
      openapi: false,
      handle: ({ locale }) => new Response(html[locale], { headers: htmlPageHeaders(locale) }),
    }),
  );
  const assetRoute: CustomRoute = {
    method: 'GET',
    path: `${mount.assetsPath}/{asset}`,
    public: true,
    openapi: false,
    handle: ({ params, headers }) => {
      const name = params.asset ?? '';
      const file = page.assets.get(name);
      if (!file) return notFound();
      return assetResponse(name, file, headers['accept-encoding'] ?? '');
    },
  };
  return [...htmlRoutes, assetRoute];
}

function assetResponse(name: string, file: BuiltFile, acceptEncoding: string): Response {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const accepts = (coding: string) => acceptsEncoding(acceptEncoding, coding);
  const [body, encoding] =
    file.brotli && accepts('br')
      ? [file.brotli, 'br']
      : file.gzip && accepts('gzip')
        ? [file.gzip, 'gzip']
        : [file.body, undefined];
  return new Response(body, {
    headers: {
      'content-type': types[extension] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      ...pageHeaders,
    },
  });
}

/**
 * Whether an `accept-encoding` header accepts a coding (RFC 9110, section 12.5.3): named with a weight
 * above zero, or not named and covered by `*` with a weight above zero. Names and `q` are case-insensitive.
 */
export function acceptsEncoding(header: string, coding: string): boolean {
  let wildcard: number | undefined;
  for (const item of header.split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    const weight = weightOf(parameters);
    if (name === coding) return weight > 0;
    if (name === '*') wildcard = weight;
  }
  return wildcard !== undefined && wildcard > 0;
}

/** The `q` of an item's parameters (1 when absent; 0 when it is not a number). */
function weightOf(parameters: readonly string[]): number {
  for (const parameter of parameters) {
    const [key, value] = parameter.split('=').map((part) => part.trim());
    if (key === 'q') return Number(value) || 0;
  }
  return 1;
}

function notFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...pageHeaders },
  });
}

/** Text made safe inside HTML text and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
