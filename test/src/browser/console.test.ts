import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from '../shop/shop-harness.js';
import {
  chooseSegment,
  hasChromium,
  launchChromium,
  missingChromium,
  openPage,
  screenshot,
  seriousViolations,
  signIn,
  type WatchedPage,
} from './browser-harness.js';
import { type SeededTurns, seedTurns } from './seed-turns.js';

/** The charts' axis labels that reach past the left edge of their card (cut by it, or by the screen). */
function axisLabelsCut(page: Page): Promise<string[]> {
  return page.locator('[data-chart] svg text').evaluateAll((labels) =>
    labels.flatMap((label) => {
      const card = label.closest('[data-chart]')?.getBoundingClientRect();
      const box = label.getBoundingClientRect();
      return card && box.left < card.left ? [`${label.textContent}@${Math.round(box.left - card.left)}`] : [];
    }),
  );
}

/** The query string of every request the page sends to the governance operations, in order, as it sends them. */
function governanceQueries(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/governance/')) asked.push(url.search);
  });
  return asked;
}

const title = hasChromium
  ? 'the governance console in Chromium'
  : `the governance console in Chromium — ${missingChromium}`;

describe.skipIf(!hasChromium)(title, { timeout: 90_000 }, () => {
  let running: RunningShop;
  let browser: Browser;
  let seeded: SeededTurns;
  beforeAll(async () => {
    running = await startShop();
    seeded = await seedTurns(running.shop);
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  }, 60_000);

  /** Opens a console page signed in as the admin. */
  const asAdmin = async (path: string, locale: 'en-US' | 'zh-CN' = 'en-US'): Promise<WatchedPage> => {
    const watched = await openPage(browser, running.url, locale);
    await watched.page.goto(`${running.url}${path}`);
    await signIn(watched.page, 'Root · admin (acme)');
    return watched;
  };
  const afterwards = (watched: WatchedPage) => {
    expect(watched.foreignRequests).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  };

  it('turns: the ledger with outcome segments, metric cards, filters and a turn’s detail', async () => {
    const watched = await asAdmin('/console/turns');
    const { page } = watched;
    try {
      const rows = page.locator('[data-table="turns"] tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(3);
      const completed = page.locator(`tr[data-turn="${seeded.completed}"]`);
      // 1,200 input tokens at $0.15 and 300 output tokens at $0.60 per million: $0.00036.
      expect(await completed.locator('[data-cost]').textContent()).toBe('$0.00036');
      expect(await page.locator('[data-metric="requests"] [data-value]').textContent()).toBe('3');
      expect(await page.locator('[data-metric="input-tokens"] [data-value]').textContent()).toBe('3,700');
      expect(await page.locator('[data-metric="output-tokens"] [data-value]').textContent()).toBe('400');

      await chooseSegment(page, 'Outcome', 'Failed');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-turn')).toBe(seeded.failed);
      expect(await page.locator('[data-metric="requests"] [data-value]').textContent()).toBe('1');
      await chooseSegment(page, 'Outcome', 'All');
      await page.getByLabel('Tool').fill('orders_cancel');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-turn')).toBe(seeded.stopped);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => rows.count()).toBe(3);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-turns');

      await completed.getByRole('button').first().click();
      const detail = page.locator('[data-detail="turn"]');
      await detail.locator('[data-table="turn-events"] tr').first().waitFor();
      expect(await detail.locator('[data-tool-outcome]').allTextContents()).toEqual(['ok']);
      expect(
        await detail
          .locator('[data-table="turn-events"] tr')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action'))),
      ).toEqual(['request', 'tool_call', 'tool_result']);
      const link = detail.locator('[data-conversation-link]');
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/?conversation=${seeded.conversationId}`);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-turn-detail');
      await page.keyboard.press('Escape');

      await page.locator(`tr[data-turn="${seeded.failed}"]`).getByRole('button').first().click();
      await expect.poll(() => page.locator('[data-failure]').textContent()).toBe('PROVIDER_FAILED');
      // Alice's conversation-less turn; the stopped turn of Sam has no conversation either.
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('audit: events newest first, in sequence within a turn, segments by action, the masked payload', async () => {
    const watched = await asAdmin('/console/audit');
    const { page } = watched;
    try {
      const groups = page.locator('[data-turn-group]');
      await groups.first().waitFor();
      expect(
        await groups.evaluateAll((all) => all.map((group) => group.getAttribute('data-turn-group'))),
      ).toEqual([seeded.stopped, seeded.failed, seeded.completed]);
      const sequences = await page
        .locator(`[data-turn-group="${seeded.stopped}"] tr[data-sequence]`)
        .evaluateAll((rows) =>
          rows.map((row) => [row.getAttribute('data-sequence'), row.getAttribute('data-action')]),
        );
      expect(sequences).toEqual([
        ['1', 'request'],
        ['2', 'tool_call'],
        ['3', 'tool_result'],
        ['4', 'stop'],
      ]);
      await chooseSegment(page, 'Action', 'Error');
      await expect.poll(() => page.locator('tr[data-sequence]').count()).toBe(1);
      expect(await page.locator('tr[data-sequence]').first().getAttribute('data-action')).toBe('error');
      await chooseSegment(page, 'Action', 'All');
      await expect.poll(() => page.locator('tr[data-sequence]').count()).toBe(9);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-audit');

      await page
        .locator(`[data-turn-group="${seeded.completed}"] tr[data-action="request"]`)
        .getByRole('button')
        .click();
      const payload = page.locator('[data-detail="event"] [data-payload]');
      await payload.waitFor();
      const shown = (await payload.textContent()) ?? '';
      expect(shown).toContain('[email]');
      expect(shown).not.toContain('ada@example.com');
      expect(shown).not.toContain('sk-live-123456789abcdef');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-audit-event');
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('cost: metric cards and three bar charts with data', async () => {
    const watched = await asAdmin('/console/cost');
    const { page } = watched;
    try {
      for (const chart of ['cost-by-model', 'requests-by-user', 'input-tokens-by-model']) {
        await page.locator(`[data-chart="${chart}"] .recharts-bar-rectangle`).first().waitFor();
      }
      const table = (chart: string) =>
        page
          .locator(`[data-chart="${chart}"] [data-chart-table] tr`)
          .evaluateAll((rows) =>
            rows.map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]),
          );
      expect(await table('requests-by-user')).toEqual(
        expect.arrayContaining([
          ['root', '1'],
          ['alice', '1'],
          ['sam', '1'],
        ]),
      );
      expect(await table('input-tokens-by-model')).toEqual(
        expect.arrayContaining([
          ['gpt-4o-mini', '1,200'],
          ['gpt-4o', '2,000'],
        ]),
      );
      // gpt-4o: 2,000 × $2.50 + 100 × $10 per million = $0.006.
      expect(await table('cost-by-model')).toEqual(expect.arrayContaining([['gpt-4o', '$0.006']]));
      expect(
        await page.locator('[data-chart="cost-by-model"] .recharts-bar-rectangle').count(),
      ).toBeGreaterThanOrEqual(2);
      expect(await page.locator('[data-metric="requests"] [data-value]').textContent()).toBe('3');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await axisLabelsCut(page)).toEqual([]);
      // Counts are whole: one request each had ticks at 0.25, 0.5 and 0.75.
      for (const chart of ['requests-by-user', 'input-tokens-by-model']) {
        const ticks = await page
          .locator(`[data-chart="${chart}"] .recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value`)
          .allTextContents();
        expect(ticks.length, chart).toBeGreaterThan(1);
        expect(
          ticks.filter((tick) => !/^[\d,]+$/.test(tick)),
          chart,
        ).toEqual([]);
      }
      await screenshot(page, 'console-cost');
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('follows the caller’s language: zh-CN renders every page in Chinese', async () => {
    const watched = await asAdmin('/console/turns', 'zh-CN');
    const { page } = watched;
    try {
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
      await page.getByRole('heading', { name: '对话轮次' }).waitFor();
      await page.getByText('输入词元').first().waitFor();
      await page.getByRole('radio', { name: '已完成' }).waitFor({ state: 'attached' });
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-turns-zh-CN');
      await page.getByRole('link', { name: '审计' }).click();
      await page.getByRole('heading', { name: '审计' }).waitFor();
      await page.getByRole('radio', { name: '工具调用' }).waitFor({ state: 'attached' });
      await page.getByRole('link', { name: '费用' }).click();
      await page.getByRole('heading', { name: '按模型的费用' }).waitFor();
      await page.locator('[data-chart="cost-by-model"] .recharts-bar-rectangle').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await axisLabelsCut(page)).toEqual([]);
      await screenshot(page, 'console-cost-zh-CN');
      // On a phone too, the longest label (US$…) stays inside its chart's card.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.waitForTimeout(300);
      expect(await axisLabelsCut(page)).toEqual([]);
      await screenshot(page, 'console-cost-zh-CN-375');
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('a turn’s detail that fails to load says so, shows "—" where it waited, and Retry loads it', async () => {
    const watched = await asAdmin('/console/turns');
    const { page } = watched;
    try {
      await page.route('**/governance/turns/*', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/problem+json',
          body: JSON.stringify({ code: 'UNAVAILABLE', detail: 'Try again later.' }),
        }),
      );
      await page.locator(`tr[data-turn="${seeded.completed}"]`).getByRole('button').first().click();
      const detail = page.locator('[data-detail="turn"]');
      const failed = detail.getByRole('alert').filter({ hasText: 'UNAVAILABLE: Try again later.' });
      await failed.waitFor();
      // The conversation field said "…" (still loading) for good.
      expect(await detail.locator('[data-conversation-unknown]').textContent()).toBe('—');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-turn-detail-failed');
      await page.unroute('**/governance/turns/*');
      await failed.getByRole('button', { name: 'Retry' }).click();
      await detail.locator('[data-conversation-link]').waitFor();
      await detail.locator('[data-table="turn-events"] tr').first().waitFor();
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('a customer cannot open the console: a clear forbidden state, and no governance data', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    const governanceAnswers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/governance/'))
        governanceAnswers.push(response.status());
    });
    try {
      await page.goto(`${running.url}/console/cost`);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-sign-in');
      await signIn(page, 'Alice · customer (acme)');
      await page.locator('[data-state="forbidden"]').waitFor();
      await page.getByRole('heading', { name: 'You cannot open the console' }).waitFor();
      expect(await page.locator('[data-chart]').count()).toBe(0);
      expect(governanceAnswers.length).toBeGreaterThan(0);
      expect(new Set(governanceAnswers)).toEqual(new Set([403]));
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-forbidden');
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });
  it('fits a phone’s width: every page without sideways scrolling, sign-out in reach, audit badges legible', async () => {
    const watched = await asAdmin('/console/turns', 'zh-CN');
    const { page } = watched;
    try {
      await page.setViewportSize({ width: 375, height: 812 });
      const overflow = () =>
        page.evaluate(() => {
          const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
            .document.documentElement;
          return root.scrollWidth;
        });
      for (const [link, ready] of [
        ['对话轮次', '[data-table="turns"] tbody tr'],
        ['审计', '[data-event]'],
        ['费用', '[data-chart]'],
      ] as const) {
        await page.getByRole('navigation').getByRole('link', { name: link }).click();
        await page.locator(ready).first().waitFor();
        // The header (title, navigation, language, sign-out) and the time range were wider than the screen,
        // and the audit tables spilled out of their cards: the page scrolled sideways.
        expect(await overflow(), link).toBeLessThanOrEqual(375);
        const signOut = await page.getByRole('button', { name: '退出登录' }).boundingBox();
        expect(signOut && signOut.x >= 0 && signOut.x + signOut.width <= 375, link).toBe(true);
      }
      // Squeezed into a narrow column, the action badges were empty pills.
      await page.getByRole('navigation').getByRole('link', { name: '审计' }).click();
      const badges = page.locator('[data-event] .mantine-Badge-label');
      await badges.first().waitFor();
      const clipped = await badges.evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
      );
      expect(clipped).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-audit-phone');
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('loads the chat page and the console without an error in the browser console', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Root · admin (acme)');
      await page.getByLabel('Ask a question…').waitFor();
      await page.goto(`${running.url}/console/turns`);
      await page.locator('[data-table="turns"] tbody tr').first().waitFor();
      // Each page used to log a 404: the browser asked for /favicon.ico, which no page serves.
      expect(consoleErrors).toEqual([]);
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('a token the server does not accept: the sign-in says so, instead of a missing permission', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/console/turns`);
      await page.getByLabel('Bearer token').fill('no-such-token');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      // A 401 used to read as "You cannot open the console … needs the governance:read permission".
      await page.getByRole('alert').filter({ hasText: 'did not accept the token' }).waitFor();
      expect(await page.locator('[data-state="forbidden"]').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-token-rejected');
      await signIn(page, 'Root · admin (acme)');
      await page.locator('[data-table="turns"] tbody tr').first().waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('a pasted token no browser can send is refused beside the field, and the sign-in offers the language switch', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/governance/')) asked.push(request.url());
    });
    try {
      await page.goto(`${running.url}/console/turns`);
      // Pasted with its quotes: the browser cannot put “ in a header, so every request failed with its own error.
      await page.getByLabel('Bearer token').fill('“admin-token”');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'printable ASCII' });
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain('not “ (U+201C)');
      expect(await page.getByLabel('Bearer token').getAttribute('aria-invalid')).toBe('true');
      expect(asked).toEqual([]);
      // The language can be chosen before signing in; the card and its refusal follow it.
      await page.getByLabel('Language').selectOption('zh-CN');
      await page
        .getByRole('alert')
        .filter({ hasText: '令牌只包含可打印的 ASCII 字符，不能有 “（U+201C）' })
        .waitFor();
      expect(await page.getByRole('button', { name: '登录', exact: true }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-token-unsendable-zh');
      await page.getByLabel('Bearer 令牌').fill('admin-token');
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.locator('[data-table="turns"] tbody tr').first().waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('has one main landmark on each console page, so a screen reader’s “skip to main” lands once', async () => {
    const watched = await asAdmin('/console/turns');
    const { page } = watched;
    try {
      for (const [link, ready] of [
        ['Turns', '[data-table="turns"] tbody tr'],
        ['Audit', '[data-event]'],
        ['Cost', '[data-chart]'],
      ] as const) {
        await page.getByRole('navigation').getByRole('link', { name: link }).click();
        await page.locator(ready).first().waitFor();
        // The page's content sat in a `main` inside the shell's own `main`: two landmarks, one nested.
        expect(await page.getByRole('main').count(), link).toBe(1);
      }
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('Clear filters puts every filter back to its default: outcome or action, time range and the fields', async () => {
    const watched = await asAdmin('/console/turns');
    const { page } = watched;
    try {
      const rows = page.locator('[data-table="turns"] tbody tr');
      await rows.first().waitFor();
      await chooseSegment(page, 'Outcome', 'Failed');
      await chooseSegment(page, 'Time range', '7 days');
      await page.getByLabel('Tool').fill('orders_cancel');
      await page.getByText('Nothing matches these filters.').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      // The outcome stayed on "Failed" (one row) and the range on "7 days": only the fields were cleared.
      await expect.poll(() => rows.count()).toBe(3);
      const outcome = page.getByRole('radiogroup', { name: 'Outcome' });
      expect(await outcome.getByRole('radio', { name: 'All', exact: true }).isChecked()).toBe(true);
      const range = page.getByRole('radiogroup', { name: 'Time range' });
      expect(await range.getByRole('radio', { name: '30 days', exact: true }).isChecked()).toBe(true);
      expect(await page.getByLabel('Tool').inputValue()).toBe('');

      await page.getByRole('navigation').getByRole('link', { name: 'Audit' }).click();
      const events = page.locator('tr[data-sequence]');
      await events.first().waitFor();
      await chooseSegment(page, 'Action', 'Error');
      await chooseSegment(page, 'Time range', 'Custom');
      await page.getByRole('textbox', { name: 'Turn', exact: true }).fill(seeded.completed);
      await page.getByText('Nothing matches these filters.').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => events.count()).toBe(9);
      const action = page.getByRole('radiogroup', { name: 'Action' });
      expect(await action.getByRole('radio', { name: 'All', exact: true }).isChecked()).toBe(true);
      expect(await range.getByRole('radio', { name: '30 days', exact: true }).isChecked()).toBe(true);
      expect(await page.getByLabel('From', { exact: true }).count()).toBe(0);
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('a filter that matches nothing shows zero on the cards, in the format of any other value', async () => {
    const watched = await asAdmin('/console/turns');
    const { page } = watched;
    const card = (name: string) => page.locator(`[data-metric="${name}"] [data-value]`).textContent();
    try {
      await page.locator('[data-table="turns"] tbody tr').first().waitFor();
      await page.getByLabel('Tool').fill('no_such_tool');
      await page.getByText('Nothing matches these filters.').waitFor();
      // The cost card said "—", the mark of a failed load.
      await expect.poll(() => card('cost')).toBe('$0.00');
      expect(await card('requests')).toBe('0');
      expect(await card('input-tokens')).toBe('0');
      expect(await page.getByRole('alert').count()).toBe(0);

      await page.getByRole('navigation').getByRole('link', { name: 'Cost' }).click();
      await page.locator('[data-chart]').first().waitFor();
      await chooseSegment(page, 'Time range', 'Custom');
      await page.getByLabel('From', { exact: true }).fill('2001-01-01');
      await page.getByLabel('To', { exact: true }).fill('2001-01-02');
      await page.getByText('No turns in this range.').first().waitFor();
      await expect.poll(() => card('cost')).toBe('$0.00');
      expect(await card('requests')).toBe('0');
      await screenshot(page, 'console-cost-empty');
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('shows a sum of no turns in the price table’s currency: ¥0.00 for a shop that prices in CNY', async () => {
    const priced = await startShop({
      governance: {
        prices: {
          'qwen-plus': { inputPerMillion: 0.8, outputPerMillion: 2, currency: 'CNY' },
          'qwen-max': { inputPerMillion: 2.4, outputPerMillion: 9.6, currency: 'CNY' },
        },
      },
    });
    const watched = await openPage(browser, priced.url, 'zh-CN');
    const { page } = watched;
    const card = () => page.locator('[data-metric="cost"] [data-value]').textContent();
    try {
      await page.goto(`${priced.url}/console/turns`);
      await signIn(page, 'Root · admin (acme)');
      await page.getByText('没有符合这些筛选条件的记录。').waitFor();
      // It used to say "US$0.00" whatever the shop's prices.
      await expect.poll(card).toBe('¥0.00');
      await page.getByRole('navigation').getByRole('link', { name: '费用' }).click();
      await page.locator('[data-chart]').first().waitFor();
      await expect.poll(card).toBe('¥0.00');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-cost-empty-cny');
      afterwards(watched);
    } finally {
      await watched.close();
      await priced.close();
    }
  });

  it('a custom range with From after To says so beside the dates, in the page’s language, and asks the server nothing', async () => {
    const watched = await asAdmin('/console/turns');
    const { page } = watched;
    const asked = governanceQueries(page);
    try {
      await page.locator('[data-table="turns"] tbody tr').first().waitFor();
      const answered = (from: string) =>
        page.waitForResponse(
          (response) => new URL(response.url()).searchParams.get('from')?.startsWith(from) ?? false,
        );
      await chooseSegment(page, 'Time range', 'Custom');
      const later = answered('2030-01-01');
      await page.getByLabel('To', { exact: true }).fill('2030-01-10');
      await page.getByLabel('From', { exact: true }).fill('2030-01-01');
      await later;
      asked.length = 0;

      await page.getByLabel('From', { exact: true }).fill('2030-01-15');
      const problem = page.getByRole('alert').filter({ hasText: 'From is after To' });
      await problem.waitFor();
      // The server's 400 blamed the field "to" and offered a Retry that could never succeed.
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      expect(await page.getByText('OUT_OF_RANGE').count()).toBe(0);
      expect(await page.getByLabel('From', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-range-backwards');
      await page.getByLabel('Language').selectOption('zh-CN');
      await page.getByRole('alert').filter({ hasText: '开始日期晚于结束日期' }).waitFor();

      // Requests leave in order: the first one after the backwards range is the corrected range's own.
      const corrected = answered('2030-01-05');
      await page.getByLabel('开始', { exact: true }).fill('2030-01-05');
      await corrected;
      expect(asked.length).toBeGreaterThan(0);
      expect(new URLSearchParams(asked[0]).get('from')).toBe('2030-01-05T00:00:00.000Z');
      expect(await problem.count()).toBe(0);
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('a custom date past the server’s years is refused beside the dates before any request, typed or in the address', async () => {
    const watched = await asAdmin('/console/turns');
    const { page } = watched;
    const asked = governanceQueries(page);
    try {
      const rows = page.locator('[data-table="turns"] tbody tr');
      await rows.first().waitFor();
      await chooseSegment(page, 'Time range', 'Custom');
      await page.getByLabel('From', { exact: true }).fill('2026-01-01');
      await expect.poll(() => asked.some((query) => query.includes('from=2026-01-01'))).toBe(true);
      await page.getByLabel('From', { exact: true }).fill('');
      await expect.poll(() => asked.some((query) => !query.includes('from='))).toBe(true);
      asked.length = 0;

      // 9999-12-31 ended at +010000-01-01T00:00:00.000Z: a 400 shown as a page failure with a Retry.
      await page.getByLabel('To', { exact: true }).fill('9999-12-31');
      const problem = page.getByRole('alert').filter({ hasText: 'Dates run from 0001-01-02 to 9999-12-30' });
      await problem.waitFor();
      await page.waitForTimeout(600);
      expect(asked).toEqual([]);
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      expect(await page.getByText('INVALID_FORMAT').count()).toBe(0);
      expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('From', { exact: true }).getAttribute('aria-invalid')).not.toBe('true');
      await screenshot(page, 'console-range-outside');
      await page.getByLabel('Language').selectOption('zh-CN');
      await page.getByRole('alert').filter({ hasText: '日期须在 0001-01-02 至 9999-12-30 之间' }).waitFor();
      await page.getByLabel('语言').selectOption('en');

      // A year typed digit by digit asked for years 2, 20, 202 and 2027, and a six-digit year was a 400.
      await page.getByLabel('To', { exact: true }).focus();
      await page.keyboard.type('12312027');
      await expect.poll(() => asked.some((query) => query.includes('to=2028-01-01'))).toBe(true);
      await page.keyboard.type('231999');
      await page.waitForTimeout(600);
      const tos = asked.map((query) => new URLSearchParams(query).get('to') ?? '');
      expect(tos.filter((to) => !/^\d{4}-/.test(to))).toEqual([]);
      // One request a typed date, once its keys stop (the year field then holds four digits at most).
      expect(tos[0]).toBe('2028-01-01T00:00:00.000Z');
      expect(tos.length).toBeLessThanOrEqual(2);
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);

      // An address naming such a date is one the page cannot read: the default range, and the page loads.
      asked.length = 0;
      for (const path of ['/console/turns', '/console/audit', '/console/cost']) {
        await page.goto(`${running.url}${path}?range=custom&from=2026-12-01&to=9999-12-31`);
        const range = page.getByRole('radiogroup', { name: 'Time range' });
        await expect
          .poll(() => range.getByRole('radio', { name: '30 days', exact: true }).isChecked(), {
            message: path,
          })
          .toBe(true);
        await page.locator('[data-table="turns"] tbody tr, [data-event], [data-chart]').first().waitFor();
        expect(await page.getByRole('button', { name: 'Retry' }).count(), path).toBe(0);
      }
      expect(asked.filter((query) => query.includes('%2B0'))).toEqual([]);
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('lines the time range up with the content’s right edge on a desktop, and keeps it on a phone’s screen', async () => {
    const watched = await asAdmin('/console/turns');
    const { page } = watched;
    const right = (box: { x: number; width: number } | null) => (box ? box.x + box.width : Number.NaN);
    try {
      await page.locator('[data-table="turns"] tbody tr').first().waitFor();
      const segments = page.getByRole('radiogroup', { name: 'Time range' });
      const lastCard = page.locator('[data-metric="cost"]');
      // The segments sat 12 px left of the cards' right edge: room kept for a scrollbar that never shows.
      expect(
        Math.abs(right(await segments.boundingBox()) - right(await lastCard.boundingBox())),
      ).toBeLessThanOrEqual(1);
      await screenshot(page, 'console-turns-range-desktop');

      await page.setViewportSize({ width: 375, height: 812 });
      await expect.poll(async () => right(await lastCard.boundingBox())).toBeLessThanOrEqual(375);
      const control = await page.locator('[data-time-range]').boundingBox();
      const card = await lastCard.boundingBox();
      expect(control && card && control.x >= 0 && right(control) <= right(card) + 1).toBe(true);
      expect(
        await page.evaluate(
          () =>
            (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
              .documentElement.scrollWidth,
        ),
      ).toBeLessThanOrEqual(375);
      await screenshot(page, 'console-turns-range-phone');
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('an unknown console page answers 404 with a page that says so and links back to the console', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      const response = await page.goto(`${running.url}/console/nowhere`);
      expect(response?.status()).toBe(404);
      // The answer used to be an empty page.
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-not-found');
      await page.getByRole('link', { name: 'Open the console' }).click();
      await signIn(page, 'Root · admin (acme)');
      await page.locator('[data-table="turns"] tbody tr').first().waitFor();
      afterwards(watched);
    } finally {
      await watched.close();
    }
    const chinese = await openPage(browser, running.url, 'zh-CN');
    try {
      const response = await chinese.page.goto(`${running.url}/console/turns/extra`);
      expect(response?.status()).toBe(404);
      expect(await chinese.page.locator('html').getAttribute('lang')).toBe('zh-CN');
      await chinese.page.getByRole('heading', { name: '找不到此页面' }).waitFor();
      await chinese.page.getByRole('link', { name: '打开控制台' }).waitFor();
      expect(await seriousViolations(chinese.page)).toEqual([]);
      afterwards(chinese);
    } finally {
      await chinese.close();
    }
  });

  it('keeps the filters in the address: a reload and Back bring them back, a bad value falls back to its default', async () => {
    const watched = await asAdmin('/console/turns');
    const { page } = watched;
    try {
      const rows = page.locator('[data-table="turns"] tbody tr');
      await rows.first().waitFor();
      await chooseSegment(page, 'Outcome', 'Stopped');
      await chooseSegment(page, 'Time range', 'Custom');
      const to = await page.getByLabel('To', { exact: true }).inputValue();
      await page.getByLabel('From', { exact: true }).fill('2020-01-01');
      await page.getByLabel('Model').fill('gpt-4o');
      const query = () => Object.fromEntries(new URL(page.url()).searchParams);
      await expect
        .poll(query)
        .toEqual({ outcome: 'stopped', model: 'gpt-4o', range: 'custom', from: '2020-01-01', to });
      await expect.poll(() => rows.count()).toBe(1);

      const restored = async (how: string) => {
        await expect.poll(() => rows.count(), { message: how }).toBe(1);
        expect(await rows.first().getAttribute('data-turn'), how).toBe(seeded.stopped);
        const outcome = page.getByRole('radiogroup', { name: 'Outcome' });
        expect(await outcome.getByRole('radio', { name: 'Stopped', exact: true }).isChecked(), how).toBe(
          true,
        );
        const range = page.getByRole('radiogroup', { name: 'Time range' });
        expect(await range.getByRole('radio', { name: 'Custom', exact: true }).isChecked(), how).toBe(true);
        expect(await page.getByLabel('From', { exact: true }).inputValue(), how).toBe('2020-01-01');
        expect(await page.getByLabel('To', { exact: true }).inputValue(), how).toBe(to);
        expect(await page.getByLabel('Model').inputValue(), how).toBe('gpt-4o');
      };
      await page.reload();
      await restored('after a reload');
      await page.getByRole('navigation').getByRole('link', { name: 'Audit' }).click();
      await page.locator('[data-event]').first().waitFor();
      await page.goBack();
      await restored('after Back');

      // Values no page can show are ignored, each filter keeping its default; the page still loads.
      await page.goto(
        `${running.url}/console/turns?outcome=exploded&range=custom&from=2020-02-30&to=tomorrow&tool=`,
      );
      await expect.poll(() => rows.count()).toBe(3);
      // Text the server refuses whatever it says (a control character such as NUL, past its length) is no filter
      // either: kept, every Retry sent it again and the page stayed on its error.
      for (const model of ['%00bad', 'a%09b', 'x'.repeat(201)]) {
        await page.goto(`${running.url}/console/turns?model=${model}`);
        await expect.poll(() => rows.count(), { message: model }).toBe(3);
        expect(await page.getByLabel('Model').inputValue()).toBe('');
      }
      const outcome = page.getByRole('radiogroup', { name: 'Outcome' });
      expect(await outcome.getByRole('radio', { name: 'All', exact: true }).isChecked()).toBe(true);
      const range = page.getByRole('radiogroup', { name: 'Time range' });
      expect(await range.getByRole('radio', { name: '30 days', exact: true }).isChecked()).toBe(true);
      await page.goto(`${running.url}/console/audit?action=everything&range=week&turnId=${seeded.failed}`);
      await expect.poll(() => page.locator('tr[data-sequence]').count()).toBe(2);
      const action = page.getByRole('radiogroup', { name: 'Action' });
      expect(await action.getByRole('radio', { name: 'All', exact: true }).isChecked()).toBe(true);
      expect(await range.getByRole('radio', { name: '7 days', exact: true }).isChecked()).toBe(true);
      await page.goto(`${running.url}/console/cost?range=quarter`);
      await page.locator('[data-chart]').first().waitFor();
      expect(await range.getByRole('radio', { name: '90 days', exact: true }).isChecked()).toBe(true);
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('keeps a typed filter to what the server takes, says so beside the field, and asks nothing it must refuse', async () => {
    const watched = await asAdmin('/console/turns');
    const { page } = watched;
    const asked = governanceQueries(page);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 400) refused.push(response.url());
    });
    try {
      const rows = page.locator('[data-table="turns"] tbody tr');
      await rows.first().waitFor();
      // 300 characters in User were a page failure naming principalId, with a Retry, and a reload dropped them.
      await page.getByLabel('User').fill('x'.repeat(300));
      await expect.poll(() => page.getByLabel('User').inputValue()).toBe('x'.repeat(200));
      await page.getByText('At most 200 characters.').waitFor();
      await expect
        .poll(() => asked.some((query) => query.includes(`principalId=${'x'.repeat(200)}`)))
        .toBe(true);
      await page.getByLabel('Tool').fill('t'.repeat(100));
      await expect.poll(() => page.getByLabel('Tool').inputValue()).toBe('t'.repeat(64));
      await page.getByText('At most 64 characters.').waitFor();
      await expect.poll(() => asked.some((query) => query.includes(`tool=${'t'.repeat(64)}&`))).toBe(true);
      await screenshot(page, 'console-filter-limits');
      await page.reload();
      await rows
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await expect.poll(() => page.getByLabel('User').inputValue()).toBe('x'.repeat(200));
      expect(await page.getByLabel('Tool').inputValue()).toBe('t'.repeat(64));
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => rows.count()).toBe(3);

      // A control character no filter can match is said beside the field, and not sent.
      asked.length = 0;
      await page.getByLabel('Model').fill('gpt\u0001');
      await page.getByText('Holds a control character').waitFor();
      await page.waitForTimeout(600);
      expect(asked.filter((query) => query.includes('model='))).toEqual([]);

      await page.goto(`${running.url}/console/audit`);
      await page.locator('[data-event]').first().waitFor();
      await page.getByLabel('User').fill('y'.repeat(300));
      await expect.poll(() => page.getByLabel('User').inputValue()).toBe('y'.repeat(200));
      await page.getByRole('textbox', { name: 'Turn' }).fill('z'.repeat(300));
      await expect.poll(() => page.getByRole('textbox', { name: 'Turn' }).inputValue()).toBe('z'.repeat(200));
      await expect.poll(() => asked.some((query) => query.includes(`turnId=${'z'.repeat(200)}`))).toBe(true);
      await page.waitForTimeout(600);
      expect(refused).toEqual([]);
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('pages a long ledger: a double click adds one page, a failed page says so, a refused range shows no old rows', async () => {
    // 120 turns of one model; the ledger shows 50 a page.
    const pager = { principalId: 'pager', tenant: 'acme', permissions: ['chat:use'] };
    for (let index = 0; index < 120; index++) {
      const turn = running.shop.governance.startTurn({
        caller: pager,
        provider: 'local',
        requestedModel: 'paging-model',
      });
      turn.answeredBy({ provider: 'local', model: 'paging-model' });
      await turn.finish({ outcome: 'completed' });
    }
    const watched = await asAdmin('/console/turns');
    const { page } = watched;
    const rows = page.locator('[data-table="turns"] tbody tr');
    const shownTurns = () => rows.evaluateAll((each) => each.map((row) => row.getAttribute('data-turn')));
    try {
      // The unfiltered ledger also shows 50 rows: wait for the filtered first page itself.
      const filtered = page.waitForResponse((response) => response.url().includes('model=paging-model'));
      await page.getByLabel('Model').fill('paging-model');
      await filtered;
      await expect.poll(() => rows.count()).toBe(50);
      const more = page.getByRole('button', { name: 'Load more' });
      // Two clicks before the page arrives: the second used to load the same page again (150 rows).
      await more.dblclick();
      await expect.poll(() => rows.count()).toBe(100);

      // The next page fails (the network drops it): the page says so, and Retry loads it.
      await page.route('**/governance/turns?*cursor=*', (route) => route.abort('connectionreset'));
      await more.click();
      const failed = page.getByRole('alert').filter({ hasText: 'Could not load this page' });
      await failed.waitFor();
      await page.unroute('**/governance/turns?*cursor=*');
      await failed.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => rows.count()).toBe(120);
      const turns = await shownTurns();
      expect(new Set(turns).size).toBe(120);
      await expect.poll(() => more.count()).toBe(0);

      // A range the page refuses (from after to): why, and not the previous range's rows and cards.
      await chooseSegment(page, 'Time range', 'Custom');
      await page.getByLabel('To', { exact: true }).fill('2030-01-01');
      await page.getByLabel('From', { exact: true }).fill('2030-01-05');
      await page.getByRole('alert').filter({ hasText: 'From is after To' }).waitFor();
      expect(await page.locator('[data-table="turns"]').count()).toBe(0);
      // The cards say there is nothing to show, not that something is still loading.
      expect(await page.locator('[data-metric="requests"] [data-value]').textContent()).toBe('—');
      await screenshot(page, 'console-turns-refused-range');
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('a custom range covers whole local days: in Shanghai one day lists its 07:30 turn, not the evening before nor the small hours after', async () => {
    // Four turns around 10 March 2019 in Shanghai (UTC+8), by their local time.
    const startedAt = {
      eveningBefore: '2019-03-09T15:30:00.000Z', // 9 March, 23:30
      earlyMorning: '2019-03-09T23:30:00.000Z', // 10 March, 07:30: still 9 March in UTC
      lateEvening: '2019-03-10T15:30:00.000Z', // 10 March, 23:30
      smallHoursAfter: '2019-03-10T19:00:00.000Z', // 11 March, 03:00: still 10 March in UTC
    };
    const turnIds = Object.fromEntries(Object.keys(startedAt).map((name) => [name, randomUUID()])) as Record<
      keyof typeof startedAt,
      string
    >;
    for (const [name, at] of Object.entries(startedAt) as Array<[keyof typeof startedAt, string]>) {
      await running.shop.governance.ledger.record({
        turnId: turnIds[name],
        tenant: 'acme',
        principalId: 'shanghai',
        provider: 'openai',
        requestedModel: 'gpt-4o-mini',
        model: 'gpt-4o-mini',
        inputTokens: 100,
        outputTokens: 10,
        cost: { amount: 0.000021, currency: 'USD' },
        toolCalls: [],
        latencyMs: 1_000,
        outcome: 'completed',
        startedAt: at,
        finishedAt: new Date(Date.parse(at) + 1_000).toISOString(),
      });
    }
    const watched = await openPage(browser, running.url, 'en-US', undefined, 'Asia/Shanghai');
    const { page } = watched;
    const asked: URLSearchParams[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/governance/turns') asked.push(url.searchParams);
    });
    try {
      await page.goto(`${running.url}/console/turns`);
      await signIn(page, 'Root · admin (acme)');
      const rows = page.locator('[data-table="turns"] tbody tr');
      await rows.first().waitFor();
      await chooseSegment(page, 'Time range', 'Custom');
      await page.getByLabel('From', { exact: true }).fill('2019-03-10');
      await page.getByLabel('To', { exact: true }).fill('2019-03-10');
      // The range was read as a UTC day: the 07:30 turn was missing and the next day's 03:00 one was listed.
      await expect
        .poll(() => rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-turn'))), {
          timeout: 10_000,
        })
        .toEqual([turnIds.lateEvening, turnIds.earlyMorning]);
      expect(await page.locator(`tr[data-turn="${turnIds.earlyMorning}"] td`).first().textContent()).toMatch(
        /^Mar 10, 2019, 7:30:00\sAM$/,
      );
      expect(await page.locator('[data-metric="requests"] [data-value]').textContent()).toBe('2');
      // From Shanghai's midnight starting 10 March to the one starting 11 March.
      const last = asked.at(-1);
      expect([last?.get('from'), last?.get('to')]).toEqual([
        '2019-03-09T16:00:00.000Z',
        '2019-03-10T16:00:00.000Z',
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'console-turns-range-shanghai');
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });

  it('Custom opens on today’s local date: before 08:00 in Shanghai, not yesterday’s UTC date', async () => {
    const watched = await openPage(browser, running.url, 'en-US', undefined, 'Asia/Shanghai');
    const { page } = watched;
    try {
      // 07:45 on 10 March 2019 in Shanghai, 23:45 on 9 March in UTC.
      await page.clock.setFixedTime(new Date('2019-03-09T23:45:00.000Z'));
      await page.goto(`${running.url}/console/audit`);
      await signIn(page, 'Root · admin (acme)');
      await page.getByRole('radiogroup', { name: 'Time range' }).waitFor();
      await chooseSegment(page, 'Time range', 'Custom');
      expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2019-03-10');
      expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('2019-03-10');
      await expect
        .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
        .toEqual({ range: 'custom', from: '2019-03-10', to: '2019-03-10' });
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });
  it('a 150-character model name is cut with an ellipsis in the ledger and the charts, whole in its title', async () => {
    const model = `gpt-4o-mini-2024-07-18-${'verylongsuffix'.repeat(9)}`;
    const caller = { principalId: 'longname', tenant: 'acme', permissions: ['chat:use'] };
    const turn = running.shop.governance.startTurn({
      caller,
      provider: 'openai',
      requestedModel: 'gpt-4o-mini',
    });
    turn.answeredBy({ provider: 'openai', model });
    turn.addUsage({ inputTokens: 4_000, outputTokens: 10 });
    await turn.finish({ outcome: 'completed' });
    const watched = await asAdmin('/console/turns?principalId=longname');
    const { page } = watched;
    try {
      const row = page.locator(`tr[data-turn="${turn.turnId}"]`);
      await row.waitFor();
      // It stretched the Model column: "Tokens in / out" wrapped a word a line, and Outcome left the screen.
      const header = page.locator('[data-table="turns"] thead th');
      const heights = await header.evaluateAll((cells) =>
        cells.map((cell) => cell.getBoundingClientRect().height),
      );
      expect(Math.max(...heights)).toBeLessThan(2 * Math.min(...heights));
      const right = await header.last().evaluate((cell) => cell.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(1280);
      const name = row.locator('[data-model] [title]');
      expect(await name.getAttribute('title')).toBe(model);
      expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      await screenshot(page, 'console-long-model');

      await page.getByRole('navigation').getByRole('link', { name: 'Cost' }).click();
      const ticks = page.locator(
        '[data-chart="input-tokens-by-model"] .recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value',
      );
      await ticks.first().waitFor();
      // Too long for its bar, the label was left out.
      const labels = await ticks.allTextContents();
      // A label for each model's bar, the long one cut (earlier tests may have added models).
      const bars = page.locator('[data-chart="input-tokens-by-model"] .recharts-bar-rectangle');
      expect(labels).toHaveLength(await bars.count());
      expect(
        labels.filter((label) => label.startsWith('gpt-4o-') && label.endsWith('…')).length,
      ).toBeGreaterThan(0);
      await screenshot(page, 'console-long-cost');
      afterwards(watched);
    } finally {
      await watched.close();
    }
  });
});
