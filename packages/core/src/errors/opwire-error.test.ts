import { describe, expect, it } from 'vitest';
import './builtin-error-codes.js';
import { defineErrorCodes, listErrorCodes } from './error-catalog.js';
import { describeError, isOpwireError, OpwireError, toOpwireError } from './opwire-error.js';

describe('OpwireError', () => {
  it('is recognised across copies of the package through its Symbol.for marker', () => {
    const foreign = Object.assign(Object.create(null), { [Symbol.for('opwire.error')]: true, code: 'X' });
    expect(isOpwireError(foreign)).toBe(true);
    expect(isOpwireError(new Error('x'))).toBe(false);
  });

  it('describes itself for a client in en and zh-CN without cause or stack', () => {
    const error = new OpwireError('MISSING_FIELD', { field: 'sku', cause: new Error('secret') });
    expect(describeError(error, 'en')).toEqual({
      code: 'MISSING_FIELD',
      kind: 'invalid',
      message: 'Missing required field "sku".',
      field: 'sku',
    });
    expect(describeError(error, 'zh-CN').message).toBe('缺少必填字段“sku”。');
    expect(JSON.stringify(describeError(error, 'en'))).not.toContain('secret');
  });

  it('turns unknown throwables into INTERNAL, keeping the original as cause', () => {
    const original = new TypeError('boom');
    const error = toOpwireError(original);
    expect(error.code).toBe('INTERNAL');
    expect(error.cause).toBe(original);
  });

  it('has an en and a zh-CN message for every built-in code', () => {
    for (const [code, definition] of listErrorCodes()) {
      expect(definition.messages.en, code).toBeTruthy();
      expect(definition.messages['zh-CN'], code).toBeTruthy();
    }
  });

  it('refuses to redefine a code with another kind, and malformed codes', () => {
    expect(() =>
      defineErrorCodes({ NOT_FOUND: { kind: 'internal', messages: { en: 'x', 'zh-CN': 'x' } } }),
    ).toThrow(/already defined/);
    expect(() =>
      defineErrorCodes({ 'bad-code': { kind: 'rule', messages: { en: 'x', 'zh-CN': 'x' } } }),
    ).toThrow(/UPPER_SNAKE_CASE/);
  });
});
