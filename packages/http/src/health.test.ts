import { describe, expect, it } from 'vitest';
import { checkReadiness } from './health.js';

const quiet = { error: () => undefined, warn: () => undefined };

describe('checkReadiness', () => {
  it('counts a check that hangs past the timeout as degraded with TIMEOUT', async () => {
    const readiness = await checkReadiness(
      [
        { name: 'slow', check: () => new Promise(() => undefined) },
        { name: 'fast', check: async () => ({ status: 'ready' }) },
      ],
      { timeoutMs: 30, logger: quiet },
    );
    expect(readiness).toEqual({
      status: 'unavailable',
      checks: [
        { name: 'slow', critical: true, status: 'degraded', code: 'TIMEOUT' },
        { name: 'fast', critical: true, status: 'ready' },
      ],
    });
  });

  it('is degraded but not unavailable when only non-critical items are degraded', async () => {
    const readiness = await checkReadiness(
      [
        { name: 'database', check: async () => ({ status: 'ready' }) },
        { name: 'knowledge', critical: false, check: async () => ({ status: 'degraded', code: 'TIMEOUT' }) },
      ],
      { timeoutMs: 100, logger: quiet },
    );
    expect(readiness.status).toBe('degraded');
  });

  it('drops codes that could carry details, logs only the class of a thrown error, and is ready with no items', async () => {
    const logged: unknown[] = [];
    const logger = {
      error: () => undefined,
      warn: (message: string, details: object) => void logged.push({ message, details }),
    };
    const readiness = await checkReadiness(
      [
        { name: 'db', check: async () => ({ status: 'degraded', code: 'password=hunter2 at 10.0.0.7' }) },
        {
          name: 'cache',
          check: async () => {
            throw new Error('connect ECONNREFUSED redis://admin:secret@10.0.0.7');
          },
        },
      ],
      { timeoutMs: 100, logger },
    );
    expect(readiness.checks).toEqual([
      { name: 'db', critical: true, status: 'degraded' },
      { name: 'cache', critical: true, status: 'degraded', code: 'CHECK_FAILED' },
    ]);
    expect(logged).toEqual([{ message: 'health check failed', details: { check: 'cache', error: 'Error' } }]);
    expect(await checkReadiness([], { timeoutMs: 100, logger: quiet })).toEqual({
      status: 'ready',
      checks: [],
    });
  });
});
