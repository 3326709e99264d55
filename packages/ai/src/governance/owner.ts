import type { Caller } from '@opwire/core';

/** Who owns a conversation or an approval: one principal in one tenant. */
export interface Owner {
  readonly tenant: string;
  readonly principalId: string;
}

/** The owner a caller stands for. */
export function ownerOf(caller: Caller): Owner {
  return { tenant: caller.tenant, principalId: caller.principalId };
}
