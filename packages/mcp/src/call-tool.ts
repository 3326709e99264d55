import type { CallToolResult, ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { Approvals } from '@opwire/ai';
import { isOpwireError, type Opwire } from '@opwire/core';
import { invokeOptionsFrom } from '@opwire/core/surface';
import { gateApproval } from './approval-gate.js';
import { localeOf, type McpRequestContext } from './mcp-connection.js';
import { type McpTool, mayCallTool } from './mcp-tools.js';
import type { ToolCallExtra } from './tool-call-extra.js';
import { toErrorResult, toSuccessResult } from './tool-results.js';

/** One `tools/call` of a known tool. */
export interface ToolCall {
  readonly app: Opwire;
  readonly tool: McpTool;
  readonly input: unknown;
  readonly context: McpRequestContext;
  readonly extra: ToolCallExtra;
  readonly approvals: Approvals;
  readonly capabilities: ClientCapabilities | undefined;
  readonly elicitationTimeoutMs: number;
}

/**
 * Runs a call through `app.invoke` as the request's caller, origin `mcp` with the HTTP request's id (none over
 * stdio), the session and the JSON-RPC id, the client's cancellation aborting it. A call that needs approval (and that the caller may make, with valid
 * arguments) runs only once the user accepts it. Every failure is an `isError` result; a cancelled call rejects,
 * so the SDK sends nothing back for it.
 */
export async function callTool(call: ToolCall): Promise<CallToolResult> {
  const { caller, headers, requestId } = call.context;
  const locale = localeOf(call.context);
  const { extra, tool } = call;
  const options = invokeOptionsFrom({
    surface: 'mcp',
    caller,
    signal: extra.signal,
    // The HTTP request's id, as its access line and `X-Request-Id` give it; the JSON-RPC id restarts per client.
    ids: { requestId, sessionId: extra.sessionId, rpcId: String(extra.requestId) },
    ...(headers ? { headers } : {}),
  });
  try {
    if (tool.requiresApproval && mayCallTool(tool, caller)) {
      // Only a call the caller could make is put to the user: another tenant's order is NOT_FOUND here.
      await call.app.precheck(tool.operation, call.input, options);
      const decision = await gateApproval({
        tool,
        input: call.input,
        caller,
        locale,
        approvals: call.approvals,
        capabilities: call.capabilities,
        extra,
        requestId,
        elicitationTimeoutMs: call.elicitationTimeoutMs,
      });
      if (decision !== 'run') {
        return toErrorResult(decision.error, {
          locale,
          logger: call.app.logger,
          ...(decision.approval ? { more: { approval: decision.approval } } : {}),
        });
      }
    }
    return toSuccessResult(tool, await call.app.invoke(tool.operation, call.input, options));
  } catch (error) {
    if (extra.signal.aborted) throw error;
    // The pipeline logs what fails inside it; this is for what failed around it (an approval store).
    if (!isOpwireError(error)) call.app.logger.error('mcp tool call failed', { tool: tool.name, error });
    return toErrorResult(error, { locale, logger: call.app.logger });
  }
}
