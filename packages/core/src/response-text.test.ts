import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import type { ResponseText } from './context.js';
import { createOpwire } from './create-opwire.js';
import { defineMiddleware, respondWith } from './middleware.js';
import { defineOperation } from './operation.js';

// A surface that answers in JSON hands the call a `ResponseText`: the response check leaves there the text it
// wrote while checking, or `undefined` where it could not verify the value on the way.
const note = Type.Object({ text: Type.String() });

function sink(): ResponseText {
  return { value: undefined, text: undefined, ascii: false };
}

function appWith(response: unknown, replacement?: unknown) {
  const replace = defineMiddleware({
    name: 'replace',
    async run(_context, next) {
      await next();
      return respondWith(replacement);
    },
  });
  const read = defineOperation({
    id: 'notes.read',
    request: Type.Object({}),
    response: note,
    public: true,
    ...(replacement === undefined ? {} : { use: [replace] }),
    handle: () => response as { text: string },
  });
  return { app: createOpwire({ operations: [read] }), read };
}

describe('ResponseText', () => {
  it('holds the text of the value answered, and tells whether it is ASCII', async () => {
    for (const [text, ascii] of [
      ['tea', true],
      ['茶', false],
    ] as const) {
      const { app, read } = appWith({ text });
      const written = sink();
      const value = await app.invoke(read, {}, { responseText: written });
      expect(written).toEqual({ value, text: JSON.stringify({ text }), ascii });
    }
  });

  it('holds no text for a value the check could not verify while writing (a string to escape)', async () => {
    const { app, read } = appWith({ text: 'say "hi"' });
    const written = sink();
    await app.invoke(read, {}, { responseText: written });
    expect(written.text).toBeUndefined();
  });

  it('follows an answer a middleware put in place of one it had written', async () => {
    const { app, read } = appWith({ text: 'tea' }, { text: 'say "hi"' });
    const written = sink();
    const value = await app.invoke(read, {}, { responseText: written });
    expect(value).toEqual({ text: 'say "hi"' });
    expect(written).toMatchObject({ value, text: undefined });
  });
});
