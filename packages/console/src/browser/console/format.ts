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

/** Formats costs in several currencies (`—` for none). */
export function formatCosts(costs: readonly Cost[], locale: PageLocale): string {
  return costs.length === 0 ? '—' : costs.map((cost) => formatCost(cost, locale)).join(' + ');
}

/** Formats a point in time, to the second. */
export function formatTime(iso: string, locale: PageLocale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}
