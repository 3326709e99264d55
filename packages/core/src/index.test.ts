import { describe, expect, it } from 'vitest';
import * as core from './index.js';

// The runtime exports of @opwire/core. Changing the public API means changing this list on purpose.
const expected = [
  'rateLimit',
  'idempotency',
  'createMemoryRateLimitStore',
  'createMemoryIdempotencyStore',
  'CurrentContext',
  'CurrentTransaction',
  'MemoryTransaction',
  'OpwireError',
  'abortError',
  'badTextIn',
  'closeSchema',
  'compileValidator',
  'consoleLogger',
  'coreErrors',
  'createErrorRegistry',
  'createIdSequence',
  'createMemoryAuditLog',
  'createMemoryTransactionManager',
  'createOpwire',
  'createRegistry',
  'defineErrors',
  'defineGroup',
  'defineMiddleware',
  'defineOperation',
  'describeError',
  'extractRemoteContext',
  'extractTrace',
  'formatMessage',
  'formatTraceparent',
  'hasPermission',
  'isErrorEntry',
  'isOperationId',
  'isOpwireError',
  'localizeText',
  'parseTraceparent',
  'resolveLocale',
  'respondWith',
  'supportedLocales',
  'toOpwireError',
  'validationError',
  'createLogger',
  'defaultLogger',
  'pinoLogger',
  'serializeDetails',
  'operationDurationMetric',
  'tracingEnabled',
];

describe('@opwire/core public API', () => {
  it('exports exactly the listed names', () => {
    expect(Object.keys(core).sort()).toEqual([...expected].sort());
  });

  it('names every export in index.ts explicitly (no export *)', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(new URL('./index.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/export \*/);
  });
});
