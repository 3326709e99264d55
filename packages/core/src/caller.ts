import type { Locale } from './errors/locale.js';

/** Who is calling: the identity every surface resolves before invoking, never taken from the input. */
export interface Caller {
  readonly principalId: string;
  readonly tenant: string;
  /** Permission names; `*` grants every permission. */
  readonly permissions: readonly string[];
  readonly locale?: Locale;
  readonly roles?: readonly string[];
}

/** Whether a caller holds a permission (directly or through `*`). */
export function hasPermission(caller: Caller, permission: string): boolean {
  return caller.permissions.includes(permission) || caller.permissions.includes('*');
}
