import type { Logger } from '@opwire/core';

/** One dependency the readiness check asks about (a database, a vector store, a model provider). */
export interface HealthItem {
  readonly name: string;
  /** Resolves the item's state; a throw or a timeout counts as degraded. */
  check(): Promise<{ readonly status: 'ready' | 'degraded'; readonly code?: string }>;
}

/** The body of `GET /health/ready`: overall status and each check, without connection details or messages. */
export interface Readiness {
  readonly status: 'ready' | 'degraded';
  readonly checks: ReadonlyArray<{ name: string; status: 'ready' | 'degraded'; code?: string }>;
}

const codePattern = /^[A-Z][A-Z0-9_]{0,63}$/;

/** Runs every health item at once, each bounded by `timeoutMs`, and aggregates their states. */
export async function checkReadiness(
  items: readonly HealthItem[],
  options: { readonly timeoutMs: number; readonly logger: Logger },
): Promise<Readiness> {
  const checks = await Promise.all(
    items.map(async (item): Promise<Readiness['checks'][number]> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<{ status: 'degraded'; code: string }>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'degraded', code: 'TIMEOUT' }), options.timeoutMs);
      });
      try {
        const result = await Promise.race([item.check(), timeout]);
        const status: 'ready' | 'degraded' = result.status === 'ready' ? 'ready' : 'degraded';
        const code =
          typeof result.code === 'string' && codePattern.test(result.code) ? result.code : undefined;
        return code === undefined ? { name: item.name, status } : { name: item.name, status, code };
      } catch (error) {
        options.logger.warn('health check failed', { check: item.name, error });
        return { name: item.name, status: 'degraded' as const, code: 'CHECK_FAILED' };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const status: Readiness['status'] = checks.every((check) => check.status === 'ready')
    ? 'ready'
    : 'degraded';
  return { status, checks };
}
