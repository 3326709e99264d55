import type { Logger } from '@opwire/core';

/** The state of one health item: `ready`, or `degraded` with a stable code (never a URL, host or key). */
export interface HealthState {
  readonly status: 'ready' | 'degraded';
  readonly code?: string;
}

/** One dependency the readiness check asks about (a database, a vector store, a model provider). */
export interface HealthItem {
  readonly name: string;
  /**
   * Whether the API can serve without it: a degraded critical item (the default: the transaction database)
   * makes `GET /health/ready` answer 503; a degraded non-critical one (a vector store) shows in the body only.
   */
  readonly critical?: boolean;
  /** Resolves the item's state; a throw or a timeout counts as degraded. */
  check(): Promise<HealthState>;
}

/** One item's state in the readiness body. */
export interface HealthCheck {
  readonly name: string;
  readonly critical: boolean;
  readonly status: 'ready' | 'degraded';
  readonly code?: string;
}

/**
 * The body of `GET /health/ready`: `ready` (every item ready), `degraded` (only non-critical items degraded,
 * still 200) or `unavailable` (a critical item degraded, 503), and each item without connection details.
 */
export interface Readiness {
  readonly status: 'ready' | 'degraded' | 'unavailable';
  readonly checks: readonly HealthCheck[];
}

const codePattern = /^[A-Z][A-Z0-9_]{0,63}$/;

/** One probe of one item: waits for its `check` at most `timeoutMs`, and never passes on details of a failure. */
export async function probeItem(
  item: HealthItem,
  check: Promise<HealthState>,
  options: { readonly timeoutMs: number; readonly logger: Logger },
): Promise<HealthCheck> {
  const critical = item.critical ?? true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HealthState>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'degraded', code: 'TIMEOUT' }), options.timeoutMs);
  });
  try {
    const result = await Promise.race([check, timeout]);
    const status = result.status === 'ready' ? 'ready' : 'degraded';
    const code = typeof result.code === 'string' && codePattern.test(result.code) ? result.code : undefined;
    return code === undefined
      ? { name: item.name, critical, status }
      : { name: item.name, critical, status, code };
  } catch (error) {
    // Only the error's class: its message may name a host or carry a key.
    options.logger.warn('health check failed', {
      check: item.name,
      error: error instanceof Error ? error.name : typeof error,
    });
    return { name: item.name, critical, status: 'degraded', code: 'CHECK_FAILED' };
  } finally {
    clearTimeout(timer);
  }
}

/** The overall status of a set of item states. */
export function toReadiness(checks: readonly HealthCheck[]): Readiness {
  const degraded = checks.filter((check) => check.status !== 'ready');
  const status =
    degraded.length === 0 ? 'ready' : degraded.some((check) => check.critical) ? 'unavailable' : 'degraded';
  return { status, checks };
}

/** Runs every health item once, at once, each bounded by `timeoutMs`, and aggregates their states. */
export async function checkReadiness(
  items: readonly HealthItem[],
  options: { readonly timeoutMs: number; readonly logger: Logger },
): Promise<Readiness> {
  const checks = await Promise.all(
    items.map((item) =>
      probeItem(
        item,
        Promise.resolve().then(() => item.check()),
        options,
      ),
    ),
  );
  return toReadiness(checks);
}
