import { coreErrors, type Logger } from '@opwire/core';
import {
  type HealthCheck,
  type HealthItem,
  type HealthState,
  probeItem,
  type Readiness,
  toReadiness,
} from './health.js';

/** How often items are probed and how long a probe may take. */
export interface HealthMonitorOptions {
  /** Milliseconds between probes; defaults to 15 000. */
  readonly intervalMs?: number | undefined;
  /** Milliseconds a probe of one item may take before it counts as `TIMEOUT`; defaults to the interval. */
  readonly timeoutMs?: number | undefined;
  readonly logger: Logger;
  /** Called after each probe with its result (for metrics, or tests that wait for the next probe). */
  readonly onProbe?: (readiness: Readiness) => void;
}

/** Probes health items at startup and then on a timer; readiness answers from the last probe. */
export interface HealthMonitor {
  /** The last probe's result; until the first probe ends, that probe's result. */
  readiness(): Promise<Readiness>;
  /** Probes every item now (what the timer does) and resolves to the result. */
  probe(): Promise<Readiness>;
  /** Stops the timer; `readiness()` keeps answering from the last probe. */
  close(): void;
}

const checkInterval = (setting: string, value: number) => {
  if (!Number.isInteger(value) || value < 1 || value > 86_400_000) {
    throw coreErrors.INVALID_CONFIGURATION({
      field: setting,
      params: {
        reason: `${setting} must be a whole number of milliseconds from 1 to 86400000, not ${value}`,
      },
    });
  }
  return value;
};

/**
 * Starts probing: once now, then every `intervalMs` on an unref'd timer (it never keeps the process alive).
 * An item whose previous check still runs is not asked again; its wait goes on and counts as `TIMEOUT`.
 * Each change of an item's state is logged with its name and code only.
 */
export function createHealthMonitor(
  items: readonly HealthItem[],
  options: HealthMonitorOptions,
): HealthMonitor {
  const intervalMs = checkInterval('healthIntervalMs', options.intervalMs ?? 15_000);
  const timeoutMs = checkInterval('healthTimeoutMs', options.timeoutMs ?? intervalMs);
  const running = new Map<HealthItem, Promise<HealthState>>();
  let last: Readiness | undefined;
  let current: Promise<Readiness> | undefined;

  const checkOf = (item: HealthItem): Promise<HealthState> => {
    let check = running.get(item);
    if (!check) {
      check = Promise.resolve().then(() => item.check());
      running.set(item, check);
      const done = () => running.delete(item);
      check.then(done, done);
    }
    return check;
  };
  const report = (readiness: Readiness) => {
    const before = new Map<string, HealthCheck>((last?.checks ?? []).map((check) => [check.name, check]));
    for (const check of readiness.checks) {
      const previous = before.get(check.name);
      if (previous?.status === check.status && previous.code === check.code) continue;
      if (previous === undefined && check.status === 'ready') continue;
      options.logger.warn(check.status === 'ready' ? 'health item ready' : 'health item degraded', {
        check: check.name,
        critical: check.critical,
        ...(check.code ? { code: check.code } : {}),
      });
    }
    last = readiness;
    options.onProbe?.(readiness);
    return readiness;
  };
  const probe = (): Promise<Readiness> => {
    current = Promise.all(
      items.map((item) => probeItem(item, checkOf(item), { timeoutMs, logger: options.logger })),
    )
      .then(toReadiness)
      .then(report);
    return current;
  };

  const first = probe();
  const timer = items.length === 0 ? undefined : setInterval(() => void probe(), intervalMs);
  timer?.unref();
  return {
    readiness: () => (last ? Promise.resolve(last) : (current ?? first)),
    probe,
    close: () => clearInterval(timer),
  };
}
