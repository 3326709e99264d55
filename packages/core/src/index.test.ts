import { describe, expect, it } from 'vitest';
import * as core from './index.js';

// The runtime exports of @opwire/core. Changing the public API means changing this list on purpose.
const expected = [
  'CurrentContext',
  'CurrentTransaction',
  'MemoryTransaction',
  'OpwireError',
  'abortError',
  'builtinErrorCodes',
  'closeSchema',
  'compileValidator',
  'consoleLogger',
  'createIdSequence',
  'createMemoryAuditLog',
  'createMemoryTransactionManager',
  'createOpwire',
  'createRegistry',
  'defineErrorCodes',
  'defineOperation',
  'describeError',
  'findErrorCode',
  'formatErrorMessage',
  'formatTraceparent',
  'hasPermission',
  'isOpwireError',
  'isOperationId',
  'listErrorCodes',
  'localizeText',
  'parseTraceparent',
  'resolveLocale',
  'supportedLocales',
  'toOpwireError',
  'validationError',
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
