import type { Caller, Locale, RequestHeaders } from '@opwire/core';
import { requestedLocale } from '@opwire/core/surface';
import type { ToolCallExtra } from './tool-call-extra.js';

/** Who one MCP request runs as, and the transport headers and request id it came with (HTTP only). */
export interface McpRequestContext {
  readonly caller: Caller;
  /** The id of the HTTP request that carried the message (its `X-Request-Id`); stdio has none. */
  readonly requestId?: string;
  /** Lower-case request headers: `accept-language` and the trace parent (`extractTrace`) are read; middleware sees them all. */
  readonly headers?: RequestHeaders;
}

/** How a server built for one connection learns each request's caller, whatever the transport. */
export interface McpConnection {
  /** The caller of one request (HTTP: from that request's token; stdio: the one caller of the process). */
  contextOf(extra: ToolCallExtra): McpRequestContext;
  /**
   * Called when a tool call starts; the function it returns when the call ends, told whether the client cancelled
   * it (busy sessions do not expire; a cancelled call answers nothing, so HTTP ends its event stream).
   */
  begin?(requestId: string | number): (cancelled: boolean) => void;
}

/** The locale of a request's answers: `Accept-Language` first, then the caller's own, then English. */
export function localeOf(context: McpRequestContext): Locale {
  return (context.headers ? requestedLocale(context.headers) : undefined) ?? context.caller.locale ?? 'en';
}
