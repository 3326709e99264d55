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

// The chat page at `/` in Chromium: the drawer's `useChat` talks to the shop's `POST /api/chat`, and the shop's
// model is a local server speaking the OpenAI wire format (scripted per step), so every byte is the real one.

const title = hasChromium ? 'the chat page in Chromium' : `the chat page in Chromium — ${missingChromium}`;

describe.skipIf(!hasChromium)(title, { timeout: 120_000 }, () => {
  let model: OpenAIWireServer;
  let running: RunningShop;
  let browser: Browser;
  beforeAll(async () => {
    model = await startOpenAIWireServer();
    running = await startShop({
      // A model the shop has a price for, so the console shows a cost.
      assistant: {
        env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'gpt-4o-mini' },
      },
    });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await model?.close();
  }, 60_000);

  /** The turns of the ledger as the admin reads them, newest first. */
  const ledger = async () =>
    (await running.request('/governance/turns?limit=50', { token: 'admin-token' })).body.turns as Array<
      Record<string, any>
    >;

  it('asks, shows the tool card and the cited answer, stops a stream, resumes after a reload', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-sign-in');
      await signIn(page, 'Alice · customer (acme)');

      model.script(
        { kind: 'reply', toolCalls: [{ id: 'call_l1', name: 'orders_list', arguments: '{}' }] },
        { kind: 'reply', text: 'Refunds take **5 business days** after we receive the return [1].' },
      );
      const input = page.getByLabel('Ask a question…');
      await input.fill('How long do refunds take after a return?');
      await input.press('Enter');
      const answer = page.locator('.opwire-chat-message-assistant').last();
      await answer.getByText('5 business days').waitFor();
      const card = answer.locator('[data-tool="orders_list"]');
      await card.waitFor();
      expect(await card.locator('[data-status]').getAttribute('data-status')).toBe('done');
      const source = answer.getByRole('navigation', { name: 'Sources' }).getByRole('link').first();
      expect(await source.getAttribute('href')).toBe('/knowledge/documents/returns-policy.md');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-answer');
      // A click opens the cited document over the chat, fetched with the token its route asks for (a link the
      // browser followed would carry none: 401); Escape closes it.
      const pages = browser.contexts().flatMap((context) => context.pages()).length;
      await source.click();
      const viewer = page.getByRole('dialog', { name: 'Returns policy' });
      await viewer.getByText('within 30 days of delivery').waitFor();
      expect(await viewer.getByRole('heading', { level: 1 }).textContent()).toBe('Returns policy');
      expect(browser.contexts().flatMap((context) => context.pages()).length).toBe(pages);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-source');
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      const conversationId = new URL(page.url()).searchParams.get('conversation');
      expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);

      // A slow answer, stopped by the user after its first words: the model's stream is closed and the turn
      // is recorded as stopped.
      model.script({ kind: 'hang', chunks: ['Let me ', 'look ', 'at ', 'every ', 'order '], delayMs: 300 });
      await input.fill('List every order you can find, slowly');
      await input.press('Enter');
      await page.locator('.opwire-chat-message-assistant').last().getByText('Let me').waitFor();
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByText('Stopped.').waitFor();
      await model.disconnected;
      await expect
        .poll(async () =>
          (await ledger()).filter((turn) => turn.principalId === 'alice').map((turn) => turn.outcome),
        )
        .toEqual(['stopped', 'completed']);
      await screenshot(page, 'chat-stopped');

      // After a reload the address names the conversation, and its messages come back from the server.
      await page.reload();
      await page
        .locator('.opwire-chat-message-user')
        .getByText('How long do refunds take after a return?')
        .waitFor();
      const reloaded = page.locator('.opwire-chat-message-assistant').filter({ hasText: '5 business days' });
      await reloaded.waitFor();
      // The answer still lists the sources it was given, linked as they were.
      const reloadedSource = reloaded.getByRole('navigation', { name: 'Sources' }).getByRole('link').first();
      expect(await reloadedSource.getAttribute('href')).toBe('/knowledge/documents/returns-policy.md');
      // The stopped answer's first words were kept: they follow the question they answered.
      await page
        .locator('.opwire-chat-message-user')
        .getByText('List every order you can find, slowly')
        .waitFor();
      await page
        .locator('.opwire-chat-message-assistant')
        .last()
        .getByText(/^Let me/)
        .waitFor();
      // ... and say, as before the reload, that the user stopped it.
      await page.getByText('Stopped.').waitFor();
      expect(await page.getByText('Stopped.').count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('conversation')).toBe(conversationId);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-resumed');
      expect(watched.foreignRequests).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('sends a first question cut inside an emoji; a deleted conversation’s address says it is gone', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Gina · support (globex)');
      // The title is the question's first 80 characters: a UTF-16 cut there kept half of the emoji, a lone
      // surrogate the server refuses, so this question could never be sent.
      model.script({ kind: 'reply', text: 'Noted, thank you.' });
      const input = page.getByLabel('Ask a question…');
      await input.fill(`${'a'.repeat(79)}😀 what happens to my order?`);
      await input.press('Enter');
      await page.locator('.opwire-chat-message-assistant').last().getByText('Noted, thank you.').waitFor();
      const conversationId = new URL(page.url()).searchParams.get('conversation');
      const stored = await running.request(`/conversations/${conversationId}`, { token: 'globex-token' });
      expect(stored.body.conversation.title).toBe(`${'a'.repeat(79)}😀`);

      // Deleted elsewhere, then the page reloads with its address.
      const deleted = await running.request(`/conversations/${conversationId}`, {
        method: 'DELETE',
        token: 'globex-token',
      });
      expect(deleted.status).toBe(200);
      await page.reload();
      await page
        .locator('.opwire-chat-log [role="alert"]')
        .getByText('This conversation no longer exists.')
        .waitFor();
      expect(new URL(page.url()).searchParams.get('conversation')).toBeNull();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-conversation-gone');
      expect(watched.foreignRequests).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('asks for approval of a cancel; approving it cancels the order, and the console shows the turn', async () => {
    const orders = (await running.request('/orders', { token: 'support-token' })).body.orders as Array<{
      id: string;
      status: string;
    }>;
    const paid = orders.find((order) => order.status === 'paid');
    expect(paid).toBeDefined();
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Sam · support (acme)');
      model.script(
        {
          kind: 'reply',
          toolCalls: [{ id: 'call_c1', name: 'orders_cancel', arguments: JSON.stringify({ id: paid?.id }) }],
        },
        { kind: 'reply', text: 'Please approve the cancellation.' },
      );
      const input = page.getByLabel('Ask a question…');
      await input.fill(`Cancel order ${paid?.id}`);
      await input.press('Enter');
      const card = page.locator('[data-tool="orders_cancel"]');
      const approve = card.getByRole('button', { name: 'Approve' });
      await approve.waitFor();
      expect(await card.locator('[data-status]').getAttribute('data-status')).toBe('pending');
      expect((await running.request(`/orders/${paid?.id}`, { token: 'support-token' })).body.status).toBe(
        'paid',
      );
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-approval');

      model.script({ kind: 'reply', text: 'The order is cancelled.' });
      await approve.click();
      await page.getByText('The order is cancelled.').waitFor();
      await expect
        .poll(
          async () => (await running.request(`/orders/${paid?.id}`, { token: 'support-token' })).body.status,
        )
        .toBe('cancelled');
      await expect.poll(() => card.last().locator('[data-status]').getAttribute('data-status')).toBe('done');
      await screenshot(page, 'chat-approved');
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }

    // The console, as the admin: Sam's turns are in the ledger with the cost of their tokens at gpt-4o-mini's
    // price ($0.15 and $0.60 per million).
    const turns = (await ledger()).filter((turn) => turn.principalId === 'sam');
    expect(turns.length).toBeGreaterThan(0);
    const console = await openPage(browser, running.url);
    try {
      await console.page.goto(`${running.url}/console/turns`);
      await signIn(console.page, 'Root · admin (acme)');
      for (const turn of turns) {
        const row = console.page.locator(`tr[data-turn="${turn.turnId}"]`);
        await row.waitFor();
        const expected = (turn.inputTokens * 0.15 + turn.outputTokens * 0.6) / 1_000_000;
        const shown = Number(
          ((await row.locator('[data-cost]').textContent()) ?? '').replace(/[^0-9.]/g, ''),
        );
        expect(expected).toBeGreaterThan(0);
        expect(turn.cost).toEqual({ amount: expect.closeTo(expected, 12), currency: 'USD' });
        // The ledger shows a turn's fraction of a cent to six decimals.
        expect(shown).toBe(Number(expected.toFixed(6)));
      }
      await screenshot(console.page, 'console-turns-after-chat');
    } finally {
      await console.close();
    }
  });

  it('after a reload, a pending approval can still be approved and a failed call still shows its code', async () => {
    // An order of Alice's that Sam (support) will cancel, so this test leaves the seeded paid order alone.
    const created = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      body: { sku: 'KB-01', quantity: 1 },
    });
    expect(created.status).toBe(201);
    const orderId = created.body.id as string;
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Sam · support (acme)');
      model.script(
        {
          kind: 'reply',
          toolCalls: [
            { id: 'call_r1', name: 'orders_cancel', arguments: JSON.stringify({ id: orderId }) },
            { id: 'call_r2', name: 'orders_get', arguments: JSON.stringify({ id: 'ord_missing' }) },
          ],
        },
        { kind: 'reply', text: 'Please approve the cancellation.' },
      );
      const input = page.getByLabel('Ask a question…');
      await input.fill(`Cancel order ${orderId}`);
      await input.press('Enter');
      await page.getByText('Please approve the cancellation.').waitFor();

      // The stored conversation came back with the pending call shown as done (no approve) and the failed
      // lookup as done too: the store keeps results wrapped as `{ type: 'json', value }`.
      await page.reload();
      await page.getByText('Please approve the cancellation.').waitFor();
      const cancelCard = page.locator('[data-tool="orders_cancel"]');
      expect(await cancelCard.count()).toBe(1);
      expect(await cancelCard.locator('[data-status]').getAttribute('data-status')).toBe('pending');
      const failed = page.locator('[data-tool="orders_get"] [data-status]');
      expect(await failed.getAttribute('data-status')).toBe('failed');
      expect(await failed.textContent()).toBe('NOT_FOUND');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-approval-reloaded');

      model.script({ kind: 'reply', text: 'The order is cancelled now.' });
      await cancelCard.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('The order is cancelled now.').waitFor();
      expect((await running.request(`/orders/${orderId}`, { token: 'support-token' })).body.status).toBe(
        'cancelled',
      );

      // Reloaded once more: the approved call is one card, done, where it was asked.
      await page.reload();
      await page.getByText('The order is cancelled now.').waitFor();
      expect(await cancelCard.count()).toBe(1);
      expect(await cancelCard.locator('[data-status]').getAttribute('data-status')).toBe('done');
      expect(await cancelCard.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('an approval that expired says so when approved, and again after a reload, with no button', async () => {
    const created = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      body: { sku: 'KB-01', quantity: 1 },
    });
    const orderId = created.body.id as string;
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Sam · support (acme)');
      model.script(
        {
          kind: 'reply',
          toolCalls: [{ id: 'call_e1', name: 'orders_cancel', arguments: JSON.stringify({ id: orderId }) }],
        },
        { kind: 'reply', text: 'Approve it in time, please.' },
      );
      const input = page.getByLabel('Ask a question…');
      await input.fill(`Cancel order ${orderId}`);
      await input.press('Enter');
      const card = page.locator('[data-tool="orders_cancel"]');
      await card.getByRole('button', { name: 'Approve' }).waitFor();
      await page.getByText('Approve it in time, please.').waitFor();
      // Its 15 minutes pass.
      const conversationId = new URL(page.url()).searchParams.get('conversation');
      await running.shop.db.query(
        `UPDATE opwire_ai_approvals SET expires_at = now() - interval '1 minute' WHERE conversation_id = $1`,
        [conversationId],
      );

      await card.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('alert').getByText('APPROVAL_EXPIRED', { exact: false }).waitFor();
      // The card used to say "approved" while the server refused it (409) and ran nothing.
      await expect.poll(() => card.locator('[data-status]').getAttribute('data-status')).toBe('expired');
      expect(await card.locator('[data-status]').textContent()).toBe('expired; ask again to run it');
      expect(await card.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      // Sending the same decision again cannot help: no Retry.
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      expect((await running.request(`/orders/${orderId}`, { token: 'support-token' })).body.status).toBe(
        'pending',
      );
      await screenshot(page, 'chat-approval-expired');

      // Reloaded, the stored result still says "pending"; the server says it expired, and the card follows it.
      await page.reload();
      await page.getByText('Approve it in time, please.').waitFor();
      expect(await card.locator('[data-status]').getAttribute('data-status')).toBe('expired');
      expect(await card.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Decline' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-approval-expired-reloaded');
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('an older answer’s pending call is decided over /ai/approvals: its output, or expired, as the server says', async () => {
    const orderIds: string[] = [];
    for (let count = 0; count < 2; count++) {
      const created = await running.request('/orders', {
        method: 'POST',
        token: 'customer-token',
        body: { sku: 'KB-01', quantity: 1 },
      });
      orderIds.push(created.body.id as string);
    }
    const [first, second] = orderIds;
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    const approvalCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ai/approvals/')) approvalCalls.push(new URL(request.url()).pathname);
    });
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Sam · support (acme)');
      model.script(
        {
          kind: 'reply',
          toolCalls: [
            { id: 'call_o1', name: 'orders_cancel', arguments: JSON.stringify({ id: first }) },
            { id: 'call_o2', name: 'orders_cancel', arguments: JSON.stringify({ id: second }) },
          ],
        },
        { kind: 'reply', text: 'Approve the cancellations, please.' },
        { kind: 'reply', text: 'Our shop opens at nine.' },
      );
      const input = page.getByLabel('Ask a question…');
      await input.fill(`Cancel orders ${first} and ${second}`);
      await input.press('Enter');
      const cards = page.locator('[data-tool="orders_cancel"]');
      await cards.first().getByRole('button', { name: 'Approve' }).waitFor();
      // The user asks something else instead of answering: the server keeps both pending.
      await input.fill('When do you open?');
      await input.press('Enter');
      await page.getByText('Our shop opens at nine.').waitFor();
      // They used to say "not approved; ask again to run it", with no button, while the server kept them pending
      // (approvable over /ai/approvals, and counted against the caller's cap).
      for (const card of [cards.nth(0), cards.nth(1)]) {
        expect(await card.locator('[data-status]').textContent()).toBe('waiting for your approval');
        expect(await card.getByRole('button', { name: 'Approve' }).count()).toBe(1);
        expect(await card.getByRole('button', { name: 'Decline' }).count()).toBe(1);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-older-approval-waiting');

      // Approved: the call's output, and the order cancelled, with no new turn of the model.
      await cards.nth(0).getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => cards.nth(0).locator('[data-status]').getAttribute('data-status')).toBe('done');
      expect(await cards.nth(0).locator('pre').last().textContent()).toContain('"status": "cancelled"');
      expect((await running.request(`/orders/${first}`, { token: 'support-token' })).body.status).toBe(
        'cancelled',
      );
      // The second one's 15 minutes pass; declining it is then refused, and the card says it expired.
      const conversationId = new URL(page.url()).searchParams.get('conversation');
      await running.shop.db.query(
        `UPDATE opwire_ai_approvals SET expires_at = now() - interval '1 minute'
          WHERE conversation_id = $1 AND status = 'pending'`,
        [conversationId],
      );
      await cards.nth(1).getByRole('button', { name: 'Decline' }).click();
      await expect
        .poll(() => cards.nth(1).locator('[data-status]').getAttribute('data-status'))
        .toBe('expired');
      expect(approvalCalls).toEqual([
        expect.stringMatching(/^\/ai\/approvals\/[0-9a-f-]{36}\/approve$/),
        expect.stringMatching(/^\/ai\/approvals\/[0-9a-f-]{36}\/decline$/),
      ]);
      expect((await running.request(`/orders/${second}`, { token: 'support-token' })).body.status).toBe(
        'pending',
      );
      await screenshot(page, 'chat-older-approval-decided');

      // Reloaded: as the server has them, with no button.
      await page.reload();
      await page.getByText('Our shop opens at nine.').waitFor();
      expect(await cards.count()).toBe(2);
      expect(await cards.nth(0).locator('[data-status]').getAttribute('data-status')).toBe('done');
      expect(await cards.nth(1).locator('[data-status]').getAttribute('data-status')).toBe('expired');
      expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('a question whose answer failed says so again after a reload, with the code, until an answer follows', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Alice · customer (acme)');
      await page.getByRole('button', { name: '+ New conversation' }).click();
      model.script({ kind: 'status', status: 500, message: 'upstream broke' });
      const input = page.getByLabel('Ask a question…');
      await input.fill('Will this fail?');
      await input.press('Enter');
      await page.getByRole('alert').getByText('The answer failed').waitFor();
      await page.reload();
      const note = page.locator('.opwire-chat-stopped');
      await note.waitFor();
      expect(await note.textContent()).toMatch(/^The answer failed \([A-Z_]+\)$/);
      expect(await page.locator('.opwire-chat-message-user').last().textContent()).toBe('Will this fail?');
      await screenshot(page, 'chat-failed-reloaded');
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('a failed answer leaves no empty bubble: the next question’s answer follows its note, as after a reload', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Alice · customer (acme)');
      await page.getByRole('button', { name: '+ New conversation' }).click();
      model.script({ kind: 'status', status: 400, message: 'bad request from model' });
      const input = page.getByLabel('Ask a question…');
      await input.fill('First question that fails');
      await input.press('Enter');
      await page.getByRole('alert').getByText('PROVIDER_REJECTED', { exact: false }).waitFor();
      // Its stream opened an answer and ended before a word: a 22 px empty bubble used to stand above the error.
      expect(await page.locator('.opwire-chat-message-assistant').count()).toBe(0);
      await screenshot(page, 'chat-failed-no-bubble');

      model.script({ kind: 'reply', text: 'Second answer works.' });
      await input.fill('Second question');
      await input.press('Enter');
      await page.getByText('Second answer works.').waitFor();
      const shown = async () => ({
        answers: await page.locator('.opwire-chat-message-assistant').allInnerTexts(),
        notes: await page.locator('.opwire-chat-stopped').allInnerTexts(),
      });
      const live = await shown();
      expect(live.answers).toHaveLength(1);
      expect(live.answers[0]).toContain('Second answer works.');
      expect(live.notes).toEqual(['The answer failed (PROVIDER_REJECTED)']);
      await screenshot(page, 'chat-failed-then-answered');

      await page.reload();
      await page.getByText('Second answer works.').waitFor();
      const reloaded = await shown();
      expect(reloaded.answers).toHaveLength(1);
      expect(reloaded.notes).toEqual(live.notes);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('shows an answer’s HTML and script links as text: nothing runs, nothing opens', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Alice · customer (acme)');
      model.script({
        kind: 'reply',
        text: 'See <img src=x onerror="alert(1)"> and [this link](javascript:alert(2)) or [the policy](https://example.com/returns). ![the logo](https://images.example/logo.png) ![bad](javascript:alert(3))',
      });
      const input = page.getByLabel('Ask a question…');
      await input.fill('Show me links');
      await input.press('Enter');
      const answer = page.locator('.opwire-chat-message-assistant').last().locator('.opwire-chat-markdown');
      await answer.getByText('the policy').waitFor();
      expect(await answer.locator('img').count()).toBe(0);
      // The script link was an `<a href="">`: clicked, it opened the chat page again in a new tab.
      expect(
        await answer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ).toEqual(['https://example.com/returns', 'https://images.example/logo.png']);
      // An image is a link labelled by its alt text, never loaded (nor a broken image the policy refused).
      expect(await answer.getByRole('link', { name: 'the logo' }).count()).toBe(1);
      await answer.getByText('bad', { exact: true }).waitFor();
      await answer.getByText('this link').click();
      expect(watched.context.pages()).toHaveLength(1);
      expect(dialogs).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('by keyboard: Shift+Enter breaks the line, Enter sends, and the composer keeps the focus', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Alice · customer (acme)');
      await page.getByRole('button', { name: '+ New conversation' }).click();
      await page.getByLabel('Ask a question…').focus();
      model.script(
        { kind: 'reply', text: 'First answer.' },
        { kind: 'reply', text: `Second answer.\n\n\`\`\`js\nconst line = "${'y'.repeat(160)}";\n\`\`\`` },
      );
      await page.keyboard.type('line one');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('line two');
      await page.keyboard.press('Enter');
      await page.getByText('First answer.').waitFor();
      expect(await page.locator('.opwire-chat-message-user').last().textContent()).toBe('line one\nline two');
      // The first question's composer made way for the conversation's own: the focus used to be left on
      // the page's body, so the next words typed went nowhere.
      await page.keyboard.type('second question');
      await page.keyboard.press('Enter');
      await page.getByText('Second answer.').waitFor();
      expect(await page.locator('.opwire-chat-message-user').last().textContent()).toBe('second question');
      // The code block's long line scrolls sideways, so a keyboard reaches the block to scroll it.
      expect(await seriousViolations(page)).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('375 px wide: the list steps aside for the conversation, and a long answer never widens the page', async () => {
    const watched = await openPage(browser, running.url, 'en-US', { width: 375, height: 740 });
    const { page } = watched;
    // Runs in the page: the test project has no DOM types.
    const pageWidth = () =>
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
            .documentElement.scrollWidth,
      );
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Alice · customer (acme)');
      const input = page.getByLabel('Ask a question…');
      await input.waitFor();
      expect(await pageWidth()).toBe(375);
      model.script({
        kind: 'reply',
        text: `A long line:\n\n\`\`\`js\nconst line = "${'y'.repeat(160)}";\n\`\`\`\n\n| a | b |\n|---|---|\n| ${'x'.repeat(80)} | 2 |`,
      });
      await input.fill('Show me something wide');
      await input.press('Enter');
      const answer = page.getByText('A long line:');
      await answer.waitFor();
      expect(await answer.isVisible()).toBe(true);
      expect(await pageWidth()).toBe(375);
      await screenshot(page, 'chat-narrow');

      // The list covers the drawer while it is shown, and steps aside again once a conversation is picked.
      await page.getByRole('button', { name: 'Show conversations' }).click();
      await page.locator('.opwire-chat-conversation', { hasText: 'Show me something wide' }).click();
      // It steps aside once the conversation's messages are loaded (the answer under the list was in the page all
      // along, so seeing it says nothing of the list).
      await page.locator('.opwire-chat-conversations').waitFor({ state: 'detached' });
      await answer.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('a token the server stops accepting mid-conversation: back to the sign-in, which says why', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Alice · customer (acme)');
      model.script({ kind: 'reply', text: 'Still here.' });
      const input = page.getByLabel('Ask a question…');
      await input.fill('Are you there?');
      await input.press('Enter');
      await page.getByText('Still here.').waitFor();
      const conversationId = new URL(page.url()).searchParams.get('conversation');

      // The token is revoked: every call now carries one the server answers 401 to.
      await page.route(`${running.url}/**`, (route) => {
        const headers = route.request().headers();
        return route.continue({
          headers: headers.authorization ? { ...headers, authorization: 'Bearer revoked' } : headers,
        });
      });
      await page.getByLabel('Ask a question…').fill('And now?');
      await page.getByLabel('Ask a question…').press('Enter');
      // It used to stay "signed in", with a Retry that could never work.
      await page.getByRole('alert').filter({ hasText: 'did not accept the token' }).waitFor();
      await page.getByRole('button', { name: 'Alice · customer (acme)' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-token-rejected');

      // Signed in again, the conversation in the address comes back, and the question the server refused waits
      // in the composer (it used to be gone). The server never stored it, so the conversation holds no copy.
      await page.unroute(`${running.url}/**`);
      await signIn(page, 'Alice · customer (acme)');
      await page.locator('.opwire-chat-message-assistant').getByText('Still here.').waitFor();
      expect(new URL(page.url()).searchParams.get('conversation')).toBe(conversationId);
      await screenshot(page, 'chat-token-rejected-draft-restored');
      const composer = page.getByLabel('Ask a question…');
      await expect.poll(() => composer.inputValue()).toBe('And now?');
      const asked = page.locator('.opwire-chat-message-user');
      expect(await asked.allInnerTexts()).toEqual(['Are you there?']);
      expect(await seriousViolations(page)).toEqual([]);

      // Until it is sent, the tab keeps what the composer holds, edits included: a reload shows it again.
      await composer.fill('And now, please?');
      await page.reload();
      await page.locator('.opwire-chat-message-assistant').getByText('Still here.').waitFor();
      await expect.poll(() => composer.inputValue()).toBe('And now, please?');
      expect(await asked.allInnerTexts()).toEqual(['Are you there?']);
      await screenshot(page, 'chat-token-rejected-draft-after-reload');

      // Sent, it is asked once and no longer kept for the composer.
      model.script({ kind: 'reply', text: 'Yes, still here.' });
      await composer.press('Enter');
      await page.getByText('Yes, still here.').waitFor();
      expect(await asked.allInnerTexts()).toEqual(['Are you there?', 'And now, please?']);
      await page.reload();
      await page.getByText('Yes, still here.').waitFor();
      expect(await asked.allInnerTexts()).toEqual(['Are you there?', 'And now, please?']);
      expect(await page.getByLabel('Ask a question…').inputValue()).toBe('');
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('a first question refused with the token waits in the new conversation’s composer after signing in', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Alice · customer (acme)');
      const input = page.getByLabel('Ask a question…');
      await input.waitFor();
      const titles = () => page.locator('.opwire-chat-conversation').allInnerTexts();
      await page.route(`${running.url}/**`, (route) => {
        const headers = route.request().headers();
        return route.continue({
          headers: headers.authorization ? { ...headers, authorization: 'Bearer revoked' } : headers,
        });
      });
      await input.fill('Which parcel is\nstill on its way?');
      await input.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'did not accept the token' }).waitFor();

      await page.unroute(`${running.url}/**`);
      await signIn(page, 'Alice · customer (acme)');
      await page.locator('.opwire-chat-conversation').first().waitFor();
      await screenshot(page, 'chat-token-rejected-first-question-restored');
      await expect.poll(() => input.inputValue()).toBe('Which parcel is\nstill on its way?');
      // The refused call created no conversation.
      expect(new URL(page.url()).searchParams.get('conversation')).toBeNull();
      expect((await titles()).filter((each) => each.includes('Which parcel'))).toEqual([]);
      // A reload before it is sent shows it again.
      await page.reload();
      await page.locator('.opwire-chat-conversation').first().waitFor();
      await expect.poll(() => input.inputValue()).toBe('Which parcel is\nstill on its way?');
      // Emptied, it is no longer kept: the next reload shows an empty composer. Typed again, it goes on below.
      await input.fill('');
      await page.reload();
      await page.locator('.opwire-chat-conversation').first().waitFor();
      expect(await input.inputValue()).toBe('');
      await input.fill('Which parcel is\nstill on its way?');

      // Refused one step later, by the chat itself once the conversation exists: it waits in that conversation.
      await page.route(`${running.url}/api/chat`, (route) =>
        route.continue({ headers: { ...route.request().headers(), authorization: 'Bearer revoked' } }),
      );
      await input.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'did not accept the token' }).waitFor();
      await page.unroute(`${running.url}/api/chat`);
      await signIn(page, 'Alice · customer (acme)');
      const conversationId = new URL(page.url()).searchParams.get('conversation');
      expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
      await expect.poll(() => input.inputValue()).toBe('Which parcel is\nstill on its way?');
      const asked = page.locator('.opwire-chat-message-user');
      expect(await asked.count()).toBe(0);
      model.script({ kind: 'reply', text: 'Parcel 42 is on its way.' });
      await input.press('Enter');
      await page.getByText('Parcel 42 is on its way.').waitFor();
      expect(await asked.allInnerTexts()).toEqual(['Which parcel is\nstill on its way?']);
      expect(new URL(page.url()).searchParams.get('conversation')).toBe(conversationId);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('a first question that cannot start its conversation says so beside the composer', async () => {
    const watched = await openPage(browser, running.url);
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Sam · support (acme)');
      await page.getByRole('button', { name: '+ New conversation' }).click();
      await page.getByRole('button', { name: 'Hide conversations' }).click();
      await page.route(`${running.url}/conversations`, (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 503,
              contentType: 'application/problem+json',
              body: JSON.stringify({ code: 'UNAVAILABLE', title: 'The service is unavailable.' }),
            })
          : route.continue(),
      );
      const input = page.getByLabel('Ask a question…');
      await input.fill('Where is my order?');
      await input.press('Enter');
      // The error used to go to the conversation list: hidden here, so nothing seemed to happen.
      await page
        .locator('.opwire-chat-log [role="alert"]')
        .filter({ hasText: 'Could not start the conversation: The service is unavailable.' })
        .waitFor();
      expect(await input.inputValue()).toBe('Where is my order?');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-start-failed');
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('in Chinese, an older answer’s pending call waits with 批准 and 拒绝, and one that expired says so', async () => {
    const created = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      body: { sku: 'KB-01', quantity: 1 },
    });
    const orderId = created.body.id as string;
    const watched = await openPage(browser, running.url, 'zh-CN');
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      await signIn(page, 'Sam · support (acme)');
      model.script(
        {
          kind: 'reply',
          toolCalls: [{ id: 'call_z1', name: 'orders_cancel', arguments: JSON.stringify({ id: orderId }) }],
        },
        { kind: 'reply', text: '请批准取消。' },
        { kind: 'reply', text: '我们九点开门。' },
      );
      const input = page.getByLabel('输入问题…');
      await input.fill(`取消订单 ${orderId}`);
      await input.press('Enter');
      const card = page.locator('[data-tool="orders_cancel"]');
      await card.getByRole('button', { name: '批准' }).waitFor();
      await input.fill('你们几点开门？');
      await input.press('Enter');
      await page.getByText('我们九点开门。').waitFor();
      expect(await card.locator('[data-status]').textContent()).toBe('等待你的批准');
      expect(await card.getByRole('button', { name: '拒绝' }).count()).toBe(1);
      const conversationId = new URL(page.url()).searchParams.get('conversation');
      await running.shop.db.query(
        `UPDATE opwire_ai_approvals SET expires_at = now() - interval '1 minute' WHERE conversation_id = $1`,
        [conversationId],
      );
      await card.getByRole('button', { name: '批准' }).click();
      await expect.poll(() => card.locator('[data-status]').textContent()).toBe('已过期；如需执行请重新提问');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-zh-CN-older-approval-expired');
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('renders the chat page in Chinese for a zh-CN browser', async () => {
    const watched = await openPage(browser, running.url, 'zh-CN');
    const { page } = watched;
    try {
      await page.goto(`${running.url}/`);
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
      await signIn(page, 'Alice · customer (acme)');
      await page.getByLabel('输入问题…').waitFor();
      await page.getByRole('button', { name: '发送' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'chat-zh-CN');
    } finally {
      await watched.close();
    }
  });
});
