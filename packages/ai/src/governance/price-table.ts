import { coreErrors } from '@opwire/core';
import type { Cost } from './turn-ledger.js';

/** What one model costs, per million tokens, in one currency (ISO 4217, such as `USD`). */
export interface ModelPrice {
  readonly inputPerMillion: number;
  readonly outputPerMillion: number;
  readonly currency: string;
}

/** Prices by model id, as providers name their models (`gpt-4o-mini`). */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

/** Rejects a price table with negative or non-finite prices or a malformed currency, naming the model. */
export function checkPriceTable(prices: PriceTable): void {
  for (const [model, price] of Object.entries(prices)) {
    const valid =
      Number.isFinite(price.inputPerMillion) &&
      price.inputPerMillion >= 0 &&
      Number.isFinite(price.outputPerMillion) &&
      price.outputPerMillion >= 0 &&
      /^[A-Z]{3}$/.test(price.currency);
    if (!valid) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: {
          reason: `prices: model "${model}" needs inputPerMillion and outputPerMillion of 0 or more and a currency such as USD`,
        },
      });
    }
  }
}

/**
 * The currency most of the table's models are priced in (the first by code on a tie); `undefined` for an empty
 * table. A sum of no costs is shown in it: `¥0.00` for a team that prices in CNY, not `$0.00`.
 */
export function mainCurrencyOf(prices: PriceTable): string | undefined {
  const counts = new Map<string, number>();
  for (const { currency } of Object.values(prices)) counts.set(currency, (counts.get(currency) ?? 0) + 1);
  return [...counts.entries()].sort(
    ([leftCode, left], [rightCode, right]) => right - left || (leftCode < rightCode ? -1 : 1),
  )[0]?.[0];
}

/**
 * The price of the model that answered: its exact id, else the longest listed id it extends with a dated or
 * numbered suffix (`gpt-4o-mini-2024-07-18` → `gpt-4o-mini`, never `gpt-4o-mini` → `gpt-4o`), else the model that
 * was asked for.
 */
export function priceOf(
  prices: PriceTable,
  model: string | undefined,
  requestedModel?: string,
): ModelPrice | undefined {
  for (const candidate of [model, requestedModel]) {
    if (candidate === undefined) continue;
    // The table's own entries only: a model named `constructor` is no price.
    if (Object.hasOwn(prices, candidate)) return prices[candidate];
    // Only a suffix of digits is a version of the listed model: `gpt-4o-mini` is another model than `gpt-4o`.
    const base = Object.keys(prices)
      .filter(
        (listed) => candidate.startsWith(`${listed}-`) && versionSuffix.test(candidate.slice(listed.length)),
      )
      .sort((left, right) => right.length - left.length)[0];
    if (base !== undefined) return prices[base];
  }
  return undefined;
}

/** A dated or numbered version: `-2024-07-18`, `-0613`, `-20241022`. */
const versionSuffix = /^(?:-\d+)+$/;

/** The tokens of one step of a turn and the model that answered it. */
export interface StepUsage {
  readonly model?: string | undefined;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/**
 * A turn's cost summed over its steps, each priced by the model that answered it, else by the model the turn
 * asked for (as `priceOf` finds them); a step neither has a price for adds nothing. One cost per currency, the
 * currency of the last priced step first; none when no step was priced.
 */
export function costsOfSteps(
  prices: PriceTable,
  steps: readonly StepUsage[],
  requestedModel?: string,
): Cost[] {
  const amounts = new Map<string, number>();
  for (const step of steps) {
    const price = priceOf(prices, step.model, requestedModel);
    if (!price) continue;
    const sum = (amounts.get(price.currency) ?? 0) + amountOf(price, step);
    // Set again last, so the map's order is the order each currency was last used in.
    amounts.delete(price.currency);
    amounts.set(price.currency, sum);
  }
  return [...amounts].reverse().map(([currency, amount]) => ({ amount: roundCostAmount(amount), currency }));
}

const amountOf = (price: ModelPrice, step: StepUsage) =>
  (step.inputTokens * price.inputPerMillion + step.outputTokens * price.outputPerMillion) / 1e6;

/** A turn's cost from its tokens; `undefined` when neither model has a price. */
export function costOf(
  prices: PriceTable,
  usage: {
    readonly model?: string | undefined;
    readonly requestedModel?: string | undefined;
    readonly inputTokens: number;
    readonly outputTokens: number;
  },
): Cost | undefined {
  const price = priceOf(prices, usage.model, usage.requestedModel);
  if (!price) return undefined;
  return { amount: roundCostAmount(amountOf(price, usage)), currency: price.currency };
}

/**
 * An amount rounded to a billionth: each turn's cost, and every sum of costs (a sum of rounded doubles
 * carries floating-point noise again, such as 0.0015361499999999998).
 */
export function roundCostAmount(amount: number): number {
  return Math.round(amount * 1e9) / 1e9;
}
