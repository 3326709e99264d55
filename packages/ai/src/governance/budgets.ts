import { type Caller, coreErrors } from '@opwire/core';
import { aiErrors } from '../ai-errors.js';
import type { Cost, TurnLedger } from './turn-ledger.js';

/**
 * A spending limit over the turn ledger: for a tenant (all its principals together) or for each principal,
 * per UTC day or month, in tokens (input + output) or money in one currency.
 */
export interface Budget {
  readonly scope: 'tenant' | 'principal';
  /** The tenant it applies to; absent: every tenant. */
  readonly tenant?: string;
  /** For `principal` scope: the one principal it applies to; absent: each principal on its own. */
  readonly principalId?: string;
  readonly period: 'day' | 'month';
  /** Exactly one of `maxTokens` and `maxCost`. */
  readonly maxTokens?: number;
  readonly maxCost?: Cost;
}

/**
 * Rejects budgets that cannot work (no limit or two, a negative limit, a bad currency, a currency no model is
 * priced in, which no turn's cost could ever reach), naming the index.
 */
export function checkBudgets(
  budgets: readonly Budget[],
  prices: Readonly<Record<string, { readonly currency: string }>>,
): void {
  const priced = [...new Set(Object.values(prices).map((price) => price.currency))].sort();
  budgets.forEach((budget, index) => {
    const limits = [budget.maxTokens, budget.maxCost].filter((limit) => limit !== undefined).length;
    const valid =
      (budget.scope === 'tenant' || budget.scope === 'principal') &&
      (budget.period === 'day' || budget.period === 'month') &&
      limits === 1 &&
      (budget.maxTokens === undefined || (Number.isSafeInteger(budget.maxTokens) && budget.maxTokens >= 0)) &&
      (budget.maxCost === undefined ||
        (Number.isFinite(budget.maxCost.amount) &&
          budget.maxCost.amount >= 0 &&
          /^[A-Z]{3}$/.test(budget.maxCost.currency))) &&
      (budget.scope === 'principal' || budget.principalId === undefined);
    if (!valid) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: {
          reason: `budgets[${index}]: needs scope tenant or principal, period day or month, and exactly one of maxTokens (a whole number) or maxCost ({ amount, currency })`,
        },
      });
    }
    if (budget.maxCost && !priced.includes(budget.maxCost.currency)) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: {
          reason: `budgets[${index}]: maxCost is in ${budget.maxCost.currency}, but no model in prices is (${priced.length > 0 ? priced.join(', ') : 'no prices'}), so no turn's cost could reach it`,
        },
      });
    }
  });
}

/** The UTC start of the period containing `time`, and the start of the next. */
export function periodOf(period: 'day' | 'month', time: number): { from: string; to: string } {
  const date = new Date(time);
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  const from = period === 'day' ? Date.UTC(year, month, day) : Date.UTC(year, month, 1);
  const to = period === 'day' ? Date.UTC(year, month, day + 1) : Date.UTC(year, month + 1, 1);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * Fails with `BUDGET_EXCEEDED` when any budget that applies to `caller` is used up by the turns already in
 * the ledger for the current period; call it before the model is called.
 */
export async function enforceBudgets(options: {
  readonly budgets: readonly Budget[];
  readonly ledger: TurnLedger;
  readonly caller: Caller;
  readonly now: number;
}): Promise<void> {
  const { caller } = options;
  for (const budget of options.budgets) {
    if (budget.tenant !== undefined && budget.tenant !== caller.tenant) continue;
    if (budget.principalId !== undefined && budget.principalId !== caller.principalId) continue;
    const { from, to } = periodOf(budget.period, options.now);
    const totals = await options.ledger.totals({
      tenant: caller.tenant,
      ...(budget.scope === 'principal' ? { principalId: caller.principalId } : {}),
      from,
      to,
    });
    const [used, limit] = budget.maxCost
      ? [
          totals.costs.find((cost) => cost.currency === budget.maxCost?.currency)?.amount ?? 0,
          budget.maxCost.amount,
        ]
      : [totals.inputTokens + totals.outputTokens, budget.maxTokens ?? 0];
    if (used < limit) continue;
    const unit = budget.maxCost ? budget.maxCost.currency : 'tokens';
    // Said in the caller's language: the scope, the period and a token count (a currency code stays as it is).
    const amount = (value: number) =>
      budget.maxCost ? `${value} ${unit}` : { en: `${value} tokens`, 'zh-CN': `${value} 个 token` };
    throw aiErrors.BUDGET_EXCEEDED({
      params: {
        scope: budgetWords.scope[budget.scope],
        period: budgetWords.period[budget.period],
        limit: amount(limit),
        used: amount(used),
        resetsAt: to,
      },
      data: { scope: budget.scope, period: budget.period, limit, used, unit, resetsAt: to },
      // Like every 429, it says when to come back: the seconds until the period ends (RFC 9110, section 10.2.3).
      headers: { 'retry-after': String(Math.max(1, Math.ceil((Date.parse(to) - options.now) / 1000))) },
    });
  }
}

/** How a budget's scope and period read in each language's message. */
const budgetWords = {
  scope: { tenant: { en: 'tenant', 'zh-CN': '租户' }, principal: { en: 'principal', 'zh-CN': '用户' } },
  period: { day: { en: 'day', 'zh-CN': '天' }, month: { en: 'month', 'zh-CN': '月' } },
} as const;
