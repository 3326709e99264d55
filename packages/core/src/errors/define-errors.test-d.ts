import { describe, expectTypeOf, it } from 'vitest';
import { coreErrors } from './core-errors.js';
import { defineErrors, type PlaceholdersOf } from './define-errors.js';
import type { OpwireError } from './opwire-error.js';

const shop = defineErrors({
  OUT_OF_STOCK: {
    kind: 'rule',
    messages: { en: 'Only {available} of "{sku}" left.', 'zh-CN': '“{sku}”仅剩 {available} 件。' },
  },
  SOLD_OUT: { kind: 'rule', messages: { en: 'Sold out.', 'zh-CN': '已售罄。' } },
});

describe('error entries are typed constructors', () => {
  it('read the params a message names', () => {
    expectTypeOf<PlaceholdersOf<'Only {available} of "{sku}" left.'>>().toEqualTypeOf<'available' | 'sku'>();
    expectTypeOf(shop.OUT_OF_STOCK({ params: { available: 1, sku: 'tea' } })).toEqualTypeOf<
      OpwireError<'OUT_OF_STOCK'>
    >();
  });

  it('refuse a missing or misspelled param, and params for a message without placeholders', () => {
    // @ts-expect-error: "sku" is missing
    shop.OUT_OF_STOCK({ params: { available: 1 } });
    // @ts-expect-error: "avalable" is not a placeholder
    shop.OUT_OF_STOCK({ params: { avalable: 1, sku: 'tea' } });
    // @ts-expect-error: the params are required
    shop.OUT_OF_STOCK();
    // @ts-expect-error: SOLD_OUT names no placeholder
    shop.SOLD_OUT({ params: { sku: 'tea' } });
    shop.SOLD_OUT();
  });

  it('require a value for each response header the code declares', () => {
    const { SLOW } = defineErrors({
      SLOW: { kind: 'limited', messages: { en: 'Slow.', 'zh-CN': '慢。' }, headers: ['Retry-After'] },
    });
    // @ts-expect-error: SLOW declares retry-after, so a raise must give it
    SLOW();
    // @ts-expect-error: the declared header is missing
    SLOW({ headers: {} });
    // @ts-expect-error: a misspelled header is not the declared one
    SLOW({ headers: { 'retry-afte': '1' } });
    expectTypeOf(SLOW({ headers: { 'retry-after': '1' } })).toEqualTypeOf<OpwireError<'SLOW'>>();
    // A code declaring none takes headers a middleware declares, or none.
    shop.SOLD_OUT({ headers: { 'retry-after': '1' } });
    shop.SOLD_OUT();
  });

  it('require the field of a message that names {field}', () => {
    // @ts-expect-error: MISSING_FIELD names {field}
    coreErrors.MISSING_FIELD();
    coreErrors.MISSING_FIELD({ field: 'sku' });
  });

  it('have no entry for a misspelled code', () => {
    // @ts-expect-error: there is no OUT_OF_STOK
    shop.OUT_OF_STOK;
  });
});
