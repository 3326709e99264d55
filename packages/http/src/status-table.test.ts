import { type AnyErrorEntry, coreErrors, defineErrors } from '@opwire/core';
import { describe, expect, it } from 'vitest';
import { httpErrors } from './http-errors.js';
import { problemAnswer, toProblemJson } from './problem-json.js';
import { statusOf } from './status-table.js';

describe('statusOf', () => {
  it.each([
    ['MISSING_FIELD', 400],
    ['MALFORMED_JSON', 400],
    ['PROTOTYPE_POISONING', 400],
    ['UNAUTHENTICATED', 401],
    ['PERMISSION_DENIED', 403],
    ['NOT_FOUND', 404],
    ['ROUTE_NOT_FOUND', 404],
    ['METHOD_NOT_ALLOWED', 405],
    ['CONFLICT', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNSUPPORTED_MEDIA_TYPE', 415],
    ['UNSUPPORTED_CONTENT_ENCODING', 415],
    ['RULE_VIOLATION', 422],
    ['RATE_LIMITED', 429],
    ['CANCELLED', 499],
    ['INTERNAL', 500],
    ['UNAVAILABLE', 503],
    ['DEADLINE_EXCEEDED', 504],
  ])('%s → %i', (code, status) => {
    const entries: Record<string, AnyErrorEntry> = { ...coreErrors, ...httpErrors };
    expect(statusOf(entries[code] as AnyErrorEntry)).toBe(status);
  });

  it('maps an app catalogue’s entries by their kind', () => {
    const shop = defineErrors({
      SOLD_OUT: { kind: 'rule', messages: { en: 'Sold out.', 'zh-CN': '已售罄。' } },
    });
    expect(statusOf(shop.SOLD_OUT)).toBe(422);
    expect(statusOf(shop.SOLD_OUT())).toBe(422);
  });
});

describe('problem+json', () => {
  it('renders validation issues with code, field, pointer and localized detail', () => {
    const error = coreErrors.WRONG_TYPE({
      field: 'items[0].quantity',
      params: { expected: 'integer' },
      issues: [
        { code: 'WRONG_TYPE', field: 'items[0].quantity', pointer: '/items/0/quantity', expected: 'integer' },
      ],
    });
    expect(toProblemJson(error, 'zh-CN')).toEqual({
      type: 'urn:opwire:error:WRONG_TYPE',
      title: 'Bad Request',
      status: 400,
      detail: '字段“items[0].quantity”必须是 整数。',
      code: 'WRONG_TYPE',
      errors: [
        {
          code: 'WRONG_TYPE',
          field: 'items[0].quantity',
          pointer: '/items/0/quantity',
          detail: '字段“items[0].quantity”必须是 整数。',
        },
      ],
    });
  });

  it('names the field of a rule error that has one, outside errors[]', () => {
    const error = coreErrors.RULE_VIOLATION({ field: 'quantity', params: { reason: 'too many' } });
    expect(toProblemJson(error, 'en')).toEqual({
      type: 'urn:opwire:error:RULE_VIOLATION',
      title: 'Unprocessable Content',
      status: 422,
      detail: 'The request breaks a business rule: too many',
      code: 'RULE_VIOLATION',
      field: 'quantity',
    });
  });

  it('never carries the cause of an internal error', () => {
    const error = coreErrors.INTERNAL({ cause: new Error('password=hunter2') });
    const answer = problemAnswer(error, { locale: 'en', requestId: 'r1' });
    expect(answer.body).not.toContain('hunter2');
    expect(answer.headers).toMatchObject({
      'content-type': 'application/problem+json',
      'x-request-id': 'r1',
    });
  });
});
