import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

/** What the SDK hands a server's request handler: the request's id, session, signal and a way to ask the client. */
export type ToolCallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;
