import type { AnyOperation } from '@opwire/core';

/**
 * Whether a model's call to an operation waits for the user's approval: an operation that writes does,
 * unless it opts out explicitly with `ai: { requiresApproval: false }`; a read does only when it opts in.
 */
export function requiresApproval(operation: AnyOperation): boolean {
  return operation.ai?.requiresApproval ?? operation.writes;
}
