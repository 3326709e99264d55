import { OpwireError } from '@opwire/core';
import { knowledgeErrors } from '../knowledge-errors.js';

/**
 * What a failing store call becomes: an `OpwireError` it raised stays as it is (`EMBEDDING_DIMENSION_MISMATCH`,
 * `UNAVAILABLE`), anything else turns into `KNOWLEDGE_STORE_FAILED` with the original message as its reason.
 */
export function toStoreError(error: unknown): OpwireError {
  if (OpwireError.isInstance(error)) return error;
  return knowledgeErrors.KNOWLEDGE_STORE_FAILED({
    params: { reason: error instanceof Error ? error.message : String(error) },
    cause: error,
  });
}
