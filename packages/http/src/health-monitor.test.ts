import { describe, expect, it, vi } from 'vitest';
import type { HealthState, Readiness } from './health.js';
import { createHealthMonitor } from './health-monitor.js';

const quiet = { error: () => undefined, warn: () => undefined };

/** An item whose state the test sets, counting how often it was asked. */
const switchable = (initial: HealthState | 'hang') => {
  let state = initial;
  let asked = 0;
  return {
    set: (next: HealthState | 'hang') => {
      state = next;
    },
    asked: () => asked,
    check: () => {
      asked++;
      return state === 'hang' ? new Promise<HealthState>(() => undefined) : Promise.resolve(state);
    },
  };
};

/** Resolves with the next probe the monitor's timer runs. */
const probes = () => {
  const waiting: Array<(readiness: Readiness) => void> = [];
  return {
    onProbe: (readiness: Readiness) => {
      for (const resolve of waiting.splice(0)) resolve(readiness);
    },
    next: () => new Promise<Readiness>((resolve) => waiting.push(resolve)),
  };
};

describe('createHealthMonitor', () => {
  it('probes at startup, answers from the last probe between probes, and follows changes on its timer', async () => {
    const vectors = switchable({ status: 'ready' });
    const timer = probes();
    const monitor = createHealthMonitor([{ name: 'knowledge', critical: false, check: vectors.check }], {
      intervalMs: 20,
      logger: quiet,
      onProbe: timer.onProbe,
    });
    expect((await monitor.readiness()).status).toBe('ready');
    const askedBefore = vectors.asked();
    await monitor.readiness();
    expect(vectors.asked()).toBe(askedBefore);
    vectors.set({ status: 'degraded', code: 'VECTOR_STORE_UNREACHABLE' });
    // The first probe of the timer after the change reports it: within one interval.
    await timer.next();
    expect(await monitor.readiness()).toEqual({
      status: 'degraded',
      checks: [{ name: 'knowledge', critical: false, status: 'degraded', code: 'VECTOR_STORE_UNREACHABLE' }],
    });
    vectors.set({ status: 'ready' });
    await timer.next();
    expect((await monitor.readiness()).status).toBe('ready');
    monitor.close();
  });

  it('reports a hanging item as TIMEOUT without asking it again while its check still runs', async () => {
    const hanging = switchable('hang');
    const monitor = createHealthMonitor([{ name: 'database', check: hanging.check }], {
      intervalMs: 1000,
      timeoutMs: 20,
      logger: quiet,
    });
    expect(await monitor.readiness()).toEqual({
      status: 'unavailable',
      checks: [{ name: 'database', critical: true, status: 'degraded', code: 'TIMEOUT' }],
    });
    await monitor.probe();
    expect(hanging.asked()).toBe(1);
    monitor.close();
  });

  it('logs each change of state by name and code only, and stops its timer on close', async () => {
    vi.useFakeTimers();
    try {
      const item = switchable({ status: 'ready' });
      const warnings: unknown[] = [];
      const monitor = createHealthMonitor([{ name: 'database', check: item.check }], {
        intervalMs: 1000,
        logger: {
          error: () => undefined,
          warn: (message, details) => void warnings.push([message, details]),
        },
      });
      await vi.advanceTimersByTimeAsync(0);
      item.set({ status: 'degraded', code: 'UNAVAILABLE' });
      await vi.advanceTimersByTimeAsync(1000);
      item.set({ status: 'ready' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(warnings).toEqual([
        ['health item degraded', { check: 'database', critical: true, code: 'UNAVAILABLE' }],
        ['health item ready', { check: 'database', critical: true }],
      ]);
      monitor.close();
      const asked = item.asked();
      await vi.advanceTimersByTimeAsync(5000);
      expect(item.asked()).toBe(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects an interval that is not a whole number of milliseconds with INVALID_CONFIGURATION', () => {
    expect(() => createHealthMonitor([], { intervalMs: 0, logger: quiet })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONFIGURATION', field: 'healthIntervalMs' }),
    );
    expect(() => createHealthMonitor([], { timeoutMs: 1.5, logger: quiet })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONFIGURATION', field: 'healthTimeoutMs' }),
    );
  });
});
