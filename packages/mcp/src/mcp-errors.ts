import { defineErrors } from '@opwire/core';
import { prototypePoisoning } from '@opwire/core/surface';

/** The codes the MCP surface adds: approvals asked of the user, and what the HTTP transport refuses. */
export const mcpErrors = defineErrors({
  APPROVAL_REQUIRED: {
    kind: 'denied',
    messages: {
      en: 'This call waits for the user to approve it (approval {approvalId}); it has not run. The user approves it in the app, before {expiresAt}.',
      'zh-CN':
        '此调用正在等待用户批准（审批 {approvalId}），尚未执行。用户可在应用中于 {expiresAt} 之前批准。',
    },
  },
  APPROVAL_DECLINED: {
    kind: 'denied',
    messages: {
      en: 'The user did not approve the call to "{toolName}"; it has not run.',
      'zh-CN': '用户没有批准对“{toolName}”的调用，该调用未执行。',
    },
  },
  ORIGIN_NOT_ALLOWED: {
    kind: 'denied',
    messages: {
      en: 'Requests from origin "{origin}" are not allowed.',
      'zh-CN': '不允许来自“{origin}”的请求。',
    },
  },
  /** JSON that is no JSON-RPC 2.0 message: a POST body (`body`), or a line over stdio (`line`, which takes no batch). */
  INVALID_MESSAGE: {
    kind: 'invalid',
    messages: {
      en: 'The {what} is not a JSON-RPC 2.0 message: send a request or notification (an object with "jsonrpc": "2.0" and a "method", and an "id" for a request){orBatch}.',
      'zh-CN':
        '{what}不是 JSON-RPC 2.0 消息：请发送请求或通知（含 "jsonrpc": "2.0" 与 "method" 的对象，请求还需带 "id"）{orBatch}。',
    },
  },
  /** A request whose id one still being answered on the session carries: the transport would answer only one. */
  REQUEST_ID_IN_USE: {
    kind: 'conflict',
    messages: {
      en: 'A request with the id {id} is still being answered on this session: give each request an id of its own (this one did not run).',
      'zh-CN': '此会话上 id 为 {id} 的请求仍在处理中：请为每个请求使用各自的 id（本请求未执行）。',
    },
  },
  /** A client's JSON-RPC response nested deeper than any answer to what a server asks (elicitation, roots). */
  RESPONSE_TOO_DEEP: {
    kind: 'invalid',
    messages: {
      en: 'A JSON-RPC response in the body is nested more than {limit} levels deep, deeper than any answer this server asks for (nothing in the body was read).',
      'zh-CN':
        '请求体中的 JSON-RPC 响应嵌套超过 {limit} 层，超出此服务器所请求的任何应答（请求体中的内容均未读取）。',
    },
  },
  INVALID_INITIALIZE: {
    kind: 'invalid',
    messages: {
      en: 'The initialize request is malformed at "{field}": it needs params.protocolVersion, params.capabilities and params.clientInfo with a name and a version.',
      'zh-CN':
        '初始化请求在“{field}”处格式不正确：需要 params.protocolVersion、params.capabilities，以及带 name 和 version 的 params.clientInfo。',
    },
  },
  INVALID_PARAMS: {
    kind: 'invalid',
    messages: {
      en: 'The params of "{method}" are malformed at "{field}": the message is JSON-RPC 2.0, but MCP does not accept this value there.',
      'zh-CN': '“{method}”的参数在“{field}”处格式不正确：消息本身符合 JSON-RPC 2.0，但 MCP 不接受此处的值。',
    },
  },
  INITIALIZE_NOT_A_REQUEST: {
    kind: 'invalid',
    messages: {
      en: 'The initialize message has no "id": send it as a request, since the session opens with its answer.',
      'zh-CN': '初始化消息缺少 "id"：请以请求的形式发送，因为会话要通过对它的响应建立。',
    },
  },
  INITIALIZE_NOT_BATCHED: {
    kind: 'invalid',
    messages: {
      en: 'The initialize request cannot be sent in a JSON-RPC batch: send it alone, as the only message of the body.',
      'zh-CN': '初始化请求不能放在 JSON-RPC 批量请求中发送：请单独发送，作为请求体中唯一的消息。',
    },
  },
  BATCH_NOT_SUPPORTED: {
    kind: 'invalid',
    messages: {
      en: 'MCP protocol version {version} has no JSON-RPC batches (they were removed in 2025-06-18): send one message per request.',
      'zh-CN':
        'MCP 协议版本 {version} 不支持 JSON-RPC 批量请求（已在 2025-06-18 中移除）：请每个请求只发送一条消息。',
    },
  },
  REPEATED_REQUEST_ID: {
    kind: 'invalid',
    messages: {
      en: 'Two requests of this JSON-RPC batch share the id {id}: give each request an id of its own (nothing in the batch ran).',
      'zh-CN':
        '此 JSON-RPC 批量请求中有两个请求使用了同一个 id {id}：请为每个请求使用各自的 id（批量中的请求均未执行）。',
    },
  },
  STDIO_BATCH_NOT_SUPPORTED: {
    kind: 'invalid',
    messages: {
      en: 'This server takes no JSON-RPC batches over stdio: send each message on a line of its own.',
      'zh-CN': '本服务器通过 stdio 不接受 JSON-RPC 批量请求：请每行只发送一条消息。',
    },
  },
  /** A line over stdio that is not JSON (HTTP's host refuses such a body with its own `MALFORMED_JSON`). */
  MALFORMED_JSON: {
    kind: 'invalid',
    messages: {
      en: 'The line is not valid JSON: over stdio, send each JSON-RPC message as one line of JSON.',
      'zh-CN': '该行不是有效的 JSON：通过 stdio 时，每条 JSON-RPC 消息须为一行 JSON。',
    },
  },
  NOT_ACCEPTABLE: {
    kind: 'not_acceptable',
    messages: {
      en: 'The Accept header must list {types}: {answer}.',
      'zh-CN': 'Accept 头必须列出 {types}：{answer}。',
    },
  },
  UNSUPPORTED_PROTOCOL_VERSION: {
    kind: 'invalid',
    messages: {
      en: 'MCP protocol version "{version}" is not supported; send one of {supported}.',
      'zh-CN': '不支持 MCP 协议版本“{version}”，请使用以下版本之一：{supported}。',
    },
  },
  REPEATED_PROTOCOL_VERSION: {
    kind: 'invalid',
    messages: {
      en: 'The MCP-Protocol-Version header was sent more than once; send it once, with one version.',
      'zh-CN': 'MCP-Protocol-Version 请求头发送了不止一次；请只发送一次，并且只带一个版本。',
    },
  },
  SESSION_ALREADY_INITIALIZED: {
    kind: 'invalid',
    messages: {
      en: 'This MCP session is initialized already: to open a new session, send initialize without an Mcp-Session-Id header.',
      'zh-CN': '此 MCP 会话已初始化：如需建立新会话，请发送不带 Mcp-Session-Id 头的 initialize 请求。',
    },
  },
  METHOD_NOT_FOUND: {
    kind: 'method',
    messages: {
      en: 'This MCP server does not offer the method "{method}"; the capabilities in its initialize answer say what it serves.',
      'zh-CN':
        '本 MCP 服务器不提供方法“{method}”；它在 initialize 响应中的 capabilities 列出了所提供的功能。',
    },
  },
  SESSION_NOT_FOUND: {
    kind: 'not_found',
    messages: {
      en: 'There is no MCP session with this id; start a new one.',
      'zh-CN': '不存在此 MCP 会话，请重新建立会话。',
    },
  },
  SESSION_REQUIRED: {
    kind: 'invalid',
    messages: {
      en: 'This request needs an MCP session: send initialize first, then send the Mcp-Session-Id header its answer returns with every request after it.',
      'zh-CN':
        '此请求需要 MCP 会话：请先发送 initialize 请求，之后的每个请求都带上其响应返回的 Mcp-Session-Id 头。',
    },
  },
  /** A GET or DELETE of a server that keeps no sessions (`sessions: false`). */
  NO_SESSIONS: {
    kind: 'method',
    messages: {
      en: 'This MCP server keeps no sessions, so {method} has nothing to open or end: send every message as a POST.',
      'zh-CN': '本 MCP 服务器不保留会话，{method} 没有可打开或结束的内容：请以 POST 发送每条消息。',
    },
  },
  STREAM_ALREADY_OPEN: {
    kind: 'conflict',
    messages: {
      en: 'This MCP session already has its event stream open (GET): one at a time; close it before opening another.',
      'zh-CN': '此 MCP 会话的事件流（GET）已经打开：同一时间只能有一个，请先关闭它再打开新的。',
    },
  },
  SESSION_LIMIT_REACHED: {
    kind: 'unavailable',
    messages: {
      en: 'The server holds as many MCP sessions as it may; try again later.',
      'zh-CN': '服务器的 MCP 会话数已达上限，请稍后再试。',
    },
  },
  /** A message over stdio with a `__proto__` or `constructor.prototype` key (HTTP's host refuses such a body). */
  PROTOTYPE_POISONING: prototypePoisoning,
  INVALID_CURSOR: {
    kind: 'invalid',
    messages: {
      en: 'The cursor "{cursor}" is not one this server returned.',
      'zh-CN': '游标“{cursor}”不是本服务器返回的。',
    },
  },
});

/** A code the MCP surface raises. */
export type McpErrorCode = keyof typeof mcpErrors;

/** What `INVALID_MESSAGE` names: a Streamable HTTP body (which may be a batch), or a line over stdio (never one). */
export const invalidMessageIn = {
  body: {
    what: { en: 'body', 'zh-CN': '请求体' },
    orBatch: { en: ', a response, or a non-empty array of them', 'zh-CN': '、响应，或由它们组成的非空数组' },
  },
  line: {
    what: { en: 'line', 'zh-CN': '该行' },
    orBatch: { en: ' or a response, one message a line', 'zh-CN': '或响应，每行一条消息' },
  },
} as const;
