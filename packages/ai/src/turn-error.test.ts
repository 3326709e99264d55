import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { aiErrors } from './ai-errors.js';
import { turnErrorOf } from './turn-error.js';

const aborted = (reason?: unknown) => {
  const controller = new AbortController();
  controller.abort(reason);
  return controller.signal;
};

describe('turnErrorOf', () => {
  it('tells a stop from a passed deadline', () => {
    const stopped = new DOMException('stopped', 'AbortError');
    expect(turnErrorOf(stopped, aborted())).toMatchObject({ code: 'CANCELLED', cause: stopped });
    const late = new DOMException('late', 'TimeoutError');
    expect(turnErrorOf(late, aborted(late))).toMatchObject({ code: 'DEADLINE_EXCEEDED' });
  });

  it('blames the provider only for AI SDK errors', () => {
    const refused = new APICallError({
      message: 'bad key',
      url: 'http://127.0.0.1',
      requestBodyValues: {},
      statusCode: 401,
    });
    expect(turnErrorOf(refused, undefined)).toMatchObject({
      code: 'PROVIDER_REJECTED',
      kind: 'upstream',
      params: { status: 401 },
      cause: refused,
    });
    // What may pass if asked again (a timeout, a conflict, a rate limit, a 5xx, no status) is PROVIDER_FAILED.
    for (const statusCode of [408, 409, 429, 500, 503, undefined]) {
      const failed = new APICallError({
        message: 'x',
        url: 'http://127.0.0.1',
        requestBodyValues: {},
        statusCode,
      });
      expect(turnErrorOf(failed, undefined)).toMatchObject({ code: 'PROVIDER_FAILED', kind: 'unavailable' });
    }
    // A 4xx the provider itself marks retryable is not a refusal that will stand.
    const retryable = new APICallError({
      message: 'x',
      url: 'http://127.0.0.1',
      requestBodyValues: {},
      statusCode: 400,
      isRetryable: true,
    });
    expect(turnErrorOf(retryable, undefined)).toMatchObject({ code: 'PROVIDER_FAILED' });
    const hook = new Error('knowledge store down');
    expect(turnErrorOf(hook, undefined)).toMatchObject({ code: 'INTERNAL', cause: hook });
  });

  it('keeps an OpwireError as it is', () => {
    const rejected = aiErrors.PROMPT_NOT_FOUND({ params: { prompt: 'x' } });
    expect(turnErrorOf(rejected, undefined)).toBe(rejected);
  });
});
