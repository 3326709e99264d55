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
      status: 'degraded',
      checks: [
        { name: 'slow', status: 'degraded', code: 'TIMEOUT' },
        { name: 'fast', status: 'ready' },
      ],
    });
  });

  it('drops codes that could carry details and is ready with no items', async () => {
    const readiness = await checkReadiness(
      [{ name: 'db', check: async () => ({ status: 'degraded', code: 'password=hunter2 at 10.0.0.7' }) }],
      { timeoutMs: 100, logger: quiet },
    );
    expect(readiness.checks).toEqual([{ name: 'db', status: 'degraded' }]);
    expect(await checkReadiness([], { timeoutMs: 100, logger: quiet })).toEqual({
      status: 'ready',
      checks: [],
    });
  });
});
