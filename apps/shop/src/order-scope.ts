import { hasPermission, type InvocationContext, OpwireError } from '@opwire/core';
import type { OrderScope } from './order-repository.js';

/** Lets a caller see every order of its tenant rather than only its own. */
export const readAnyOrderPermission = 'orders:read-any';

/** The orders an invocation may see: its caller's tenant, and only the caller's own unless it reads any. */
export function orderScopeOf(context: InvocationContext): OrderScope {
  const caller = context.caller;
  // The pipeline rejects anonymous calls before a handler runs; this guards against a public misdeclaration.
  if (!caller || context.tenant === undefined) throw new OpwireError('UNAUTHENTICATED');
  return hasPermission(caller, readAnyOrderPermission)
    ? { tenant: context.tenant }
    : { tenant: context.tenant, customer: caller.principalId };
}
