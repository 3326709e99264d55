import { describe, expect, it } from 'vitest';
import { coreErrors } from './core-errors.js';
import { defineErrors } from './define-errors.js';
import { describeError, toOpwireError } from './describe-error.js';
import { createErrorRegistry } from './error-registry.js';
import { isOpwireError, OpwireError } from './opwire-error.js';

describe('OpwireError', () => {
  it('refuses response headers no server could send, declared or raised', () => {
    expect(() =>
      defineErrors({
        SLOW: { kind: 'limited', messages: { en: 'Slow.', 'zh-CN': '慢。' }, headers: ['retry after'] },
      }),
    ).toThrow(/Error code "SLOW": response header name "retry after" is not an HTTP token/);
    const { SLOW } = defineErrors({
      SLOW: { kind: 'limited', messages: { en: 'Slow.', 'zh-CN': '慢。' }, headers: ['retry-after'] },
    });
    expect(() => SLOW({ headers: { 'retry-after': '1\r\nx-injected: 1' } })).toThrow(
      /error SLOW: the value of response header "retry-after"/,
    );
    expect(() => SLOW({ headers: { 'retry-after': '1', 'retry after': '1' } })).toThrow(
      /is not an HTTP token/,
    );
    expect(SLOW({ headers: { 'retry-after': '1' } }).headers).toEqual({ 'retry-after': '1' });
  });

  it('refuses a raise that gives no value for a header its code declares, whatever the case of the name', () => {
    const { SLOW, PLAIN } = defineErrors({
      SLOW: { kind: 'limited', messages: { en: 'Slow.', 'zh-CN': '慢。' }, headers: ['Retry-After'] },
      PLAIN: { kind: 'limited', messages: { en: 'Plain.', 'zh-CN': '普通。' } },
    });
    const bypassed = SLOW as unknown as (options?: object) => OpwireError;
    const missing =
      /error SLOW: the code declares the response header "retry-after", but this raise gives it no value/;
    expect(() => bypassed()).toThrow(missing);
    expect(() => bypassed({ headers: {} })).toThrow(missing);
    expect(() => bypassed({ headers: { 'x-other': '1' } })).toThrow(missing);
    expect(SLOW({ headers: { 'retry-after': '3' } }).headers).toEqual({ 'retry-after': '3' });
    expect(bypassed({ headers: { 'Retry-After': '3' } }).headers).toEqual({ 'Retry-After': '3' });
    // A code that declares none may still carry headers a middleware declares (the rate limiter's `retry-after`).
    expect(PLAIN({ headers: { 'retry-after': '3' } }).headers).toEqual({ 'retry-after': '3' });
    expect(PLAIN().headers).toBeUndefined();
  });

  it('is recognised across copies of the package through its Symbol.for marker', () => {
    const foreign = Object.assign(Object.create(null), { [Symbol.for('opwire.error')]: true, code: 'X' });
    expect(isOpwireError(foreign)).toBe(true);
    expect(isOpwireError(new Error('x'))).toBe(false);
    expect(coreErrors.CONFLICT()).toBeInstanceOf(OpwireError);
  });

  it('describes itself for a client in en and zh-CN without cause or stack', () => {
    const error = coreErrors.MISSING_FIELD({ field: 'sku', cause: new Error('secret') });
    expect(describeError(error, 'en')).toEqual({
      code: 'MISSING_FIELD',
      kind: 'invalid',
      message: 'Missing required field "sku".',
      field: 'sku',
    });
    expect(describeError(error, 'zh-CN').message).toBe('缺少必填字段“sku”。');
    expect(JSON.stringify(describeError(error, 'en'))).not.toContain('secret');
  });

  it('writes a param given per language, and the expected JSON type, in the language of the message', () => {
    const missing = coreErrors.NOT_FOUND({ params: { resource: { en: 'order', 'zh-CN': '订单' } } });
    expect(missing.message).toBe('The requested order was not found.');
    expect(describeError(missing, 'zh-CN').message).toBe('未找到所请求的订单。');
    const english = coreErrors.NOT_FOUND({ params: { resource: { en: 'note' } } });
    expect(describeError(english, 'zh-CN').message).toBe('未找到所请求的note。');
    const issue = { code: 'WRONG_TYPE', field: 'limit', pointer: '/limit', expected: 'integer | null' };
    const wrong = coreErrors.WRONG_TYPE({
      field: 'limit',
      params: { expected: issue.expected },
      issues: [issue],
    });
    expect(wrong.message).toBe('Field "limit" must be integer | null.');
    const chinese = describeError(wrong, 'zh-CN');
    expect(chinese.message).toBe('字段“limit”必须是 整数 | null。');
    expect(chinese.issues?.[0]).toMatchObject({
      expected: 'integer | null',
      message: '字段“limit”必须是 整数 | null。',
    });
    // A literal is written as it is, even one that spells a type name.
    const literal = coreErrors.WRONG_TYPE({ field: 'kind', params: { expected: '"string" | "array"' } });
    expect(describeError(literal, 'zh-CN').message).toBe('字段“kind”必须是 "string" | "array"。');
    // An issue with the request as a whole names it so, not as an empty field.
    const whole = coreErrors.WRONG_TYPE({ field: '', params: { expected: 'object' } });
    expect(whole.message).toBe('Field "(the whole request)" must be object.');
    expect(describeError(whole, 'zh-CN').message).toBe('字段“（整个请求）”必须是 对象。');
    // What a bound or a pattern expects is said in Chinese too; its numbers and pattern stay.
    const bounds: Array<[string, string]> = [
      ['length >= 1', '长度至少 1'],
      ['length <= 200', '长度至多 200'],
      ['at least 1 items', '至少 1 项'],
      ['at most 10 items', '至多 10 项'],
      ['at least 2 properties', '至少 2 个属性'],
      ['at most 20 properties', '至多 20 个属性'],
      ['a finite number', '有限的数字'],
      ['a multiple of 0.5', '0.5 的倍数'],
      ['pattern ^[A-Za-z0-9_-]+$', '匹配模式 ^[A-Za-z0-9_-]+$'],
    ];
    for (const [expected, said] of bounds) {
      const bound = coreErrors.OUT_OF_RANGE({ field: 'sku', params: { expected } });
      expect(describeError(bound, 'zh-CN').message).toBe(`字段“sku”超出范围（应为 ${said}）。`);
      expect(bound.message).toBe(`Field "sku" is out of range (expected ${expected}).`);
    }
    const key = coreErrors.INVALID_FORMAT({ field: 'tags.x', params: { expected: 'a valid key' } });
    expect(describeError(key, 'zh-CN').message).toBe('字段“tags.x”格式无效（应为 有效的键）。');
  });

  it('turns unknown throwables into INTERNAL, keeping the original as cause', () => {
    const original = new TypeError('boom');
    const error = toOpwireError(original);
    expect(error.code).toBe('INTERNAL');
    expect(error.cause).toBe(original);
  });

  it('has an en and a zh-CN message for every core code, naming the same placeholders', () => {
    for (const entry of Object.values(coreErrors)) {
      expect(entry.messages.en, entry.code).toBeTruthy();
      expect(entry.messages['zh-CN'], entry.code).toBeTruthy();
    }
  });
});

describe('defineErrors', () => {
  const catalogue = defineErrors({
    OUT_OF_STOCK: {
      kind: 'rule',
      messages: {
        en: 'Only {available} of "{sku}" left; "{field}" asked for more.',
        'zh-CN': '“{sku}”仅剩 {available} 件；“{field}”超出。',
      },
    },
  });

  it('makes entries that raise errors with their code, kind, params and field', () => {
    const error = catalogue.OUT_OF_STOCK({ field: 'quantity', params: { sku: 'tea', available: 3 } });
    expect(error).toMatchObject({ code: 'OUT_OF_STOCK', kind: 'rule', field: 'quantity' });
    expect(error.message).toBe('Only 3 of "tea" left; "quantity" asked for more.');
    expect(error.localize('zh-CN')).toBe('“tea”仅剩 3 件；“quantity”超出。');
    expect(catalogue.OUT_OF_STOCK.code).toBe('OUT_OF_STOCK');
  });

  it('refuses malformed codes and en/zh-CN messages that name different placeholders', () => {
    expect(() => defineErrors({ 'bad-code': { kind: 'rule', messages: { en: 'x', 'zh-CN': 'x' } } })).toThrow(
      /UPPER_SNAKE_CASE/,
    );
    expect(() =>
      defineErrors({
        SHORT: { kind: 'rule', messages: { en: 'Only {count}.', 'zh-CN': '只有 {number}。' } },
      }),
    ).toThrow(/same placeholders \(count vs number\)/);
  });

  it('collects into one registry, where one code defined twice differently fails at startup', () => {
    const registry = createErrorRegistry(Object.values(catalogue));
    expect(registry.get('OUT_OF_STOCK')).toBe(catalogue.OUT_OF_STOCK);
    expect(registry.get('NOT_FOUND')).toBe(coreErrors.NOT_FOUND);
    const other = defineErrors({ NOT_FOUND: { kind: 'internal', messages: { en: 'x', 'zh-CN': 'x' } } });
    expect(() => createErrorRegistry(Object.values(other))).toThrow(/"NOT_FOUND" is defined twice/);
    expect(() => createErrorRegistry(['NOT_FOUND' as never])).toThrow(/not an entry made by defineErrors/);
  });
});
