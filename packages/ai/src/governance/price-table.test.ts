import { describe, expect, it } from 'vitest';
import { checkPriceTable, costOf, costsOfSteps, mainCurrencyOf, priceOf } from './price-table.js';

const prices = {
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10, currency: 'USD' },
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, currency: 'USD' },
  'qwen-max': { inputPerMillion: 2.4, outputPerMillion: 9.6, currency: 'CNY' },
};

describe('prices', () => {
  it('finds the price of the answering model, a dated version of a listed one, or the model asked for', () => {
    expect(priceOf(prices, 'gpt-4o-mini')).toBe(prices['gpt-4o-mini']);
    expect(priceOf(prices, 'gpt-4o-mini-2024-07-18')).toBe(prices['gpt-4o-mini']);
    expect(priceOf(prices, 'gpt-4o-2024-08-06')).toBe(prices['gpt-4o']);
    expect(priceOf(prices, 'local-model', 'qwen-max')).toBe(prices['qwen-max']);
    expect(priceOf(prices, 'gpt-4o1')).toBeUndefined();
    expect(priceOf(prices, undefined)).toBeUndefined();
  });

  it('prices no other model by a listed one whose id it starts with, and nothing by an inherited name', () => {
    const onlyTheLarge = { 'gpt-4o': prices['gpt-4o'], 'gpt-4': prices['gpt-4o'] };
    expect(priceOf(onlyTheLarge, 'gpt-4o-mini')).toBeUndefined();
    expect(priceOf(onlyTheLarge, 'gpt-4o-mini-2024-07-18')).toBeUndefined();
    expect(priceOf(onlyTheLarge, 'gpt-4-0613')).toBe(onlyTheLarge['gpt-4']);
    expect(priceOf(onlyTheLarge, 'gpt-4o-20240806')).toBe(onlyTheLarge['gpt-4o']);
    expect(priceOf(onlyTheLarge, 'constructor')).toBeUndefined();
    expect(priceOf(onlyTheLarge, 'toString', '__proto__')).toBeUndefined();
    expect(
      costOf(onlyTheLarge, { model: 'constructor', inputTokens: 1_000_000, outputTokens: 1_000_000 }),
    ).toBeUndefined();
  });

  it('costs a turn from its tokens, in the model currency, without floating-point noise', () => {
    expect(costOf(prices, { model: 'gpt-4o-mini', inputTokens: 1234, outputTokens: 567 })).toEqual({
      amount: 0.0005253,
      currency: 'USD',
    });
    expect(costOf(prices, { model: 'qwen-max', inputTokens: 1_000_000, outputTokens: 500_000 })).toEqual({
      amount: 7.2,
      currency: 'CNY',
    });
    expect(costOf(prices, { model: 'unknown', inputTokens: 5, outputTokens: 5 })).toBeUndefined();
  });

  it('costs a turn step by step, each by the model that answered it, one cost per currency, the last first', () => {
    const step = (model: string, inputTokens: number, outputTokens = 0) => ({
      model,
      inputTokens,
      outputTokens,
    });
    expect(costsOfSteps(prices, [step('gpt-4o', 1_000_000, 1_000_000), step('gpt-4o-mini', 10, 10)])).toEqual(
      [{ amount: 12.5000075, currency: 'USD' }],
    );
    expect(costsOfSteps(prices, [step('gpt-4o', 1_000_000), step('local-model', 1_000_000)])).toEqual([
      { amount: 2.5, currency: 'USD' },
    ]);
    expect(costsOfSteps(prices, [step('local-model', 1_000_000)], 'gpt-4o-mini')).toEqual([
      { amount: 0.15, currency: 'USD' },
    ]);
    expect(costsOfSteps(prices, [step('gpt-4o', 1_000_000), step('qwen-max', 1_000_000)])).toEqual([
      { amount: 2.4, currency: 'CNY' },
      { amount: 2.5, currency: 'USD' },
    ]);
    expect(costsOfSteps(prices, [step('local-model', 1_000_000)])).toEqual([]);
  });

  it('refuses prices that cannot be right', () => {
    expect(() =>
      checkPriceTable({ m: { inputPerMillion: Number.NaN, outputPerMillion: 1, currency: 'USD' } }),
    ).toThrow(/model "m"/);
    expect(() => checkPriceTable(prices)).not.toThrow();
  });
});

describe('mainCurrencyOf', () => {
  const price = (currency: string) => ({ inputPerMillion: 1, outputPerMillion: 1, currency });
  it('is the currency most models are priced in, the first by code on a tie, none for no prices', () => {
    expect(mainCurrencyOf({ a: price('USD'), b: price('CNY'), c: price('CNY') })).toBe('CNY');
    expect(mainCurrencyOf({ a: price('USD'), b: price('CNY') })).toBe('CNY');
    expect(mainCurrencyOf({ a: price('USD'), b: price('EUR'), c: price('USD') })).toBe('USD');
    expect(mainCurrencyOf({})).toBeUndefined();
  });
});
