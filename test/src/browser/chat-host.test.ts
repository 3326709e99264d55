import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { workspaceRoot } from '../distribution/pack-workspace.js';
import { type RunningShop, startShop } from '../shop/shop-harness.js';
import {
  hasChromium,
  launchChromium,
  missingChromium,
  openPage,
  screenshot,
  seriousViolations,
} from './browser-harness.js';

// The chat drawer embedded by a host app of its own, as a team would: `@opwire/console/chat` (the built package)
// bundled with esbuild into a page served from another origin than the shop, which allows it through
// `corsOrigins`. The host keeps the drawer mounted and passes no `onUnauthenticated`, unlike the shop's chat page.

const consoleFolder = join(workspaceRoot, 'packages/console');
const title = hasChromium
  ? 'the chat drawer in a host page of its own, in Chromium'
  : `the chat drawer in a host page of its own, in Chromium — ${missingChromium}`;

/** Bundles the host page's script and serves it, its page and the drawer's stylesheet on 127.0.0.1. */
async function startHost(): Promise<{ readonly url: string; close(): Promise<void> }> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./drawer-host/host.mjs', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    // The host's own imports resolve as in an app that installed the console and its peers.
    alias: { '@opwire/console/chat': join(consoleFolder, 'dist/chat/index.js') },
    nodePaths: [join(consoleFolder, 'node_modules')],
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.contents;
  const stylesheet = readFileSync(join(consoleFolder, 'dist/chat/chat-drawer.css'));
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme support</title>' +
    '<link rel="icon" href="data:,"><link rel="stylesheet" href="/chat.css"></head>' +
    '<body><div id="root"></div><script type="module" src="/host.js"></script></body></html>';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    const [status, type, body] =
      path === '/'
        ? [200, 'text/html; charset=utf-8', page]
        : path === '/host.js'
          ? [200, 'text/javascript', script]
          : path === '/chat.css'
            ? [200, 'text/css', stylesheet]
            : [404, 'text/plain', 'not found'];
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!hasChromium)(title, { timeout: 120_000 }, () => {
  let model: OpenAIWireServer;
  let host: { readonly url: string; close(): Promise<void> };
  let running: RunningShop;
  let browser: Browser;
  beforeAll(async () => {
    model = await startOpenAIWireServer();
    host = await startHost();
    running = await startShop({
      assistant: {
        env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'gpt-4o-mini' },
      },
      http: { corsOrigins: [host.url] },
    });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await host?.close();
    await model?.close();
  }, 60_000);

  it('links to the shop, not the host; a token refused with no host listening is said, the question back, no Retry', async () => {
    const watched = await openPage(browser, host.url);
    const { page } = watched;
    try {
      const query = new URLSearchParams({ shop: running.url, token: 'customer-token' });
      await page.goto(`${host.url}/?${query}`);
      const input = page.getByLabel('Ask a question…');
      model.script({ kind: 'reply', text: 'Still here.' });
      await input.fill('Are you there?');
      await input.press('Enter');
      await page.getByText('Still here.').waitFor();
      const asked = page.locator('.opwire-chat-message-user');
      // The answer's sources are the shop's documents: their links point at the shop, not at the host page's
      // origin (where they used to answer the host's 404).
      const links = page
        .locator('.opwire-chat-message-assistant')
        .getByRole('navigation', { name: 'Sources' })
        .getByRole('link');
      await links.first().waitFor();
      for (let index = 0; index < (await links.count()); index++) {
        const href = (await links.nth(index).getAttribute('href')) ?? '';
        const response = await fetch(href.startsWith('/') ? `${host.url}${href}` : href, {
          headers: { authorization: 'Bearer customer-token' },
        });
        expect([href, response.status]).toEqual([href, 200]);
        expect(href.startsWith(`${running.url}/knowledge/documents/`)).toBe(true);
      }

      // The token stops being accepted by the chat: its call now carries one the server answers 401 to.
      await page.route(`${running.url}/api/chat`, (route) =>
        route.continue({ headers: { ...route.request().headers(), authorization: 'Bearer revoked' } }),
      );
      const composer = page.getByLabel('Ask a question…');
      // Every alert the page ever shows, however briefly (a mutation observer sees each committed render).
      await page.evaluate(() => {
        type Alerts = ArrayLike<{ textContent: string | null }>;
        const page = globalThis as unknown as {
          alertsSeen: string[];
          document: { body: unknown; querySelectorAll(selector: string): Alerts };
          MutationObserver: new (
            callback: () => void,
          ) => { observe(target: unknown, options: Record<string, boolean>): void };
        };
        page.alertsSeen = [];
        new page.MutationObserver(() => {
          for (const alert of Array.from(page.document.querySelectorAll('[role="alert"]'))) {
            page.alertsSeen.push(alert.textContent ?? '');
          }
        }).observe(page.document.body, { childList: true, subtree: true, characterData: true });
      });
      await composer.fill('And now?');
      await composer.press('Enter');
      // It used to come back to the composer with nothing said: the view cleared the error for a host that was
      // not there to ask for a sign-in.
      const refusal = page
        .locator('.opwire-chat-log [role="alert"]')
        .filter({ hasText: 'The server did not accept your sign-in, so the question was not sent.' });
      await refusal.waitFor();
      await expect.poll(() => composer.inputValue()).toBe('And now?');
      expect(await asked.allInnerTexts()).toEqual(['Are you there?']);
      // Nothing to retry: the question left the conversation, and a Retry would resend the turn before it. Not
      // even for one render: the failure with its Retry used to show first.
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      const alertsSeen = await page.evaluate(
        () => (globalThis as unknown as { alertsSeen: string[] }).alertsSeen,
      );
      expect(alertsSeen.filter((alert) => alert.includes('The answer failed'))).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-host-token-refused');

      // Accepted again, the question is sent from the composer; the refusal goes and it is asked once.
      await page.unroute(`${running.url}/api/chat`);
      model.script({
        kind: 'reply',
        text: 'Yes, still here. See [the returns policy](/knowledge/documents/returns-policy.md) or [Acme](https://acme.example/).',
      });
      await composer.press('Enter');
      await page.getByText('Yes, still here.').waitFor();
      // A server-relative link in the answer's text points at the shop too; an absolute one is left as it is.
      const answer = page.locator('.opwire-chat-message-assistant').last();
      expect(await answer.getByRole('link', { name: 'the returns policy' }).getAttribute('href')).toBe(
        `${running.url}/knowledge/documents/returns-policy.md`,
      );
      expect(await answer.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
        'https://acme.example/',
      );
      expect(await refusal.count()).toBe(0);
      expect(await asked.allInnerTexts()).toEqual(['Are you there?', 'And now?']);
      expect(await composer.inputValue()).toBe('');
      await screenshot(page, 'chat-host-token-accepted-again');
      // The page called only its host and the shop.
      expect(watched.foreignRequests.filter((url) => !url.startsWith(running.url))).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});
