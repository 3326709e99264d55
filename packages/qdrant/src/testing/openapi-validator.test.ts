import { describe, expect, it } from 'vitest';
import { createOpenApiValidator } from './openapi-validator.js';

const validator = createOpenApiValidator();
const scroll = 'post /collections/{collection_name}/points/scroll';

describe('the OpenAPI check of the Qdrant stand-in', () => {
  it('refuses an answer field Qdrant’s document does not name, as it refuses one in a request', () => {
    const answer = (result: unknown) => ({ result, status: 'ok', time: 0 });
    expect(validator.checkResponse(scroll, 200, answer({ points: [], next_page_offset: null }))).toEqual([]);
    expect(validator.checkResponse(scroll, 200, answer({ points: [], next_page_ofset: null }))).toEqual([
      'answer/result must NOT have additional properties',
    ]);
    expect(validator.checkResponse(scroll, 404, { status: { error: 'Not found' }, time: 0 })).toEqual([]);
    expect(validator.checkResponse(scroll, 404, { status: { message: 'Not found' }, time: 0 })).toEqual([
      'answer/status must NOT have additional properties',
    ]);
    expect(validator.checkRequest(scroll, {}, { limit: 1, with_payloads: true })).toEqual([
      'body must NOT have additional properties',
    ]);
  });
});
