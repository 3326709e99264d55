import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from './shop-harness.js';

const executablePath = '/usr/bin/chromium';
const hasChromium = existsSync(executablePath);
const title = hasChromium
  ? 'the docs page in a real browser (Debian chromium)'
  : 'the docs page in a real browser — skipped: /usr/bin/chromium is missing (apt-get install -y chromium)';

describe.skipIf(!hasChromium)(title, () => {
  let running: RunningShop;
  let browser: Browser;
  beforeAll(async () => {
    running = await startShop();
    browser = await chromium.launch({
      executablePath,
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
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  }, 60_000);

  it('renders every shop operation from /openapi.json, loading nothing from outside the server', async () => {
    const page = await browser.newPage();
    const foreignRequests: string[] = [];
    const pageErrors: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(running.url) && !request.url().startsWith('data:')) {
        foreignRequests.push(request.url());
      }
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      const response = await page.goto(`${running.url}/docs`);
      expect(response?.status()).toBe(200);
      await page.getByText('/orders/{id}/cancel').first().waitFor({ timeout: 30_000 });
      for (const summary of ['List orders', 'Get an order', 'Place an order', 'Cancel an order']) {
        expect(await page.getByText(summary, { exact: true }).first().isVisible(), summary).toBe(true);
      }
      expect(await page.getByText('Opwire example shop').first().isVisible()).toBe(true);
      expect(foreignRequests).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("shows the operations' Chinese summaries to a browser that prefers Chinese", async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    try {
      const documentAnswer = page.waitForResponse((response) => response.url().endsWith('/openapi.json'));
      expect((await page.goto(`${running.url}/docs`))?.status()).toBe(200);
      const answer = await documentAnswer;
      expect(answer.request().headers()['accept-language']).toMatch(/^zh-CN\b/);
      expect(answer.headers()['content-language']).toBe('zh-CN');
      await page.getByText('/orders/{id}/cancel').first().waitFor({ timeout: 30_000 });
      for (const summary of ['列出订单', '查看订单', '下单', '取消订单']) {
        expect(await page.getByText(summary, { exact: true }).first().isVisible(), summary).toBe(true);
      }
      expect(await page.getByText('Place an order', { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});
