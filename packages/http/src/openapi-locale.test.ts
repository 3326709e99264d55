import { createOpwire, defineOperation } from '@opwire/core';
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

/** The document without the texts a language changes: every operation's summary and description. */
function withoutTexts(document: any) {
  const copy = structuredClone(document);
  for (const item of Object.values(copy.paths) as any[])
    for (const operation of Object.values(item) as any[]) {
      delete operation.summary;
      delete operation.description;
    }
  return copy;
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

  it('is English for a language it has no texts in', async () => {
    const { answer, document } = await fetchDocument({ 'accept-language': 'fr-FR, *;q=0.5' });
    expect(answer.headers.get('content-language')).toBe('en');
    expect(document.paths['/notes'].post.summary).toBe('Write a note');
  });

  it('has the same paths, operation ids and schemas in both languages: only the texts differ', async () => {
    const english = (await fetchDocument()).document;
    const chinese = (await fetchDocument({ 'accept-language': 'zh-CN' })).document;
    expect(Object.keys(chinese.paths)).toEqual(Object.keys(english.paths));
    expect(chinese.components).toEqual(english.components);
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
