import { type LocalizedText, OpwireError } from '@opwire/core';
import { knowledgeErrors } from '@opwire/knowledge';

// Qdrant's error text: `status.error` of its JSON answers, or the plain text of its API-key check ('Invalid API key
// or JWT', 'Write access denied'); a page some proxy answered (HTML, several lines) is left out.
const errorTextOf = (data: unknown): string | undefined => {
  if (typeof data === 'string') {
    const text = data.trim();
    return text !== '' && text.length <= 200 && !text.includes('\n') && !text.startsWith('<')
      ? text
      : undefined;
  }
  const text = (data as { status?: { error?: unknown } } | null | undefined)?.status?.error;
  return typeof text === 'string' ? text : undefined;
};

// Said in the caller's language where the words are ours; Qdrant's own error text stays as Qdrant wrote it.
const reasonOf = (error: unknown): LocalizedText => {
  if (error instanceof Error && error.name === 'QdrantClientTimeoutError')
    return { en: 'Qdrant did not answer in time', 'zh-CN': 'Qdrant 未能及时响应' };
  if (error && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number') {
    // The client's ApiError: its status and Qdrant's own error text; never its URL.
    const { status, data } = error as { status: number; data?: unknown };
    const text = errorTextOf(data);
    return {
      en: `Qdrant answered ${status}${text === undefined ? '' : `: ${text}`}`,
      'zh-CN': `Qdrant 返回 ${status}${text === undefined ? '' : `：${text}`}`,
    };
  }
  if (error instanceof TypeError) return { en: 'Qdrant is unreachable', 'zh-CN': '无法连接 Qdrant' };
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
