import type { PageLocale } from '../shared/page-config.js';
import type { Cost } from './governance-types.js';

/** Formats a whole number in the locale. */
export function formatCount(value: number, locale: PageLocale): string {
  return value.toLocaleString(locale);
}

/** Formats an amount of money: cents for ordinary sums, up to six decimals for the fractions a turn costs. */
export function formatCost(cost: Cost, locale: PageLocale): string {
  const small = Math.abs(cost.amount) > 0 && Math.abs(cost.amount) < 0.01;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: cost.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: small ? 6 : 2,
  }).format(cost.amount);
}

/**
 * The currency of a sum that has none, such as the cost of no turns, when the server names no price table's
 * currency (the charts plot it too).
 */
export const fallbackCurrency = 'USD';

/**
 * Formats costs in several currencies; no costs at all is a zero in `currency` (the price table's, which the totals
 * name: `¥0.00` for a team pricing in CNY), like any other amount.
 */
export function formatCosts(
  costs: readonly Cost[],
  locale: PageLocale,
  currency: string = fallbackCurrency,
): string {
  if (costs.length === 0) return formatCost({ amount: 0, currency }, locale);
  return costs.map((cost) => formatCost(cost, locale)).join(' + ');
}

/** Formats a point in time, to the second. */
export function formatTime(iso: string, locale: PageLocale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}
