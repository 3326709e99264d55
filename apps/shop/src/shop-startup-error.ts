/** A startup step the operator fixes: the data folder, the database, or the address to listen on. */
export type ShopStartupStep = 'data-dir' | 'database' | 'listen';

/**
 * `createShop` or `listen()` failed at a step the operator can fix: `message` says what failed and why (the reason of
 * the original error, which `cause` holds), `step` which.
 */
export class ShopStartupError extends Error {
  override readonly name = 'ShopStartupError';
  readonly step: ShopStartupStep;

  constructor(step: ShopStartupStep, what: string, cause: unknown) {
    super(`${what}: ${reasonOf(cause)}`, { cause });
    this.step = step;
  }
}

/** The most specific message in an error's `cause` chain (a generic "unavailable" error wraps the driver's). */
export function reasonOf(error: unknown): string {
  let reason = String(error);
  for (let current = error, depth = 0; current !== undefined && depth < 10; depth++) {
    if (!(current instanceof Error)) {
      reason = String(current);
      break;
    }
    const own =
      current.message ||
      (current instanceof AggregateError ? current.errors.map((inner) => reasonOf(inner)).join('; ') : '');
    if (own) reason = own;
    current = current.cause;
  }
  return reason;
}
