import { createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer } from './create-http-server.js';
import { serveOverLoopback, serveThroughFetchHandler, type TestClient } from './testing/index.js';

// An operation's `http.bodyLimit` replaces the server's for its route alone: a text bounded in characters may
// need more bytes than the server takes from any other route (a Chinese character is 3 bytes in UTF-8).

const Note = Type.Object({ text: Type.String({ maxLength: 2000 }) });
const operations = () => {
  const stored: string[] = [];
  const create = defineOperation({
    id: 'notes.create',
    request: Note,
    response: Type.Object({ length: Type.Integer() }),
    expose: ['http'],
    public: true,
    writes: true,
    handle: (request) => {
      stored.push(request.text);
      return { length: request.text.length };
    },
  });
  const importing = defineOperation({
    id: 'notes.import',
    request: Note,
    response: Type.Object({ length: Type.Integer() }),
    expose: ['http'],
    public: true,
    writes: true,
    http: { bodyLimit: 8192 },
    handle: (request) => {
      stored.push(request.text);
      return { length: request.text.length };
    },
  });
  return { stored, app: createOpwire({ operations: [create, importing] }) };
};

let client: TestClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

describe.each([
  ['node server', serveOverLoopback],
  ['fetch handler', serveThroughFetchHandler],
] as const)("an operation's own body limit through the %s", (_name, serve) => {
  it('takes a body past the server limit on its route only, and names its own limit past it', async () => {
    const { app, stored } = operations();
    client = await serve(app, { bodyLimit: 1024 });
    // 2,000 Chinese characters: within the field's bound, 6,000 bytes of UTF-8.
    const text = '退'.repeat(2000);
    const imported = await client.send({ method: 'POST', path: '/notes/import', json: { text } });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ length: 2000 });

    const elsewhere = await client.send({ method: 'POST', path: '/notes', json: { text } });
    expect(elsewhere.status).toBe(413);
    expect(await elsewhere.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: expect.stringContaining('1024'),
    });

    const past = await client.send({
      method: 'POST',
      path: '/notes/import',
      json: { text: '退'.repeat(3000) },
    });
    expect(past.status).toBe(413);
    expect(await past.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: expect.stringContaining('8192'),
    });
    expect(stored).toEqual([text]);
  });

  it("takes an operation route's own limit over the operation's and the server's, and names it past it", async () => {
    const { app, stored } = operations();
    client = await serve(app, {
      bodyLimit: 1024,
      operationRoutes: [
        { ...jsonRoute('notes.create', '/notes/large'), bodyLimit: 16_384 },
        { ...jsonRoute('notes.import', '/notes/import/small'), bodyLimit: 2048 },
        // No limit of its own: the operation's (8192) holds, as on the operation's own route.
        jsonRoute('notes.import', '/notes/import/again'),
      ],
    });
    const text = '退'.repeat(2000);
    const large = await client.send({ method: 'POST', path: '/notes/large', json: { text } });
    expect(large.status).toBe(200);
    expect(await large.json()).toEqual({ length: 2000 });
    const again = await client.send({ method: 'POST', path: '/notes/import/again', json: { text } });
    expect(again.status).toBe(200);

    // The operation's own route keeps the server's limit; the smaller route limit wins over the operation's.
    for (const [path, limit] of [
      ['/notes', '1024'],
      ['/notes/import/small', '2048'],
    ] as const) {
      const refused = await client.send({ method: 'POST', path, json: { text } });
      expect(refused.status).toBe(413);
      expect(await refused.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        detail: expect.stringContaining(limit),
      });
    }
    const past = await client.send({
      method: 'POST',
      path: '/notes/large',
      json: { text: '退'.repeat(6000) },
    });
    expect(past.status).toBe(413);
    expect(await past.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: expect.stringContaining('16384'),
    });
    expect(stored).toEqual([text, text]);
  });
});

/** An operation route answering the operation's response as JSON. */
function jsonRoute(operation: string, path: string) {
  return {
    operation,
    id: `${operation}.${path}`,
    method: 'POST' as const,
    path,
    encode: (result: unknown) => Response.json(result),
  };
}

describe('http.bodyLimit at startup', () => {
  it.each([0, -1, 1.5, Number.NaN])('refuses %s with INVALID_CONFIGURATION naming the operation', (limit) => {
    const broken = defineOperation({
      id: 'notes.import',
      request: Note,
      response: Type.Object({}),
      expose: ['http'],
      public: true,
      http: { bodyLimit: limit },
      handle: () => ({}),
    });
    expect(() => createHttpServer(createOpwire({ operations: [broken] }))).toThrow(
      expect.objectContaining({
        code: 'INVALID_CONFIGURATION',
        message: expect.stringContaining(`operation "notes.import": http.bodyLimit must be a whole number`),
      }),
    );
  });
});

describe("an operation route's bodyLimit at startup", () => {
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %s with INVALID_CONFIGURATION naming the route and its bodyLimit',
    (limit) => {
      const { app } = operations();
      expect(() =>
        createHttpServer(app, {
          operationRoutes: [{ ...jsonRoute('notes.create', '/notes/large'), bodyLimit: limit }],
        }),
      ).toThrow(
        expect.objectContaining({
          code: 'INVALID_CONFIGURATION',
          message: expect.stringContaining(
            'operationRoutes: POST /notes/large: bodyLimit must be a whole number of bytes from 1',
          ),
        }),
      );
    },
  );
});
