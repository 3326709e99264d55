import { expect } from 'vitest';
import type { BadInputCase } from './bad-input-cases.js';
import type { RunningShop } from './shop-harness.js';

/**
 * Sends a bad request and checks its answer, that orders and earlier audit records are untouched,
 * and that exactly the expected error record (or none) was added.
 */
export async function expectRejected(
  shop: RunningShop,
  path: string,
  testCase: Omit<BadInputCase, 'name' | 'path'>,
) {
  const before = await shop.snapshot();
  const response = await shop.request(path, testCase.request);
  expect(response.status).toBe(testCase.status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status: testCase.status, code: testCase.code });
  expect(response.body.type).toBe(`urn:opwire:error:${testCase.code}`);
  if (testCase.field !== undefined) expect(response.body.errors?.[0]?.field).toBe(testCase.field);
  await shop.expectUnchanged(before, { code: testCase.code, audited: testCase.audited });
  return response;
}
