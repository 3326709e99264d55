/** The OpenAPI description of the MCP routes: JSON-RPC bodies, event streams and the session header. */

const rpcError = (description: string, extraHeaders: Record<string, unknown> = {}) => ({
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
    description: 'Bearer challenge naming the protected-resource metadata (RFC 9728).',
    schema: { type: 'string' },
  },
};

const refusals = {
  '400': rpcError(
    'SESSION_REQUIRED (no Mcp-Session-Id on a request other than initialize: -32000), INVALID_MESSAGE (JSON that is no JSON-RPC 2.0 message: invalid request -32600), INVALID_INITIALIZE (an initialize request with malformed params), INVALID_PARAMS (a request on a session whose params MCP rejects: -32602 under its id), INITIALIZE_NOT_BATCHED (an initialize sent in a batch: invalid request -32600), INITIALIZE_NOT_A_REQUEST (an initialize sent as a notification, without an id: invalid request -32600), SESSION_ALREADY_INITIALIZED (an initialize on a session that is open: invalid request -32600 under its id), BATCH_NOT_SUPPORTED (a batch on a session at protocol version 2025-06-18 or later: invalid request -32600), UNSUPPORTED_PROTOCOL_VERSION (an MCP-Protocol-Version the server does not speak: -32000), REPEATED_PROTOCOL_VERSION (the MCP-Protocol-Version header sent more than once: -32000), MALFORMED_JSON (JSON-RPC parse error -32700) or PROTOTYPE_POISONING',
  ),
  '401': rpcError('UNAUTHENTICATED: no or bad bearer token', challenge),
  '403': rpcError('ORIGIN_NOT_ALLOWED: a browser Origin outside the allow-list'),
  '404': rpcError('SESSION_NOT_FOUND (-32001): unknown, expired, or another caller’s session'),
  '406': rpcError(
    'NOT_ACCEPTABLE (-32000): the Accept header does not list application/json and text/event-stream (GET: text/event-stream)',
  ),
  '413': rpcError('PAYLOAD_TOO_LARGE: the body passes the server’s limit'),
  '415': rpcError(
    'UNSUPPORTED_MEDIA_TYPE (the body is not JSON), UNSUPPORTED_CHARSET (JSON in a charset other than UTF-8) or UNSUPPORTED_CONTENT_ENCODING (a Content-Encoding other than identity)',
    {
      'Accept-Encoding': {
        description: 'Sent with UNSUPPORTED_CONTENT_ENCODING: identity.',
        schema: { type: 'string' },
      },
    },
  ),
  '503': rpcError('UNAVAILABLE or SESSION_LIMIT_REACHED', {
    'Retry-After': { description: 'Seconds to wait before opening a session.', schema: { type: 'string' } },
  }),
};

const sessionHeader = {
  name: 'Mcp-Session-Id',
  in: 'header',
  required: false,
  description: 'The session from the initialize answer; required on every request after it.',
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
        description: 'The answer to a request, as one JSON-RPC message or a stream of them.',
        content: {
          'application/json': { schema: message },
          'text/event-stream': { schema: { type: 'string', description: 'Server-sent JSON-RPC messages.' } },
        },
      },
      '202': { description: 'A notification or response was accepted.' },
      ...refusals,
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
        description: 'Server-sent JSON-RPC messages.',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
      ...refusals,
    },
  },
  DELETE: {
    id: 'mcp.close',
    tags: ['mcp'],
    description: { en: 'Ends the session.', 'zh-CN': '结束会话。' },
    parameters: [{ ...sessionHeader, required: true }],
    responses: { '200': { description: 'The session ended.' }, ...refusals },
  },
  metadata: {
    id: 'mcp.protectedResource',
    tags: ['mcp'],
    responses: {
      '200': {
        description: 'The protected-resource metadata (RFC 9728).',
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
