import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { restoreAbsent, toModelSchema } from './strict-schema.js';

const request = Type.Object({
  orderId: Type.String({ minLength: 1, description: 'The order' }),
  quantity: Type.Optional(Type.Integer({ minimum: 1 })),
  note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
  lines: Type.Array(Type.Object({ sku: Type.String(), gift: Type.Optional(Type.Boolean()) })),
});

describe('toModelSchema', () => {
  it('makes every property required, optional ones nullable, and objects closed', () => {
    const { schema, strict } = toModelSchema(request);
    expect(strict).toBe(true);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        orderId: { type: 'string', description: 'The order (minLength 1)' },
        quantity: { anyOf: [{ type: 'integer', description: '(minimum 1)' }, { type: 'null' }] },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        status: {
          anyOf: [
            { type: 'string', const: 'open' },
            { type: 'string', const: 'closed' },
          ],
        },
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: { sku: { type: 'string' }, gift: { anyOf: [{ type: 'boolean' }, { type: 'null' }] } },
            required: ['sku', 'gift'],
            additionalProperties: false,
          },
        },
      },
      required: ['orderId', 'quantity', 'note', 'status', 'lines'],
      additionalProperties: false,
    });
  });

  it('falls back to the closed, non-strict schema for records and untyped values', () => {
    const record = toModelSchema(Type.Object({ tags: Type.Record(Type.String(), Type.String()) }));
    expect(record.strict).toBe(false);
    expect(record.schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(toModelSchema(Type.Object({ anything: Type.Unknown() })).strict).toBe(false);
  });
});

describe('restoreAbsent', () => {
  it('drops null for optional properties that do not accept null, at every depth', () => {
    const value = {
      orderId: 'o1',
      quantity: null,
      note: null,
      status: 'open',
      lines: [{ sku: 'a', gift: null }],
    };
    expect(restoreAbsent(request, value)).toEqual({
      orderId: 'o1',
      note: null,
      status: 'open',
      lines: [{ sku: 'a' }],
    });
  });

  it('keeps null on a required property so validation rejects it', () => {
    expect(restoreAbsent(request, { orderId: null })).toEqual({ orderId: null });
  });

  it('leaves unknown properties for validation to reject', () => {
    expect(restoreAbsent(request, { orderId: 'o1', tenant: 'other' })).toEqual({
      orderId: 'o1',
      tenant: 'other',
    });
  });
});
