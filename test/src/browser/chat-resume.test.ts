import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { type RunningShop, startShop } from '../shop/shop-harness.js';
import {
  hasChromium,
  launchChromium,
  missingChromium,
  openPage,
  screenshot,
  seriousViolations,
  signIn,
} from './browser-harness.js';

// The chat page on a shop that keeps running turns (`CHAT_RESUME_SECONDS`): the page's `useChat({ resume: true })`
// reads a running answer again after a reload. The model is the local OpenAI-wire server, held mid-answer.

const title = hasChromium
  ? 'the chat page with resumable streams in Chromium'
  : `the chat page with resumable streams in Chromium — ${missingChromium}`;

describe.skipIf(!hasChromium)(title, { timeout: 120_000 }, () => {
  let model: OpenAIWireServer;
  let running: RunningShop;
  let browser: Browser;
  beforeAll(async () => {
    model = await startOpenAIWireServer();
    running = await startShop({
      assistant: {
        env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'gpt-4o-mini' },
        // Longer than any test here: a turn stopped while they run was stopped by something else than the keep time.
        resumeMs: 600_000,
      },
    });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await model?.close();
  }, 60_000);

  it('a page reloaded mid-answer shows the question and the answer so far, and follows it to its end', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Alice · customer (acme)');
      // A turn before it, so the running one follows a stored answer.
      model.script({ kind: 'reply', text: 'Hello, Alice.' });
      const input = page.getByLabel('Ask a question…');
      await input.fill('Hello');
      await input.press('Enter');
      await page.locator('.opwire-chat-message-assistant').getByText('Hello, Alice.').waitFor();
      await page.getByRole('button', { name: 'Send' }).waitFor();
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      model.script({
        kind: 'held',
        before: 'Counting your orders: ',
        after: 'there are three.',
        release: released,
      });
      const requests = model.requests.length;
      await input.fill('How many orders do I have?');
      await input.press('Enter');
      await page.locator('.opwire-chat-message-assistant').last().getByText('Counting your orders').waitFor();
      await page.waitForURL(/conversation=/);
      const conversationId = new URL(page.url()).searchParams.get('conversation');

      // The reload drops the running request; the turn runs on, and the page reads it again from its start, under
      // its question (stored only when the turn ends: until then the stream names it) after the earlier turn.
      const said = async () =>
        page.locator('.opwire-chat-message-user, .opwire-chat-message-assistant').evaluateAll((nodes) =>
          nodes.map((node) => [
            node.classList.contains('opwire-chat-message-user') ? 'user' : 'assistant',
            [...node.querySelectorAll('.opwire-chat-plain, .opwire-chat-markdown')]
              .map((text) => text.textContent ?? '')
              .join('')
              .trim(),
          ]),
        );
      await page.reload();
      const answer = page.locator('.opwire-chat-message-assistant').last();
      await answer.getByText('Counting your orders').waitFor();
      expect(await said()).toEqual([
        ['user', 'Hello'],
        ['assistant', 'Hello, Alice.'],
        ['user', 'How many orders do I have?'],
        ['assistant', 'Counting your orders:'],
      ]);
      await screenshot(page, 'chat-resume-reloaded');
      release();
      await answer.getByText('Counting your orders: there are three.').waitFor();
      // Once it ends the stored conversation is read again: the question once, above the whole answer.
      await expect.poll(said).toEqual([
        ['user', 'Hello'],
        ['assistant', 'Hello, Alice.'],
        ['user', 'How many orders do I have?'],
        ['assistant', 'Counting your orders: there are three.'],
      ]);
      // The answer keeps what it was read with: its cited sources.
      await answer.getByRole('navigation', { name: 'Sources' }).getByRole('link').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-resume-finished');

      // One model call and one finished turn, whoever read it (the earlier turn is the other).
      expect(model.requests.length).toBe(requests + 1);
      await expect
        .poll(async () => {
          const turns = await running.request(`/governance/turns?conversationId=${conversationId}`, {
            token: 'admin-token',
          });
          return turns.body.turns?.map((turn: { outcome: string }) => turn.outcome);
        })
        .toEqual(['completed', 'completed']);
      // Read again, the stored conversation holds the whole answer once.
      await page.reload();
      await page.locator('.opwire-chat-message-assistant').getByText('there are three.').waitFor();
      expect(await page.locator('.opwire-chat-message-assistant').count()).toBe(2);
      expect(watched.foreignRequests).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('Stop stops the running turn on the server, not only the page’s stream, and a reload shows it stopped', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Alice · customer (acme)');
      model.script({ kind: 'hang', chunks: ['Let me ', 'look ', 'at ', 'every ', 'order '], delayMs: 300 });
      const input = page.getByLabel('Ask a question…');
      await input.fill('List every order you can find, slowly');
      await input.press('Enter');
      await page.locator('.opwire-chat-message-assistant').last().getByText('Let me').waitFor();
      await page.waitForURL(/conversation=/);
      const conversationId = new URL(page.url()).searchParams.get('conversation');
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByText('Stopped.').waitFor();
      // Dropping the stream alone would keep the turn running for 10 minutes for a reader to come back; the stop
      // route ends it now: the model's stream is let go and the turn is recorded as stopped.
      await model.disconnected;
      const outcomes = async () =>
        (
          await running.request(`/governance/turns?conversationId=${conversationId}`, {
            token: 'admin-token',
          })
        ).body.turns?.map((turn: { outcome: string; errorCode?: string }) => [turn.outcome, turn.errorCode]);
      await expect.poll(outcomes, { timeout: 10_000 }).toEqual([['stopped', 'CANCELLED']]);
      await page.reload();
      await page
        .locator('.opwire-chat-message-assistant')
        .last()
        .getByText(/^Let me/)
        .waitFor();
      await page.getByText('Stopped.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-resume-stopped');
      expect(watched.foreignRequests).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});
