import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Approvals } from '@opwire/ai';
import type { Caller, Locale } from '@opwire/core';
import { localizeText } from '@opwire/core';
import { mcpErrors } from './mcp-errors.js';
import type { McpTool } from './mcp-tools.js';
import type { ToolCallExtra } from './tool-call-extra.js';

/** What deciding one call that needs approval knows. */
export interface ApprovalGateInput {
  readonly tool: McpTool;
  /** The call's arguments, already checked against the request schema. */
  readonly input: unknown;
  readonly caller: Caller;
  readonly locale: Locale;
  readonly approvals: Approvals;
  /** What the client declared at initialization (elicitation or not). */
  readonly capabilities: ClientCapabilities | undefined;
  readonly extra: ToolCallExtra;
  /** The id of the HTTP request that carried the call (its `X-Request-Id`); none over stdio. */
  readonly requestId?: string | undefined;
  /** How long the user has to answer the elicitation before the call falls back to a pending approval. */
  readonly elicitationTimeoutMs: number;
}

const question = {
  en: 'Allow "{title}" ({tool}) to run with these arguments?\n{arguments}',
  'zh-CN': '是否允许以下列参数执行“{title}”（{tool}）？\n{arguments}',
} as const;

/**
 * Decides a call that needs the user's approval: where the client supports form elicitation the user is
 * asked in the client, and only an explicit accept lets it run (`run`); a decline or cancel is
 * `APPROVAL_DECLINED`; either answer is counted through `approvals`. Otherwise (or when the client does not answer in time) the call is stored as a
 * pending approval bound to the caller and the arguments' hash, and is `APPROVAL_REQUIRED` with its id.
 */
export async function gateApproval(
  gate: ApprovalGateInput,
): Promise<'run' | { readonly error: unknown; readonly approval?: Record<string, unknown> }> {
  if (supportsFormElicitation(gate.capabilities)) {
    const answer = await ask(gate);
    if (answer !== undefined) {
      // Counted as every approval is; one left unanswered becomes the pending approval below, counted there.
      gate.approvals.countAnswered({ toolName: gate.tool.name, approved: answer === 'accept' });
      if (answer === 'accept') return 'run';
      return { error: mcpErrors.APPROVAL_DECLINED({ params: { toolName: gate.tool.name } }) };
    }
  }
  const pending = await gate.approvals.request({
    toolCallId: toolCallIdOf(gate),
    toolName: gate.tool.name,
    operation: gate.tool.operation,
    input: gate.input,
    caller: gate.caller,
    locale: gate.locale,
  });
  const approvalId = String(pending.approval.approvalId);
  const expiresAt = String(pending.approval.expiresAt);
  return {
    error: mcpErrors.APPROVAL_REQUIRED({ params: { approvalId, expiresAt } }),
    approval: pending.approval,
  };
}

/** The user's answer, or `undefined` when the client could not ask (an error or no answer in time). */
async function ask(gate: ApprovalGateInput): Promise<'accept' | 'decline' | 'cancel' | undefined> {
  const title = localizeText(gate.tool.operation.summary, gate.locale) ?? gate.tool.name;
  const message = (question[gate.locale] ?? question.en)
    .replace('{title}', title)
    .replace('{tool}', gate.tool.name)
    .replace('{arguments}', JSON.stringify(gate.input, null, 2));
  try {
    const result = await gate.extra.sendRequest(
      {
        method: 'elicitation/create',
        params: { message, requestedSchema: { type: 'object', properties: {} } },
      },
      ElicitResultSchema,
      { timeout: gate.elicitationTimeoutMs, signal: gate.extra.signal },
    );
    return result.action;
  } catch (error) {
    // The caller cancelled: the call ends here, as any cancelled call does.
    if (gate.extra.signal.aborted) throw error;
    return undefined;
  }
}

/** Whether a client takes form elicitation (an empty `elicitation` object means form, per the specification). */
function supportsFormElicitation(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation;
  if (!elicitation) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/**
 * What the stored approval keeps as its call's reference: the session and the JSON-RPC id, or without a session
 * the HTTP request that carried the call (a JSON-RPC id alone restarts with every client), or over stdio (one
 * client) the JSON-RPC id.
 */
function toolCallIdOf(gate: Pick<ApprovalGateInput, 'extra' | 'requestId'>): string {
  const rpcId = String(gate.extra.requestId);
  if (gate.extra.sessionId !== undefined) return `mcp:${gate.extra.sessionId}:${rpcId}`;
  return gate.requestId === undefined ? `mcp:stdio:${rpcId}` : `mcp:request:${gate.requestId}:${rpcId}`;
}
