import { coreErrors } from '@opwire/core';
import { describe, expect, it } from 'vitest';
import { isToolErrorResult, toToolErrorResult } from './tool-result.js';

describe('tool error results', () => {
  it('gives the code, the localized message and the field, never internal details', () => {
    const invalid = coreErrors.MISSING_FIELD({ field: 'sku' });
    expect(toToolErrorResult(invalid, 'en')).toEqual({
      error: { code: 'MISSING_FIELD', message: 'Missing required field "sku".', field: 'sku' },
    });
    expect(toToolErrorResult(new Error('password=hunter2'), 'zh-CN')).toEqual({
      error: { code: 'INTERNAL', message: '发生内部错误。' },
    });
  });

  it('tells an error result from a tool output', () => {
    expect(isToolErrorResult(toToolErrorResult(new Error('x'), 'en'))).toBe(true);
    expect(isToolErrorResult({ orders: [] })).toBe(false);
    expect(isToolErrorResult({ error: 'text' })).toBe(false);
    expect(isToolErrorResult({ error: { code: 7 } })).toBe(false);
    expect(isToolErrorResult(null)).toBe(false);
    expect(isToolErrorResult({ approval: { status: 'pending' } })).toBe(false);
  });
});
