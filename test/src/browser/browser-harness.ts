import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium: the browser tests drive it, never a downloaded build. */
export const chromiumPath = '/usr/bin/chromium';
/** Whether Chromium is installed (the tests skip, saying why, when it is not). */
export const hasChromium = existsSync(chromiumPath);
/** The reason a browser suite is skipped, for its title. */
export const missingChromium = `skipped: ${chromiumPath} is missing (apt-get install -y chromium)`;

/** Where screenshots go: test artefacts, never committed. */
export const screenshotFolder = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

/** Launches headless Chromium with no network of its own (no updates, no sync, no sandbox in containers). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page that records requests leaving the server, script errors and console errors. */
export interface WatchedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly foreignRequests: string[];
  readonly pageErrors: string[];
  close(): Promise<void>;
}

/**
 * Opens a page in a fresh context (its own storage) in a language, 1280 × 860 unless told (a phone's 375 wide),
 * in UTC unless told (a time zone such as `Asia/Shanghai`), whatever the machine's own time zone.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  locale: 'en-US' | 'zh-CN' = 'en-US',
  viewport: { readonly width: number; readonly height: number } = { width: 1280, height: 860 },
  timezoneId = 'UTC',
): Promise<WatchedPage> {
  const context = await browser.newContext({
    locale,
    viewport,
    timezoneId,
    extraHTTPHeaders: { 'accept-language': locale === 'zh-CN' ? 'zh-CN,zh;q=0.9' : 'en-US,en;q=0.9' },
  });
  const page = await context.newPage();
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl) && !url.startsWith('data:')) foreignRequests.push(url);
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, context, foreignRequests, pageErrors, close: () => context.close() };
}

/** Signs in on the sign-in card by the account's label. */
export async function signIn(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: label }).click();
}

/** Picks a segment of a segmented control (its radio inputs are hidden; a user clicks the label). */
export async function chooseSegment(page: Page, group: string, segment: string): Promise<void> {
  await page.getByRole('radiogroup', { name: group }).getByText(segment, { exact: true }).click();
}

/** Saves a full-page screenshot as a test artefact and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotFolder, { recursive: true });
  const path = `${screenshotFolder}${name}.png`;
  // The pointer rests where the last click left it; moved to a corner, no tooltip or hover shows in the picture.
  await page.mouse.move(0, 0);
  await page.screenshot({ path, fullPage: true });
  return path;
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The axe-core violations of impact serious or critical on the page as it is now (WCAG 2.1 AA rules). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Colors are measured once the page is still: mid-transition (a drawer fading in over the page) they are
  // a blend of both, and the contrast checked is that of no frame a reader keeps looking at. Endless
  // animations (a spinner) never finish and are not waited for.
  await page.evaluate(() => {
    type Running = { finished: Promise<unknown>; effect: { getTiming(): { iterations?: number } } | null };
    const { document } = globalThis as unknown as { document: { getAnimations(): Running[] } };
    return Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  // Evaluated through the DevTools protocol, which the page's content security policy does not govern.
  await page.evaluate(await axeSource);
  const results = (await page.evaluate(() =>
    // Runs in the page: the test project has no DOM types, so the page's globals are typed here.
    (
      globalThis as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<unknown> };
        document: unknown;
      }
    ).axe.run((globalThis as unknown as { document: unknown }).document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  )) as {
    violations: Array<{
      id: string;
      impact: string;
      help: string;
      nodes: Array<{ target: string[]; any: Array<{ message: string }> }>;
    }>;
  };
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')}: ${node.any[0]?.message ?? ''}`)
          .join('; ')})`,
    );
}
