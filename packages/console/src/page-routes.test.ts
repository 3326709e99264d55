import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CustomRoute, CustomRouteInput } from '@opwire/http';
import { describe, expect, it } from 'vitest';
import { type BuiltPage, readBuiltPage } from './browser-build.js';
import { consoleRoutes, trimPath } from './console-routes.js';
import { acceptsEncoding, pageRoutes, renderPageHtml } from './page-routes.js';

const page: BuiltPage = {
  html: '<!doctype html><html lang="en"><head><title>x</title><script src="/__opwire_base__/assets/app.js"></script></head><body><!--opwire-config--></body></html>',
  assets: new Map([
    ['app.js', { body: new TextEncoder().encode('plain'), gzip: new TextEncoder().encode('gzipped') }],
  ]),
};
const mount = {
  paths: ['/console', '/console/turns'],
  assetsPath: '/console/assets',
  config: { base: '/console', note: '</script><script>alert(1)</script>' },
  titles: { en: 'Console', 'zh-CN': '控制台' },
};

const input = (overrides: Partial<CustomRouteInput>): CustomRouteInput => ({
  method: 'GET',
  caller: undefined,
  locale: 'en',
  signal: new AbortController().signal,
  body: undefined,
  params: {},
  query: {},
  trace: undefined,
  headers: {},
  requestId: 'request-1',
  ...overrides,
});
const route = (routes: CustomRoute[], path: string) => routes.find((each) => each.path === path)!;

describe('pageRoutes', () => {
  it('puts the mount path, the language, the title and inert config into the page', () => {
    const html = renderPageHtml(page, mount, 'zh-CN');
    expect(html).toContain('<html lang="zh-CN"');
    expect(html).toContain('<title>控制台</title>');
    expect(html).toContain('src="/console/assets/app.js"');
    expect(html).toContain('<script type="application/json" id="opwire-config">');
    // A `<` in the config cannot close the script element.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('answers each page path with HTML in the caller’s language, never cached, out of the OpenAPI document', async () => {
    const routes = pageRoutes(page, mount);
    expect(routes.map((each) => [each.method, each.path, each.public, each.openapi])).toEqual([
      ['GET', '/console', true, false],
      ['GET', '/console/turns', true, false],
      ['GET', '/console/assets/{asset}', true, false],
    ]);
    const response = await route(routes, '/console/turns').handle(input({ locale: 'zh-CN' }));
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await response.text()).toContain('<title>控制台</title>');
  });

  it('serves an asset gzipped when the browser accepts it, plain otherwise, and 404 for an unknown name', async () => {
    const assets = route(pageRoutes(page, mount), '/console/assets/{asset}');
    const gzipped = await assets.handle(
      input({ params: { asset: 'app.js' }, headers: { 'accept-encoding': 'gzip, br' } }),
    );
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await gzipped.text()).toBe('gzipped');
    const plain = await assets.handle(
      input({ params: { asset: 'app.js' }, headers: { 'accept-encoding': 'gzip;q=0' } }),
    );
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('plain');
    const missing = await assets.handle(input({ params: { asset: '../package.json' } }));
    expect(missing.status).toBe(404);
  });

  it('refuses an assets path that does not end in /assets', () => {
    expect(() => pageRoutes(page, { ...mount, assetsPath: '/console/static' })).toThrow(
      /must end in \/assets/,
    );
  });
});

describe('acceptsEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br', true],
    ['br;q=0, gzip', 'br', false],
    ['gzip;q=0.5', 'gzip', true],
    ['identity', 'gzip', false],
    ['', 'gzip', false],
    // Names and the weight's name are case-insensitive (RFC 9110): `BR;Q=0` refuses brotli.
    ['BR;Q=0, gzip', 'br', false],
    ['GZip; q = 0.8', 'gzip', true],
    ['br; q=0.0', 'br', false],
    // `*` covers codings not named.
    ['*', 'br', true],
    ['gzip, *;q=0', 'br', false],
    ['br;q=1, *;q=0', 'br', true],
  ])('%j accepts %s: %s', (header, coding, accepted) => {
    expect(acceptsEncoding(header, coding)).toBe(accepted);
  });
});

describe('consoleRoutes', () => {
  it('mounts the built console at its path and its three pages', () => {
    const paths = consoleRoutes({ path: '/admin/console/' }).map((each) => each.path);
    expect(paths).toEqual([
      '/admin/console',
      '/admin/console/turns',
      '/admin/console/audit',
      '/admin/console/cost',
      '/admin/console/assets/{asset}',
      '/admin/console/*',
    ]);
  });

  it('answers any other path under the console with a 404 page in the caller’s language, linking to the console', async () => {
    const notFound = route(consoleRoutes({ path: '/admin/console' }), '/admin/console/*');
    const response = await notFound.handle(input({ locale: 'zh-CN' }));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<html lang="zh-CN"');
    expect(html).toContain('<a href="/admin/console">打开控制台</a>');
  });

  it.each(['console', '/con{sole}', '/console/*'])('refuses the mount path %j', (path) => {
    expect(() => trimPath(path)).toThrow(TypeError);
  });

  it('reports a missing build as INVALID_CONFIGURATION', () => {
    const empty = mkdtempSync(join(tmpdir(), 'opwire-console-'));
    expect(() => readBuiltPage('console', empty)).toThrow(
      expect.objectContaining({ code: 'INVALID_CONFIGURATION' }),
    );
  });
});
