import { OpwireError } from '@opwire/core';
import { knowledgeErrors } from '@opwire/knowledge';

const reasonOf = (error: unknown): string => {
  if (error instanceof Error && error.name === 'QdrantClientTimeoutError')
    return 'Qdrant did not answer in time';
  if (error && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number') {
    // The client's ApiError: its status and Qdrant's own error text; never its URL.
    const { status, data } = error as { status: number; data?: { status?: { error?: unknown } } };
    const text = data?.status?.error;
    return `Qdrant answered ${status}${typeof text === 'string' ? `: ${text}` : ''}`;
  }
  if (error instanceof TypeError) return 'Qdrant is unreachable';
  return error instanceof Error ? error.message : String(error);
};

/**
 * What a failing Qdrant call becomes: an `OpwireError` stays as it is; anything else turns into
 * `KNOWLEDGE_STORE_FAILED` with a reason that names no URL, host or key.
 */
export function toQdrantError(error: unknown): OpwireError {
  if (OpwireError.isInstance(error)) return error;
  return knowledgeErrors.KNOWLEDGE_STORE_FAILED({ params: { reason: reasonOf(error) }, cause: error });
}

/** The health code of a failed probe: `TIMEOUT`, `VECTOR_STORE_UNAUTHORIZED` or `VECTOR_STORE_UNREACHABLE`. */
export function healthCodeOf(error: unknown): string {
  if (error instanceof Error && error.name === 'QdrantClientTimeoutError') return 'TIMEOUT';
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 401 || status === 403) return 'VECTOR_STORE_UNAUTHORIZED';
  return 'VECTOR_STORE_UNREACHABLE';
}
