import { randomUUID } from 'node:crypto';
import { createLogger } from '@opwire/core';
import { parseOrigins } from '@opwire/core/surface';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import type { paths } from './__generated__/shop.js';
import { connectShop, toolNames } from './mcp-client.js';
import { type RunningShop, startShop } from './shop-harness.js';

const browser = 'https://shop.example';
const accessLines: Array<Record<string, unknown>> = [];
let running: RunningShop;
let model: OpenAIWireServer;
let base: string;
beforeAll(async () => {
  model = await startOpenAIWireServer();
  running = await startShop({
    assistant: {
      env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'local-model' },
    },
    http: {
      prefix: '/api',
      corsOrigins: parseOrigins(`${browser}, http://localhost:5173`),
      accessLog: true,
      logger: createLogger({
        destination: { write: (line: string) => accessLines.push(JSON.parse(line)) },
      }),
    },
  });
  const document = (await running.request('/api/openapi.json')).body as { servers: Array<{ url: string }> };
  base = new URL(document.servers[0]?.url ?? '/', `${running.url}/api/openapi.json`).href.replace(/\/$/, '');
}, 120_000);
afterAll(async () => {
  await running?.close();
  await model?.close();
}, 60_000);

describe('the shop under HTTP_PREFIX=/api with CORS_ORIGINS', { timeout: 60_000 }, () => {
  it('is called by a client generated from /api/openapi.json through its servers entry', async () => {
    expect(base).toBe(`${running.url}/api`);
    const customer = createClient<paths>({
      baseUrl: base,
      headers: { authorization: 'Bearer customer-token' },
    });
    const created = await customer.POST('/orders', { body: { sku: 'MN-27', quantity: 1 } });
    expect(created.response.status).toBe(201);
    const fetched = await customer.GET('/orders/{id}', { params: { path: { id: created.data?.id ?? '' } } });
    expect(fetched.data).toEqual(created.data);
    expect((await fetch(`${running.url}/orders`)).status).toBe(404);
    const line = accessLines.find((entry) => entry.msg === 'request' && entry.method === 'POST');
    expect(line).toMatchObject({ route: '/api/orders', path: '/api/orders', status: 201 });
  });

  it('serves the docs page at /api/docs with every asset it names', async () => {
    const page = await (await fetch(`${base}/docs`)).text();
    const assets = [...page.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(assets.length).toBeGreaterThan(4);
    for (const asset of assets) {
      const response = await fetch(new URL(asset, `${base}/docs`));
      expect([asset, response.status]).toEqual([asset, 200]);
    }
  });

  it('answers a preflight from a listed origin and serves a request without Origin', async () => {
    const preflight = await fetch(`${base}/orders`, {
      method: 'OPTIONS',
      headers: {
        origin: browser,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(browser);
    const foreign = await fetch(`${base}/orders`, {
      headers: { origin: 'https://evil.example', authorization: 'Bearer customer-token' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const plain = await fetch(`${base}/orders`, { headers: { authorization: 'Bearer customer-token' } });
    expect(plain.status).toBe(200);
  });

  it('serves MCP at /api/mcp, its RFC 9728 metadata outside the prefix, and checks Origin against CORS_ORIGINS', async () => {
    const { client } = await connectShop(running.url, 'customer-token', { path: '/api/mcp' });
    try {
      expect(await toolNames(client)).toContain('orders_create');
    } finally {
      await client.close();
    }
    const refused = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(
      refused.headers.get('www-authenticate') ?? '',
    )?.[1];
    expect(metadataUrl).toBe(`${running.url}/.well-known/oauth-protected-resource/api/mcp`);
    const metadata = (await (await fetch(metadataUrl ?? '')).json()) as { resource: string };
    expect(metadata.resource).toBe(`${running.url}/api/mcp`);
    const initialize = (origin: string) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          origin,
          authorization: 'Bearer customer-token',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        }),
      });
    const foreign = await initialize('https://evil.example');
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { data: { code: string } } }).error.data.code).toBe(
      'ORIGIN_NOT_ALLOWED',
    );
    const listed = await initialize(browser);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(browser);
    await listed.body?.cancel();
  });

  it('cites knowledge documents by links under the prefix, each of which opens its document', async () => {
    model.script({ kind: 'reply', text: 'Refunds take 5 business days [1].' });
    const stream = await new DefaultChatTransport<UIMessage>({
      api: `${base}/api/chat`,
      headers: { authorization: 'Bearer customer-token' },
    }).sendMessages({
      trigger: 'submit-message',
      chatId: randomUUID(),
      messageId: undefined,
      messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'How do refunds work?' }] }],
      abortSignal: undefined,
    });
    let message: UIMessage | undefined;
    for await (const snapshot of readUIMessageStream({ stream })) message = snapshot;
    const links = (message?.parts ?? []).flatMap((part) => (part.type === 'source-url' ? [part.url] : []));
    // They used to leave the prefix out, so every citation of a prefixed shop answered 404.
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const response = await fetch(new URL(link, running.url), {
        headers: { authorization: 'Bearer customer-token' },
      });
      expect([link, response.status]).toEqual([link, 200]);
      expect(link.startsWith('/api/knowledge/documents/')).toBe(true);
    }
  });
});
