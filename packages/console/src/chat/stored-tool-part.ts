import type { UIMessage } from 'ai';
import type { ApprovalState } from './conversations-client.js';

type Part = UIMessage['parts'][number];

/** A stored tool result, with the input of the call it answers. */
export interface StoredToolResult {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly output: unknown;
  /** Where the approval the result asked for stands now, when the server says. */
  readonly approval?: ApprovalState;
}

/** The store keeps a result as the model read it, wrapped (`{ type: 'json', value }`); older rows are bare. */
function unwrap(output: unknown): { readonly kind: string; readonly value: unknown } {
  const wrapped = output as { type?: unknown; value?: unknown } | null;
  const kind = typeof wrapped?.type === 'string' ? wrapped.type : '';
  if (kind === 'execution-denied') return { kind, value: undefined };
  return ['json', 'text', 'error-json', 'error-text'].includes(kind) && wrapped && 'value' in wrapped
    ? { kind, value: wrapped.value }
    : { kind: 'json', value: output };
}

/**
 * A stored tool result as the tool part the chat stream made of it: a pending approval (answerable again
 * after a reload, while the server says it still waits), a declined call, a failed call with its code, or the
 * output. An approval the server says expired, or was approved without the conversation being told, is an output
 * `{ approval: { status, approvalId } }` (`toolViewOf` reads it), never a call waiting for a decision that
 * cannot work.
 */
export function storedToolPart(result: StoredToolResult): Part {
  const base = { type: 'dynamic-tool' as const, toolName: result.toolName, toolCallId: result.toolCallId };
  const { kind, value: unwrapped } = unwrap(result.output);
  if (kind === 'execution-denied') {
    return {
      ...base,
      state: 'output-denied',
      input: result.input,
      approval: { id: result.toolCallId, approved: false },
    };
  }
  if (kind === 'error-text' || kind === 'error-json') {
    const errorText = typeof unwrapped === 'string' ? unwrapped : JSON.stringify(unwrapped);
    return { ...base, state: 'output-error', input: result.input, errorText };
  }
  const value = unwrapped as {
    approval?: { status?: unknown; approvalId?: unknown };
    error?: { code?: unknown; message?: unknown };
  } | null;
  const approval = value?.approval;
  const approvalId = typeof approval?.approvalId === 'string' ? approval.approvalId : undefined;
  if (approval?.status === 'pending' && approvalId) {
    const now = result.approval?.status ?? 'pending';
    if (now === 'pending') {
      return { ...base, state: 'approval-requested', input: result.input, approval: { id: approvalId } };
    }
    if (now === 'declined') {
      return {
        ...base,
        state: 'output-denied',
        input: result.input,
        approval: { id: approvalId, approved: false },
      };
    }
    return {
      ...base,
      state: 'output-available',
      input: result.input,
      output: { approval: { status: now, approvalId } },
    };
  }
  if (approval?.status === 'declined') {
    return {
      ...base,
      state: 'output-denied',
      input: result.input,
      approval: { id: approvalId ?? result.toolCallId, approved: false },
    };
  }
  const error = value?.error;
  if (typeof error?.code === 'string') {
    const message = typeof error.message === 'string' ? `: ${error.message}` : '';
    return { ...base, state: 'output-error', input: result.input, errorText: `${error.code}${message}` };
  }
  return { ...base, state: 'output-available', input: result.input, output: value };
}
