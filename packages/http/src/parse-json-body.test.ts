import { isOpwireError } from '@opwire/core';
import { findPoisonedKey } from '@opwire/core/surface';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from './parse-json-body.js';

function codeOf(text: string): string | undefined {
  try {
    parseJsonBody(text);
    return undefined;
  } catch (error) {
    return isOpwireError(error) ? error.code : 'not an OpwireError';
  }
}

describe('parseJsonBody', () => {
  it('parses ordinary JSON, including keys that merely mention constructor or proto', () => {
    expect(parseJsonBody('{"constructor":"Ford","protocol":"https","proto":{"x":1}}')).toEqual({
      constructor: 'Ford',
      protocol: 'https',
      proto: { x: 1 },
    });
    expect(parseJsonBody('{"constructor":{"name":"x"}}')).toEqual({ constructor: { name: 'x' } });
    expect(parseJsonBody('"\\u00e9"')).toBe('é');
  });

  it.each([
    ['top-level __proto__', '{"__proto__":{"admin":true}}', '/__proto__'],
    ['nested __proto__', '{"a":{"b":[1,{"__proto__":null}]}}', '/a/b/1/__proto__'],
    ['escaped __proto__', '{"\\u005f\\u005fproto\\u005f\\u005f":{}}', '/__proto__'],
    [
      'constructor.prototype',
      '{"user":{"constructor":{"prototype":{"admin":true}}}}',
      '/user/constructor/prototype',
    ],
  ])('rejects %s with PROTOTYPE_POISONING', (_name, text, pointer) => {
    expect(codeOf(text)).toBe('PROTOTYPE_POISONING');
    expect(findPoisonedKey(JSON.parse(text))).toBe(pointer);
  });

  it.each(['', '{', '{"a":1,}', "{'a':1}", 'undefined', '{"a":1}{"b":2}'])(
    'rejects %j as MALFORMED_JSON',
    (text) => {
      expect(codeOf(text)).toBe('MALFORMED_JSON');
    },
  );

  it('answers a forbidden key deep in a body with a pointer of at most 200 characters that ends at the key', () => {
    const depth = 50_000;
    const text = `${'['.repeat(depth)}{"constructor":{"prototype":1}}${']'.repeat(depth)}`;
    let field: string | undefined;
    try {
      parseJsonBody(text);
    } catch (error) {
      field = isOpwireError(error) ? error.field : undefined;
    }
    expect(field?.length).toBe(200);
    expect(field?.startsWith('/0/0/0')).toBe(true);
    expect(field?.endsWith('/0/constructor/prototype')).toBe(true);
  });

  it('survives very deep nesting without recursion', () => {
    const depth = 100_000;
    expect(findPoisonedKey(JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`))).toBeUndefined();
  });

  it('never lets a parsed body change an object prototype', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        if (codeOf(text) === undefined) expect(findPoisonedKey(parseJsonBody(text))).toBeUndefined();
        expect(({} as Record<string, unknown>).admin).toBeUndefined();
      }),
    );
  });
});
