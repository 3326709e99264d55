import type { ShopRequest } from './shop-harness.js';

/** One malformed or unauthorized request and exactly what the shop must answer. */
export interface BadInputCase {
  readonly name: string;
  readonly path: string;
  readonly request: ShopRequest;
  readonly status: number;
  readonly code: string;
  /** The field the problem's first validation issue names. */
  readonly field?: string;
  /** Whether the pipeline saw the call (and wrote one error record) or the HTTP layer answered first. */
  readonly audited: boolean;
}

const customer = 'customer-token';
const post = (body: unknown, token = customer): ShopRequest => ({ method: 'POST', token, body });

/** The bad-input matrix: every way a request can be wrong, each with its own status and code. */
export const badInputCases: readonly BadInputCase[] = [
  {
    name: 'missing field',
    path: '/orders',
    request: post({ quantity: 1 }),
    status: 400,
    code: 'MISSING_FIELD',
    field: 'sku',
    audited: true,
  },
  {
    name: 'wrong type ("2" is not 2)',
    path: '/orders',
    request: post({ sku: 'KB-01', quantity: '2' }),
    status: 400,
    code: 'WRONG_TYPE',
    field: 'quantity',
    audited: true,
  },
  {
    name: 'null',
    path: '/orders',
    request: post({ sku: 'KB-01', quantity: null }),
    status: 400,
    code: 'NULL_NOT_ALLOWED',
    field: 'quantity',
    audited: true,
  },
  {
    name: 'out of range',
    path: '/orders',
    request: post({ sku: 'KB-01', quantity: 0 }),
    status: 400,
    code: 'OUT_OF_RANGE',
    field: 'quantity',
    audited: true,
  },
  {
    // The declared maximum (1000, in the OpenAPI document) comes before the stock check.
    name: 'above the declared maximum',
    path: '/orders',
    request: post({ sku: 'KB-01', quantity: 1001 }),
    status: 400,
    code: 'OUT_OF_RANGE',
    field: 'quantity',
    audited: true,
  },
  {
    name: 'invalid enum',
    path: '/orders?status=lost',
    request: { token: customer },
    status: 400,
    code: 'INVALID_ENUM',
    field: 'status',
    audited: true,
  },
  {
    name: 'unknown field',
    path: '/orders',
    request: post({ sku: 'KB-01', quantity: 1, discountCents: 8900 }),
    status: 400,
    code: 'UNKNOWN_FIELD',
    field: 'discountCents',
    audited: true,
  },
  {
    name: 'malformed JSON',
    path: '/orders',
    request: { method: 'POST', token: customer, rawBody: '{"sku": "KB-01", "quantity": ', headers: json() },
    status: 400,
    code: 'MALFORMED_JSON',
    audited: false,
  },
  {
    name: 'wrong content type',
    path: '/orders',
    request: {
      method: 'POST',
      token: customer,
      rawBody: '{"sku":"KB-01","quantity":1}',
      headers: { 'content-type': 'text/plain' },
    },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    audited: false,
  },
  {
    name: 'wrong charset',
    path: '/orders',
    request: {
      method: 'POST',
      token: customer,
      rawBody: '{"sku":"KB-01","quantity":1}',
      headers: { 'content-type': 'application/json; charset=latin1' },
    },
    status: 415,
    code: 'UNSUPPORTED_CHARSET',
    audited: false,
  },
  {
    name: 'a body that says it is brotli',
    path: '/orders',
    request: {
      method: 'POST',
      token: customer,
      rawBody: '{"sku":"KB-01","quantity":1}',
      headers: { ...json(), 'content-encoding': 'br' },
    },
    status: 415,
    code: 'UNSUPPORTED_CONTENT_ENCODING',
    audited: false,
  },
  {
    name: 'oversized body',
    path: '/orders',
    request: {
      method: 'POST',
      token: customer,
      rawBody: JSON.stringify({ sku: 'KB-01', quantity: 1, note: 'x'.repeat(2 * 1024 * 1024) }),
      headers: json(),
    },
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    audited: false,
  },
  {
    name: 'prototype poisoning',
    path: '/orders',
    request: {
      method: 'POST',
      token: customer,
      rawBody: '{"sku":"KB-01","quantity":1,"__proto__":{"isAdmin":true}}',
      headers: json(),
    },
    status: 400,
    code: 'PROTOTYPE_POISONING',
    audited: false,
  },
  {
    name: 'unauthenticated (no token)',
    path: '/orders',
    request: { method: 'POST', body: { sku: 'KB-01', quantity: 1 } },
    status: 401,
    code: 'UNAUTHENTICATED',
    audited: true,
  },
  {
    name: 'unauthenticated (unknown token)',
    path: '/orders',
    request: post({ sku: 'KB-01', quantity: 1 }, 'stolen-token'),
    status: 401,
    code: 'UNAUTHENTICATED',
    // Refused like a missing token, through the pipeline, and audited as one is.
    audited: true,
  },
  {
    name: 'denied (support may not place orders)',
    path: '/orders',
    request: post({ sku: 'KB-01', quantity: 1 }, 'support-token'),
    status: 403,
    code: 'PERMISSION_DENIED',
    audited: true,
  },
  {
    name: 'business rule: unknown SKU',
    path: '/orders',
    request: post({ sku: 'NOPE-1', quantity: 1 }),
    status: 422,
    code: 'UNKNOWN_SKU',
    audited: true,
  },
  {
    name: 'business rule: more than in stock',
    path: '/orders',
    request: post({ sku: 'KB-01', quantity: 51 }),
    status: 422,
    code: 'OUT_OF_STOCK',
    audited: true,
  },
];

function json(): Record<string, string> {
  return { 'content-type': 'application/json' };
}
