import type { UIMessage } from 'ai';

type Part = UIMessage['parts'][number];

/** What a tool card shows of a tool part, whichever way the stream typed it (static or dynamic). */
export interface ToolView {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly status: 'running' | 'pending' | 'approved' | 'done' | 'failed' | 'declined' | 'expired';
  readonly input: unknown;
  readonly output?: unknown;
  /** The Opwire code of a failed call (`{ error: { code } }` result), or the stream's error text. */
  readonly errorCode?: string;
  readonly errorMessage?: string;
  /** The approval to answer while `status` is `pending`. */
  readonly approvalId?: string;
}

/** Whether a message part is a tool call (`tool-<name>` or `dynamic-tool`). */
export function isToolPart(part: Part): part is Extract<Part, { toolCallId: string }> {
  return part.type === 'dynamic-tool' || (part.type.startsWith('tool-') && 'toolCallId' in part);
}

const errorOf = (output: unknown): { code: string; message?: string } | undefined => {
  const error = (output as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string'
    ? { code: error.code, ...(typeof error.message === 'string' ? { message: error.message } : {}) }
    : undefined;
};

/** An approval the server says expired or was approved (`{ approval: { status } }`, see `storedToolPart`). */
const settledApprovalOf = (output: unknown): 'approved' | 'expired' | undefined => {
  const status = (output as { approval?: { status?: unknown } } | null)?.approval?.status;
  return status === 'approved' || status === 'expired' ? status : undefined;
};

/** The card's view of a tool part. */
export function toolViewOf(part: Extract<Part, { toolCallId: string }>): ToolView {
  const toolName = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
  const base = { toolCallId: part.toolCallId, toolName, input: part.input };
  switch (part.state) {
    case 'approval-requested':
      return { ...base, status: 'pending', approvalId: part.approval.id };
    case 'approval-responded':
      return { ...base, status: part.approval.approved ? 'approved' : 'declined' };
    case 'output-denied':
      return { ...base, status: 'declined' };
    case 'output-error':
      return {
        ...base,
        status: 'failed',
        errorCode: codeOfText(part.errorText),
        errorMessage: part.errorText,
      };
    case 'output-available': {
      const settled = settledApprovalOf(part.output);
      if (settled) return { ...base, status: settled };
      const error = errorOf(part.output);
      return error
        ? {
            ...base,
            status: 'failed',
            output: part.output,
            errorCode: error.code,
            ...(error.message ? { errorMessage: error.message } : {}),
          }
        : { ...base, status: 'done', output: part.output };
    }
    default:
      return { ...base, status: 'running' };
  }
}

/** The leading upper-case code of an error text such as `NOT_FOUND: …`, or the text's JSON `code`. */
export function codeOfText(text: string): string {
  const leading = /^([A-Z][A-Z0-9_]{2,})\b/.exec(text.trim());
  if (leading?.[1]) return leading[1];
  try {
    const parsed = JSON.parse(text) as { code?: unknown; error?: { code?: unknown } };
    const code = parsed.code ?? parsed.error?.code;
    if (typeof code === 'string') return code;
  } catch {}
  return 'ERROR';
}
