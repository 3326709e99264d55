import type { Caller } from '@opwire/core';
import { readAnyOrderPermission } from './order-scope.js';

/** The demo's bearer tokens and who each one authenticates as. Never use fixed tokens outside a demo. */
export const demoCallers: Readonly<Record<string, Caller>> = {
  'customer-token': {
    principalId: 'alice',
    tenant: 'acme',
    permissions: ['orders:read', 'orders:create', 'knowledge:read', 'chat:use'],
    roles: ['customer'],
  },
  'support-token': {
    principalId: 'sam',
    tenant: 'acme',
    permissions: ['orders:read', readAnyOrderPermission, 'orders:cancel', 'knowledge:read', 'chat:use'],
    roles: ['support'],
  },
  'globex-token': {
    principalId: 'gina',
    tenant: 'globex',
    permissions: ['orders:read', readAnyOrderPermission, 'orders:cancel', 'knowledge:read', 'chat:use'],
    roles: ['support'],
  },
  // `*` includes governance:read and governance:write: only the admin reads the AI governance pages and trims.
  'admin-token': { principalId: 'root', tenant: 'acme', permissions: ['*'], roles: ['admin'] },
};

/** The demo accounts the sign-in of the chat page and the console offers (only the admin may open the console). */
export const demoAccounts: ReadonlyArray<{ readonly token: string; readonly label: string }> = [
  { token: 'customer-token', label: 'Alice · customer (acme)' },
  { token: 'support-token', label: 'Sam · support (acme)' },
  { token: 'globex-token', label: 'Gina · support (globex)' },
  { token: 'admin-token', label: 'Root · admin (acme)' },
];
