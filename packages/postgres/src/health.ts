import type { Driver } from './driver.js';

/** Whether the database answers; `code` says why not, and nothing about where it is. */
export interface PostgresHealth {
  readonly status: 'ready' | 'degraded';
  readonly code?: 'UNAVAILABLE' | 'DEADLINE_EXCEEDED';
}

/** Asks the database for `SELECT 1`, waiting at most `timeoutMs`. */
export async function checkHealth(driver: Driver, timeoutMs = 5_000): Promise<PostgresHealth> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PostgresHealth>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'degraded', code: 'DEADLINE_EXCEEDED' }), timeoutMs);
  });
  const probe = driver
    .withSession((session) => session.query('SELECT 1'))
    .then(
      (): PostgresHealth => ({ status: 'ready' }),
      (): PostgresHealth => ({ status: 'degraded', code: 'UNAVAILABLE' }),
    );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
