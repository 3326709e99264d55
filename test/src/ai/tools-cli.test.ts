import { describe, expect, it } from 'vitest';
import { runOpwire } from '../knowledge/run-opwire.js';

const opwire = (...args: string[]) => runOpwire(['tools', ...args]);

describe('opwire tools', () => {
  it('prints each tool with its operation, permission, approval and stability', () => {
    const result = opwire('--app', 'test/src/ai/fixtures/orders-app.ts');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      'TOOL           OPERATION        PERMISSION     APPROVAL  STABILITY',
      'list_orders    orders.list      orders:read    no        stable',
      'orders_get     orders.get       orders:read    no        stable',
      'orders_create  orders.create    orders:create  no        stable',
      'orders_cancel  orders.cancel    orders:cancel  required  stable',
      'clock_now      (explicit tool)  -              no        -',
      '',
      '5 tools',
    ]);
  });

  it('exits non-zero with the startup error when the catalog is invalid', () => {
    const result = opwire('--app', 'test/src/ai/fixtures/duplicate-names-app.ts');
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'opwire tools: INVALID_CONFIGURATION: Invalid configuration: tool catalog: operation "orders.get": tool name "orders_list" is already used by operation "orders.list"',
    );
  });

  it('explains its usage without --app', () => {
    const result = opwire();
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^opwire tools: --app <module> is required\nusage: opwire tools --app/);
  });
});
