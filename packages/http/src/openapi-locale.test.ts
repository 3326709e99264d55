import { createOpwire, defineOperation, idempotency } from '@opwire/core';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpServer } from './create-http-server.js';
import { serveOverLoopback, serveThroughFetchHandler, type TestClient } from './testing/index.js';

/** Notes: one operation with its texts in English and Chinese, one in English only. */
function notesApp() {
  return createOpwire({
    operations: [
      defineOperation({
        id: 'notes.create',
        summary: { en: 'Write a note', 'zh-CN': '写一条笔记' },
        description: { en: 'Stores the note and returns its id.', 'zh-CN': '保存笔记并返回其 id。' },
        request: Type.Object({ text: Type.String({ maxLength: 200 }) }),
        response: Type.Object({ id: Type.String() }),
        expose: ['http'],
        public: true,
        handle: () => ({ id: 'n1' }),
      }),
      defineOperation({
        id: 'notes.get',
        summary: 'Read a note',
        description: { en: 'Returns the note with this id.' },
        request: Type.Object({ id: Type.String({ maxLength: 8 }) }),
        response: Type.Object({ id: Type.String(), text: Type.String() }),
        expose: ['http'],
        public: true,
        handle: (request) => ({ id: request.id, text: 'hello' }),
      }),
    ],
    logger: { error: () => undefined, warn: () => undefined },
  });
}

/**
 * The document without the texts a language changes: every summary and description outside the schemas
 * (operations', responses', headers', tags'). The schemas, an app's own words, are the same in each language.
 */
function withoutTexts(value: any): any {
  if (Array.isArray(value)) return value.map(withoutTexts);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'summary' && key !== 'description')
      .map(([key, inner]) => [key, key === 'schema' || key === 'schemas' ? inner : withoutTexts(inner)]),
  );
}

/** The document without its schemas, an app's own words. */
function withoutSchemas(value: any): any {
  if (Array.isArray(value)) return value.map(withoutSchemas);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'schema' && key !== 'schemas')
      .map(([key, inner]) => [key, withoutSchemas(inner)]),
  );
}

let client: (TestClient & { readonly server?: HttpServer }) | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

const servers: Array<[string, () => Promise<TestClient & { readonly server?: HttpServer }>]> = [
  ['node server', () => serveOverLoopback(notesApp())],
  ['fetch handler', async () => serveThroughFetchHandler(notesApp())],
];

describe.each(servers)('/openapi.json in the language asked for, through the %s', (_, serve) => {
  const fetchDocument = async (headers?: Record<string, string>) => {
    client ??= await serve();
    const answer = await client.send({ path: '/openapi.json', headers });
    expect(answer.status).toBe(200);
    return { answer, document: (await answer.json()) as any };
  };

  it('is English without Accept-Language, and says so', async () => {
    const { answer, document } = await fetchDocument();
    expect(answer.headers.get('content-language')).toBe('en');
    expect(answer.headers.get('vary')).toMatch(/\bAccept-Language\b/i);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(document.paths['/notes'].post.summary).toBe('Write a note');
    expect(document.paths['/notes'].post.description).toBe('Stores the note and returns its id.');
    expect(document.paths['/notes/{id}'].get.summary).toBe('Read a note');
  });

  it('is in Chinese under Accept-Language: zh-CN, English where no Chinese is declared', async () => {
    const { answer, document } = await fetchDocument({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    expect(answer.headers.get('content-language')).toBe('zh-CN');
    expect(answer.headers.get('vary')).toMatch(/\bAccept-Language\b/i);
    expect(document.paths['/notes'].post.summary).toBe('写一条笔记');
    expect(document.paths['/notes'].post.description).toBe('保存笔记并返回其 id。');
    expect(document.paths['/notes/{id}'].get.summary).toBe('Read a note');
    expect(document.paths['/notes/{id}'].get.description).toBe('Returns the note with this id.');
  });

  it('writes its own texts in the language too: answers, problems, headers, health routes and tags', async () => {
    const english = (await fetchDocument()).document;
    const chinese = (await fetchDocument({ 'accept-language': 'zh-CN' })).document;
    const created = (document: any) => document.paths['/notes'].post.responses;
    expect(created(english)['201'].description).toBe('Created');
    expect(created(chinese)['201'].description).toBe('已创建');
    expect(chinese.paths['/notes/{id}'].get.responses['200'].description).toBe('成功');
    expect(created(english)['400'].description).toMatch(/^Bad Request: INVALID_REQUEST, MISSING_FIELD, /);
    expect(created(chinese)['400'].description).toMatch(/^请求无效：INVALID_REQUEST、MISSING_FIELD、/);
    expect(created(chinese)['415'].description).toMatch(/^不支持的媒体类型：UNSUPPORTED_MEDIA_TYPE/);
    expect(created(chinese)['415'].headers['Accept-Encoding'].description).toBe(
      '随 UNSUPPORTED_CONTENT_ENCODING 一起发送。',
    );
    expect(created(chinese)['401'].headers['WWW-Authenticate'].description).toMatch(/^`Bearer`；/);
    expect(chinese.components.headers['X-Request-Id'].description).toMatch(/^请求的 id，报告问题时请引用/);
    expect(english.components.headers['X-Request-Id'].description).toMatch(/^The request's id/);
    expect(chinese.paths['/health/live'].get.summary).toBe('进程正在提供服务。');
    expect(chinese.paths['/health/ready'].get.responses['503'].description).toMatch(/^关键项已降级/);
    expect(chinese.tags).toEqual([
      { name: 'notes', description: 'notes 路由。' },
      { name: 'health', description: '供负载均衡器和编排系统使用的存活与就绪探针。' },
    ]);
    // Nothing the document writes itself is left in English.
    const ownTexts = (document: any) =>
      JSON.stringify(withoutSchemas(document)).match(/"(summary|description)":"[^"]*"/g) ?? [];
    const untranslated = ownTexts(chinese).filter((text) => !/[\u4e00-\u9fff]/.test(text));
    expect(untranslated).toEqual([
      '"summary":"Read a note"',
      '"description":"Returns the note with this id."',
    ]);
  });

  it('is English for a language it has no texts in', async () => {
    const { answer, document } = await fetchDocument({ 'accept-language': 'fr-FR, *;q=0.5' });
    expect(answer.headers.get('content-language')).toBe('en');
    expect(document.paths['/notes'].post.summary).toBe('Write a note');
  });

  it('has the same paths, operation ids and schemas in both languages: only the texts differ', async () => {
    const english = (await fetchDocument()).document;
    const chinese = (await fetchDocument({ 'accept-language': 'zh-CN' })).document;
    expect(Object.keys(chinese.paths)).toEqual(Object.keys(english.paths));
    expect(chinese.components.schemas).toEqual(english.components.schemas);
    expect(withoutTexts(chinese)).toEqual(withoutTexts(english));
    expect(chinese).not.toEqual(english);
  });
});

describe('the OpenAPI document of a node server', () => {
  it('is English from openapi(), and in the locale given to openapi(locale)', async () => {
    const served = await serveOverLoopback(notesApp());
    client = served;
    const english = await (await served.send({ path: '/openapi.json' })).json();
    const chinese = await (
      await served.send({ path: '/openapi.json', headers: { 'accept-language': 'zh-CN' } })
    ).json();
    expect(JSON.parse(JSON.stringify(served.server.openapi()))).toEqual(english);
    expect(JSON.parse(JSON.stringify(served.server.openapi('zh-CN')))).toEqual(chinese);
    expect(served.server.openapi().paths).toMatchObject({ '/notes': { post: { summary: 'Write a note' } } });
    expect(served.server.openapi('zh-CN').paths).toMatchObject({
      '/notes': { post: { summary: '写一条笔记' } },
    });
  });
});

describe('texts given per language beside the operations', () => {
  it('puts hand-written routes’, operation routes’ and middleware headers’ texts in the language asked for', async () => {
    const app = createOpwire({
      operations: [
        defineOperation({
          id: 'notes.create',
          summary: 'Write a note',
          writes: true,
          request: Type.Object({ text: Type.String({ maxLength: 200 }) }),
          response: Type.Object({ id: Type.String() }),
          expose: ['http'],
          public: true,
          handle: () => ({ id: 'n1' }),
        }),
      ],
      use: [idempotency()],
      logger: { error: () => undefined, warn: () => undefined },
    });
    const served = await serveOverLoopback(app, {
      routes: [
        {
          method: 'GET',
          path: '/status',
          public: true,
          summary: { en: 'The status', 'zh-CN': '状态' },
          description: { en: 'How the notes are.', 'zh-CN': '笔记的情况。' },
          parameters: [
            {
              name: 'verbose',
              in: 'query',
              description: { en: 'Say more.', 'zh-CN': '说得更详细。' },
              schema: { type: 'boolean', description: 'Left as written.' },
            },
          ],
          responses: {
            '200': {
              description: { en: 'The status.', 'zh-CN': '状态。' },
              headers: { 'X-Status': { description: { en: 'Its name.', 'zh-CN': '它的名字。' } } },
              content: {
                'application/json': { schema: { type: 'object', description: 'Left as written.' } },
              },
            },
          },
          handle: () => Response.json({ ok: true }),
        },
      ],
      operationRoutes: [
        {
          operation: 'notes.create',
          id: 'notes.create.plain',
          method: 'POST',
          path: '/notes/plain',
          summary: { en: 'Write a note, answered as text', 'zh-CN': '写一条笔记，以文本应答' },
          encode: (result) => new Response(JSON.stringify(result)),
        },
      ],
    });
    client = served;
    const document = (locale: 'en' | 'zh-CN') => JSON.parse(JSON.stringify(served.server.openapi(locale)));
    const [english, chinese] = [document('en'), document('zh-CN')];
    expect([english.paths['/status'].get.summary, chinese.paths['/status'].get.summary]).toEqual([
      'The status',
      '状态',
    ]);
    expect(chinese.paths['/status'].get.description).toBe('笔记的情况。');
    // A description given per language in the route's own OpenAPI fields, too; schemas as written.
    const status = (doc: any) => doc.paths['/status'].get;
    expect(status(english).responses['200'].description).toBe('The status.');
    expect(status(chinese).responses['200'].description).toBe('状态。');
    expect(status(chinese).responses['200'].headers['X-Status'].description).toBe('它的名字。');
    expect(status(chinese).responses['200'].content['application/json'].schema.description).toBe(
      'Left as written.',
    );
    const verbose = (doc: any) =>
      status(doc).parameters.find((parameter: any) => parameter.name === 'verbose');
    expect([verbose(english).description, verbose(chinese).description]).toEqual([
      'Say more.',
      '说得更详细。',
    ]);
    expect(chinese.paths['/notes/plain'].post.summary).toBe('写一条笔记，以文本应答');
    const keyOf = (doc: any) =>
      doc.paths['/notes'].post.parameters.find((parameter: any) => parameter.name === 'Idempotency-Key');
    expect(keyOf(english).description).toMatch(/^Makes a retried write safe/);
    expect(keyOf(chinese).description).toMatch(/^让重试的写操作安全/);
  });
});
