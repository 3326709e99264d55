import { type Caller, hasPermission } from '@opwire/core';
import type { OrderScope } from './order-repository.js';

/** Lets a caller see every order of its tenant rather than only its own. */
export const readAnyOrderPermission = 'orders:read-any';

/** The orders a caller may see: its tenant's, and only its own unless it reads any. */
export function orderScopeOf(context: { readonly caller: Caller; readonly tenant: string }): OrderScope {
  return hasPermission(context.caller, readAnyOrderPermission)
    ? { tenant: context.tenant }
    : { tenant: context.tenant, customer: context.caller.principalId };
}
