/**
 * Console benchmark: what each browser page of the shop weighs (its scripts and stylesheets, raw and gzipped at
 * level 9) and how soon Chromium paints it (first contentful paint, and the page's data on screen), against the
 * shop's Swagger UI page at /docs measured the same way in the same run.
 * Run: `pnpm --filter @opwire/tests bench:console` (ROUNDS, default 7, loads per page; needs /usr/bin/chromium).
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../src/browser/browser-harness.js';
import { seedTurns } from '../../src/browser/seed-turns.js';
import { startShop } from '../../src/shop/shop-harness.js';

const rounds = Number(process.env.ROUNDS ?? 7);

interface PageUnderTest {
  readonly name: string;
  readonly path: string;
  /** What shows the page's data once it is there. */
  readonly ready: string;
  /** A signed-in session in local storage, as the sign-in leaves it. */
  readonly signedIn: boolean;
}

const pages: readonly PageUnderTest[] = [
  { name: 'Swagger UI /docs (baseline)', path: '/docs', ready: '.opblock', signedIn: false },
  {
    name: 'console /console/turns',
    path: '/console/turns',
    ready: '[data-table="turns"] tbody tr',
    signedIn: true,
  },
  { name: 'console /console/audit', path: '/console/audit', ready: '[data-turn-group]', signedIn: true },
  { name: 'console /console/cost', path: '/console/cost', ready: '.recharts-bar-rectangle', signedIn: true },
  { name: 'chat page /', path: '/', ready: 'textarea', signedIn: true },
];

/** The scripts and stylesheets a page's HTML loads, fetched uncompressed, with their gzip size. */
async function weigh(base: string, path: string): Promise<{ raw: number; gzip: number; files: number }> {
  const html = await (await fetch(new URL(path, base))).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*>/g)) {
    if (/rel="(stylesheet|modulepreload)"/.test(match[0])) urls.add(match[1]!);
  }
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = new Uint8Array(
      await (
        await fetch(new URL(url, new URL(path, base)), { headers: { 'accept-encoding': 'identity' } })
      ).arrayBuffer(),
    );
    raw += body.byteLength;
    gzip += gzipSync(body, { level: 9 }).byteLength;
  }
  return { raw, gzip, files: urls.size };
}

/** One cold load in a fresh context: milliseconds to first contentful paint and to the data on screen. */
async function load(
  browser: Browser,
  base: string,
  page: PageUnderTest,
): Promise<{ paint: number; ready: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  if (page.signedIn) {
    await context.addInitScript(() => {
      (
        globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
      ).localStorage.setItem(
        'opwire.session',
        JSON.stringify({ token: 'admin-token', label: 'Root · admin (acme)' }),
      );
    });
  }
  const tab = await context.newPage();
  await tab.goto(new URL(page.path, base).toString());
  await tab.locator(page.ready).first().waitFor({ timeout: 30_000 });
  const ready = await tab.evaluate(() =>
    (globalThis as unknown as { performance: { now(): number } }).performance.now(),
  );
  const paint = await tab.evaluate(
    () =>
      (
        globalThis as unknown as {
          performance: { getEntriesByName(name: string): Array<{ startTime: number }> };
        }
      ).performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await context.close();
  return { paint, ready };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const running = await startShop();
await seedTurns(running.shop);
const browser = await launchChromium();
try {
  const weights = new Map<string, { raw: number; gzip: number; files: number }>();
  for (const page of pages) weights.set(page.name, await weigh(running.url, page.path));
  // One warm-up load per page (the server's first answers, Chromium's caches of its own), then rounds in turn.
  for (const page of pages) await load(browser, running.url, page);
  const timings = new Map<string, { paint: number[]; ready: number[] }>(
    pages.map((page) => [page.name, { paint: [], ready: [] }]),
  );
  for (let round = 0; round < rounds; round++) {
    for (const page of round % 2 === 0 ? pages : [...pages].reverse()) {
      const timing = await load(browser, running.url, page);
      timings.get(page.name)!.paint.push(timing.paint);
      timings.get(page.name)!.ready.push(timing.ready);
    }
  }
  const baseline = pages[0]!.name;
  const baseWeight = weights.get(baseline)!;
  const basePaint = median(timings.get(baseline)!.paint);
  const baseReady = median(timings.get(baseline)!.ready);
  console.log(`Browser pages of the shop, ${rounds} cold loads each (median), Chromium headless, 1280 × 860`);
  console.log(
    '| page | JS+CSS files | raw | gzip | gzip ratio to /docs | first paint | ratio | data on screen | ratio |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const page of pages) {
    const weight = weights.get(page.name)!;
    const paint = median(timings.get(page.name)!.paint);
    const ready = median(timings.get(page.name)!.ready);
    console.log(
      `| ${page.name} | ${weight.files} | ${(weight.raw / 1024).toFixed(1)} kB | ${(weight.gzip / 1024).toFixed(1)} kB | ${(weight.gzip / baseWeight.gzip).toFixed(2)} | ${paint.toFixed(0)} ms | ${(paint / basePaint).toFixed(2)} | ${ready.toFixed(0)} ms | ${(ready / baseReady).toFixed(2)} |`,
    );
  }
} finally {
  await browser.close();
  await running.close();
}
