/**
 * The OpenAPI description of the MCP routes: JSON-RPC bodies, event streams and the session header. The
 * descriptions of answers, headers and parameters are given in English and Chinese (`{ en, 'zh-CN' }`), each
 * document takes its language's; schemas are the same in both.
 */

type Texts = { readonly en: string; readonly 'zh-CN': string };

const rpcError = (description: Texts, extraHeaders: Record<string, unknown> = {}) => ({
  description,
  ...(Object.keys(extraHeaders).length > 0 ? { headers: extraHeaders } : {}),
  content: {
    'application/json': {
      schema: {
        type: 'object',
        description:
          'A JSON-RPC 2.0 error; `error.data.code` is the Opwire code when Opwire refused the call.',
        required: ['jsonrpc', 'error'],
        properties: { jsonrpc: { const: '2.0' }, error: { type: 'object' } },
      },
    },
  },
});

const challenge = {
  'WWW-Authenticate': {
    description: {
      en: 'Bearer challenge naming the protected-resource metadata (RFC 9728).',
      'zh-CN': '指向受保护资源元数据的 Bearer 质询（RFC 9728）。',
    },
    schema: { type: 'string' },
  },
};

const refusals = {
  '400': rpcError({
    en: 'SESSION_REQUIRED (no Mcp-Session-Id on a request other than initialize: -32000), INVALID_MESSAGE (JSON that is no JSON-RPC 2.0 message: invalid request -32600), INVALID_INITIALIZE (an initialize request with malformed params), INVALID_PARAMS (a request on a session whose params MCP rejects: -32602 under its id), INITIALIZE_NOT_BATCHED (an initialize sent in a batch: invalid request -32600), INITIALIZE_NOT_A_REQUEST (an initialize sent as a notification, without an id: invalid request -32600), SESSION_ALREADY_INITIALIZED (an initialize on a session that is open: invalid request -32600 under its id), BATCH_NOT_SUPPORTED (a batch on a session at protocol version 2025-06-18 or later: invalid request -32600), REPEATED_REQUEST_ID (two requests of a batch share an id: invalid request -32600, nothing runs), RESPONSE_TOO_DEEP (a client’s response nested more than 64 levels deep: invalid request -32600), UNSUPPORTED_PROTOCOL_VERSION (an MCP-Protocol-Version the server does not speak: -32000), REPEATED_PROTOCOL_VERSION (the MCP-Protocol-Version header sent more than once: -32000), MALFORMED_JSON (JSON-RPC parse error -32700) or PROTOTYPE_POISONING',
    'zh-CN':
      'SESSION_REQUIRED（initialize 以外的请求没有 Mcp-Session-Id：-32000）、INVALID_MESSAGE（不是 JSON-RPC 2.0 消息的 JSON：无效请求 -32600）、INVALID_INITIALIZE（params 格式错误的 initialize 请求）、INVALID_PARAMS（会话上的请求，其 params 被 MCP 拒绝：以其 id 返回 -32602）、INITIALIZE_NOT_BATCHED（在批量中发送的 initialize：无效请求 -32600）、INITIALIZE_NOT_A_REQUEST（作为通知、没有 id 发送的 initialize：无效请求 -32600）、SESSION_ALREADY_INITIALIZED（在已打开的会话上发送的 initialize：以其 id 返回无效请求 -32600）、BATCH_NOT_SUPPORTED（协议版本为 2025-06-18 或更高的会话上的批量：无效请求 -32600）、REPEATED_REQUEST_ID（批量中两个请求使用同一个 id：无效请求 -32600，均不执行）、RESPONSE_TOO_DEEP（客户端的响应嵌套超过 64 层：无效请求 -32600）、UNSUPPORTED_PROTOCOL_VERSION（服务器不支持的 MCP-Protocol-Version：-32000）、REPEATED_PROTOCOL_VERSION（MCP-Protocol-Version 头发送了不止一次：-32000）、MALFORMED_JSON（JSON-RPC 解析错误 -32700）或 PROTOTYPE_POISONING',
  }),
  '401': rpcError(
    { en: 'UNAUTHENTICATED: no or bad bearer token', 'zh-CN': 'UNAUTHENTICATED：没有 bearer 令牌或令牌无效' },
    challenge,
  ),
  '403': rpcError({
    en: 'ORIGIN_NOT_ALLOWED: a browser Origin outside the allow-list',
    'zh-CN': 'ORIGIN_NOT_ALLOWED：浏览器的 Origin 不在允许列表中',
  }),
  '404': rpcError({
    en: 'SESSION_NOT_FOUND (-32001): unknown, expired, or another caller’s session',
    'zh-CN': 'SESSION_NOT_FOUND（-32001）：未知、已过期或属于其他调用者的会话',
  }),
  '406': rpcError({
    en: 'NOT_ACCEPTABLE (-32000): the Accept header does not list application/json and text/event-stream (GET: text/event-stream)',
    'zh-CN':
      'NOT_ACCEPTABLE（-32000）：Accept 头没有列出 application/json 和 text/event-stream（GET：text/event-stream）',
  }),
  '413': rpcError({
    en: 'PAYLOAD_TOO_LARGE: the body passes the server’s limit',
    'zh-CN': 'PAYLOAD_TOO_LARGE：请求体超过服务器的限制',
  }),
  '415': rpcError(
    {
      en: 'UNSUPPORTED_MEDIA_TYPE (the body is not JSON), UNSUPPORTED_CHARSET (JSON in a charset other than UTF-8) or UNSUPPORTED_CONTENT_ENCODING (a Content-Encoding other than identity)',
      'zh-CN':
        'UNSUPPORTED_MEDIA_TYPE（请求体不是 JSON）、UNSUPPORTED_CHARSET（UTF-8 以外字符集的 JSON）或 UNSUPPORTED_CONTENT_ENCODING（identity 以外的 Content-Encoding）',
    },
    {
      'Accept-Encoding': {
        description: {
          en: 'Sent with UNSUPPORTED_CONTENT_ENCODING: identity.',
          'zh-CN': '随 UNSUPPORTED_CONTENT_ENCODING 一起发送：identity。',
        },
        schema: { type: 'string' },
      },
    },
  ),
  '503': rpcError(
    { en: 'UNAVAILABLE or SESSION_LIMIT_REACHED', 'zh-CN': 'UNAVAILABLE 或 SESSION_LIMIT_REACHED' },
    {
      'Retry-After': {
        description: {
          en: 'Seconds to wait before opening a session.',
          'zh-CN': '打开会话前需要等待的秒数。',
        },
        schema: { type: 'string' },
      },
    },
  ),
};

const sessionHeader = {
  name: 'Mcp-Session-Id',
  in: 'header',
  required: false,
  description: {
    en: 'The session from the initialize answer; required on every request after it.',
    'zh-CN': 'initialize 应答给出的会话；此后的每个请求都必须带上它。',
  },
  schema: { type: 'string', maxLength: 128, pattern: '^[\\x21-\\x7E]+$' },
};

const message = {
  type: 'object',
  description: 'One JSON-RPC 2.0 message of the Model Context Protocol (request, notification or response).',
  required: ['jsonrpc'],
  properties: { jsonrpc: { const: '2.0' } },
};

/** The OpenAPI fields of each MCP route, by method. */
export const mcpOpenApi = {
  POST: {
    id: 'mcp.post',
    tags: ['mcp'],
    description: {
      en: 'Sends a JSON-RPC message; a request is answered as JSON or as an event stream.',
      'zh-CN': '发送一条 JSON-RPC 消息；请求以 JSON 或事件流应答。',
    },
    parameters: [sessionHeader],
    requestBody: { required: true, content: { 'application/json': { schema: message } } },
    responses: {
      '200': {
        description: {
          en: 'The answer to a request, as one JSON-RPC message or a stream of them.',
          'zh-CN': '对请求的应答：一条 JSON-RPC 消息，或由这些消息组成的流。',
        },
        headers: {
          'Mcp-Session-Id': {
            description: {
              en: 'The session an initialize request opened: send it on every request after it.',
              'zh-CN': 'initialize 请求打开的会话：此后的每个请求都要带上它。',
            },
            schema: { type: 'string' },
          },
        },
        content: {
          'application/json': { schema: message },
          'text/event-stream': { schema: { type: 'string', description: 'Server-sent JSON-RPC messages.' } },
        },
      },
      '202': {
        description: { en: 'A notification or response was accepted.', 'zh-CN': '通知或响应已被接受。' },
      },
      ...refusals,
      '409': rpcError({
        en: 'REQUEST_ID_IN_USE (-32600): a request of that id is still being answered on the session; this one did not run',
        'zh-CN': 'REQUEST_ID_IN_USE（-32600）：会话上该 id 的请求仍在处理中；本请求未执行',
      }),
    },
  },
  GET: {
    id: 'mcp.listen',
    tags: ['mcp'],
    description: {
      en: 'Opens the session’s stream of server-initiated messages.',
      'zh-CN': '打开会话中由服务器发起的消息流。',
    },
    parameters: [{ ...sessionHeader, required: true }],
    responses: {
      '200': {
        description: { en: 'Server-sent JSON-RPC messages.', 'zh-CN': '服务器发送的 JSON-RPC 消息。' },
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
      ...refusals,
      '409': rpcError({
        en: 'STREAM_ALREADY_OPEN (-32000): the session’s event stream is open already',
        'zh-CN': 'STREAM_ALREADY_OPEN（-32000）：会话的事件流已经打开',
      }),
    },
  },
  DELETE: {
    id: 'mcp.close',
    tags: ['mcp'],
    description: { en: 'Ends the session.', 'zh-CN': '结束会话。' },
    parameters: [{ ...sessionHeader, required: true }],
    responses: { '200': { description: { en: 'The session ended.', 'zh-CN': '会话已结束。' } }, ...refusals },
  },
  metadata: {
    id: 'mcp.protectedResource',
    tags: ['mcp'],
    responses: {
      '200': {
        description: {
          en: 'The protected-resource metadata (RFC 9728).',
          'zh-CN': '受保护资源元数据（RFC 9728）。',
        },
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['resource'],
              properties: {
                resource: { type: 'string', format: 'uri' },
                authorization_servers: { type: 'array', items: { type: 'string', format: 'uri' } },
                scopes_supported: { type: 'array', items: { type: 'string' } },
                bearer_methods_supported: { type: 'array', items: { type: 'string' } },
                resource_name: { type: 'string' },
              },
            },
          },
        },
      },
    },
  },
} as const;

/** A GET or DELETE route's OpenAPI fields on a server that keeps no sessions (`sessions: false`): always 405. */
export function withoutSessions(entry: typeof mcpOpenApi.GET | typeof mcpOpenApi.DELETE) {
  return {
    ...entry,
    description: {
      en: 'This server keeps no sessions (every message is a POST of its own), so this method is not allowed: 405 NO_SESSIONS (-32000), with Allow: POST.',
      'zh-CN':
        '本服务器不保留会话（每条消息各自为一个 POST），因此不允许此方法：405 NO_SESSIONS（-32000），并带 Allow: POST。',
    },
    parameters: [],
    responses: {
      '405': {
        description: {
          en: 'Not allowed: the server keeps no sessions.',
          'zh-CN': '不允许：服务器不保留会话。',
        },
        headers: { Allow: { schema: { type: 'string' } } },
        content: { 'application/json': { schema: message } },
      },
      '401': refusals['401'],
      '403': refusals['403'],
    },
  };
}

/** The POST route's responses on a server that keeps no sessions: no `Mcp-Session-Id` is sent. */
export function withoutSessionHeader(responses: typeof mcpOpenApi.POST.responses) {
  const { headers: _sent, ...answer } = responses['200'];
  // Without sessions no request is in flight beside another on one: nothing is REQUEST_ID_IN_USE.
  const { '409': _inUse, ...rest } = responses;
  return { ...rest, '200': answer };
}
