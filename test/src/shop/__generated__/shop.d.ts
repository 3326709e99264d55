export interface paths {
  '/orders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List orders
     * @description Lists the caller's orders, newest first; support staff see every order of their tenant.
     */
    get: operations['orders.list'];
    put?: never;
    /**
     * Place an order
     * @description Places a pending order for the caller. SKUs: KB-01, MS-02, MN-27, CB-USB.
     */
    post: operations['orders.create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/orders/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an order
     * @description Returns one order by id. An order of another tenant or customer is reported as not found.
     */
    get: operations['orders.get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/orders/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel an order
     * @description Cancels a pending or paid order. Shipped or already cancelled orders cannot be cancelled.
     */
    post: operations['orders.cancel'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/knowledge/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Search the knowledge base
     * @description Finds the passages of the application documents that best answer a question.
     */
    post: operations['knowledge.search'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/knowledge/ingest': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add or replace knowledge documents */
    post: operations['knowledge.ingest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/knowledge/remove': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Remove knowledge documents */
    post: operations['knowledge.remove'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ai/chat/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Chat with the assistant
     * @description Runs one chat turn as the caller, streaming text and tool events; the model can only use the tools the caller may call.
     */
    post: operations['ai.chat'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ai/approvals/{approvalId}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Approve a pending tool call */
    post: operations['ai.approve'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ai/approvals/{approvalId}/decline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Decline a pending tool call */
    post: operations['ai.decline'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/governance/turns': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List chat turns with their usage and cost
     * @description Turns newest first, filtered, a page at a time, with the totals of every turn the filters match.
     */
    get: operations['governance.listTurns'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/governance/turns/{turnId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One chat turn with its tool calls and events
     * @description The ledger row (absent while the turn runs) and the audit events of the turn in sequence.
     */
    get: operations['governance.getTurn'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/governance/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List AI audit events
     * @description Events newest first, filtered by action, turn, principal and time, a page at a time.
     */
    get: operations['governance.listAudit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/governance/cost': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Summarize AI usage and cost
     * @description Totals and groups by model, provider, principal, tenant and UTC day over a time range (the last 30 days by default).
     */
    get: operations['governance.summarizeCost'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/governance/trim': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remove old governance records
     * @description Removes the tenant's turn ledger rows, AI audit events and audit records older than the given days; never conversations.
     */
    post: operations['governance.trim'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/conversations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List my conversations
     * @description The caller’s conversations, newest first, a page at a time.
     */
    get: operations['conversations.list'];
    put?: never;
    /**
     * Start a conversation
     * @description Creates a conversation owned by the caller, with a server-assigned id.
     */
    post: operations['conversations.create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/conversations/{conversationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a conversation
     * @description The conversation and its messages newest first, `limit` at a time; pass `next` as `before` for older ones.
     */
    get: operations['conversations.get'];
    put?: never;
    post?: never;
    /**
     * Delete a conversation
     * @description Deletes the caller’s conversation and its messages; the AI audit events of its turns stay until retention. Its approvals still pending are declined, and a turn of it still running in this server process stops.
     */
    delete: operations['conversations.delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ai/chat': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Chat with the assistant: the whole turn as one JSON answer
     * @description Runs one chat turn as the caller, streaming text and tool events; the model can only use the tools the caller may call.
     */
    post: operations['ai.chat.json'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/chat': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Chat with the assistant in the AI SDK UI message stream protocol (what useChat posts)
     * @description Runs one chat turn as the caller, streaming text and tool events; the model can only use the tools the caller may call.
     */
    post: operations['ai.chat.ui'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/knowledge/documents/{documentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A knowledge document the assistant cites, as markdown */
    get: operations['knowledge.document'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/chat/{id}/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Resume a chat's answer (what useChat({ resume: true }) asks): none is kept, so 204
     * @description Opwire does not keep a running answer for a second reader: a chat id the caller may use (theirs, or not stored yet) is answered 204 No Content, which `useChat` reads as no active stream, and the page shows the stored conversation (`GET /conversations/{id}`). A running turn is not resumed.
     */
    get: operations['ai.chat.ui.resume'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/chat/{id}/stop': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stop a chat's running answer (the stop button, with resumable streams)
     * @description Stops the caller's running turn of this chat in this server process (or, when the app keeps running turns in a shared store, in any of its processes) and records it as stopped; answers once the turn's readers had its last chunk. A turn still starting (its request read, nothing streamed yet) is stopped as soon as it starts. With resumable streams a client going away is a disconnect and the turn runs on, so a stop button posts here and then drops its stream. `stopped` is false when no turn of the caller's runs.
     */
    post: operations['ai.chat.ui.stop'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/mcp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Model Context Protocol (Streamable HTTP)
     * @description Opens the session’s stream of server-initiated messages.
     */
    get: operations['mcp.listen'];
    put?: never;
    /**
     * Model Context Protocol (Streamable HTTP)
     * @description Sends a JSON-RPC message; a request is answered as JSON or as an event stream.
     */
    post: operations['mcp.post'];
    /**
     * Model Context Protocol (Streamable HTTP)
     * @description Ends the session.
     */
    delete: operations['mcp.close'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/oauth-protected-resource/mcp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** OAuth protected-resource metadata of the MCP endpoint (RFC 9728) */
    get: operations['mcp.protectedResource'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The process is serving. */
    get: operations['health.live'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness from the last probe of the health items: 503 when a critical item is degraded, 200 otherwise. */
    get: operations['health.ready'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** Problem */
    Problem: {
      /** Format: uri-reference */
      type: string;
      title: string;
      /** Format: int32 */
      status: number;
      /** @description Localized by Accept-Language or the caller locale. */
      detail: string;
      /** @description The stable Opwire error code. */
      code: string;
      /** @description The request field a non-validation error is about, when there is one. */
      field?: string;
      errors?: {
        code: string;
        field: string;
        /** @description JSON Pointer into the request. */
        pointer: string;
        detail: string;
      }[];
      /** @description The error's own details, as its catalogue entry's `data` schema declares them. */
      data?: {
        [key: string]: unknown;
      };
    };
    /** Order */
    Order: {
      /** @description The order id, such as ord_4f9c2a7b1d3e. */
      id: string;
      /** @description pending → paid → shipped; pending or paid orders can be cancelled. */
      status: 'pending' | 'paid' | 'shipped' | 'cancelled';
      /** @description The principal who placed the order. */
      customer: string;
      sku: string;
      quantity: number;
      /** @description Price times quantity, in cents. */
      totalCents: number;
      note?: string;
      /** Format: date-time */
      createdAt: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description The request's id, to quote when reporting a problem: the client's own `X-Request-Id` when it is well-formed (1 to 128 letters, digits or `_.:@/+=-`), else one the server made. */
    'X-Request-Id': string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  'orders.list': {
    parameters: {
      query?: {
        status?: 'pending' | 'paid' | 'shipped' | 'cancelled';
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            orders: components['schemas']['Order'][];
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, PROTOTYPE_POISONING, MALFORMED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'PROTOTYPE_POISONING'
              | 'MALFORMED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'orders.create': {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried write safe: repeated by the same caller with the same key and the same request (an anonymous call is never replayed), it gets the first answer (with `Idempotent-Replayed: true`) and writes nothing; the same key with a different request is 409 IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters, sent once (twice is 400 REPEATED_IDEMPOTENCY_KEY). */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The product SKU, such as KB-01. */
          sku: string;
          /**
           * Format: int32
           * @description How many units; at most what is in stock.
           */
          quantity: number;
          /** @description A note for the shop. */
          note?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description Set by middleware when it applies. */
          'Idempotent-Replayed'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY, INVALID_IDEMPOTENCY_KEY, REPEATED_IDEMPOTENCY_KEY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY'
              | 'INVALID_IDEMPOTENCY_KEY'
              | 'REPEATED_IDEMPOTENCY_KEY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Conflict: CONFLICT, IDEMPOTENCY_KEY_REUSED */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'CONFLICT' | 'IDEMPOTENCY_KEY_REUSED';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Unprocessable Content: UNKNOWN_SKU, OUT_OF_STOCK */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNKNOWN_SKU' | 'OUT_OF_STOCK';
          };
        };
      };
      /** @description Too Many Requests: RATE_LIMITED */
      429: {
        headers: {
          /** @description Set by middleware with RATE_LIMITED. */
          'Retry-After'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'RATE_LIMITED';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'orders.get': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_PATH, PROTOTYPE_POISONING, MALFORMED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_PATH'
              | 'PROTOTYPE_POISONING'
              | 'MALFORMED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Not Found: NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_FOUND';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'orders.cancel': {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried write safe: repeated by the same caller with the same key and the same request (an anonymous call is never replayed), it gets the first answer (with `Idempotent-Replayed: true`) and writes nothing; the same key with a different request is 409 IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters, sent once (twice is 400 REPEATED_IDEMPOTENCY_KEY). */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Set by middleware when it applies. */
          'Idempotent-Replayed'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_PATH, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY, INVALID_IDEMPOTENCY_KEY, REPEATED_IDEMPOTENCY_KEY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_PATH'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY'
              | 'INVALID_IDEMPOTENCY_KEY'
              | 'REPEATED_IDEMPOTENCY_KEY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Not Found: NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_FOUND';
          };
        };
      };
      /** @description Conflict: CONFLICT, IDEMPOTENCY_KEY_REUSED */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'CONFLICT' | 'IDEMPOTENCY_KEY_REUSED';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Unprocessable Content: ORDER_NOT_CANCELLABLE */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'ORDER_NOT_CANCELLABLE';
          };
        };
      };
      /** @description Too Many Requests: RATE_LIMITED */
      429: {
        headers: {
          /** @description Set by middleware with RATE_LIMITED. */
          'Retry-After'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'RATE_LIMITED';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'knowledge.search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          query: string;
          top?: number;
          minScore?: number;
          mode?: 'dense' | 'lexical' | 'hybrid';
          documentIds?: string[];
          metadata?: {
            [key: string]: string | number | boolean;
          };
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            results: {
              documentId: string;
              chunkIndex: number;
              text: string;
              /** @description Title, else source, else document id. */
              source: string;
              score: number;
              metadata: {
                [key: string]: string | number | boolean;
              };
            }[];
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Internal Server Error: EMBEDDING_DIMENSION_MISMATCH, INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'EMBEDDING_DIMENSION_MISMATCH' | 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE, NO_EMBEDDING_MODEL, EMBEDDING_FAILED, KNOWLEDGE_STORE_FAILED */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE' | 'NO_EMBEDDING_MODEL' | 'EMBEDDING_FAILED' | 'KNOWLEDGE_STORE_FAILED';
          };
        };
      };
    };
  };
  'knowledge.ingest': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          documents: {
            documentId: string;
            text: string;
            title?: string;
            source?: string;
            metadata?: {
              [key: string]: string | number | boolean;
            };
          }[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            results: {
              documentId: string;
              chunks: number;
              error?: {
                code: string;
                message: string;
              };
            }[];
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY, EMPTY_DOCUMENT, DUPLICATE_DOCUMENT_ID, RESERVED_METADATA_KEY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY'
              | 'EMPTY_DOCUMENT'
              | 'DUPLICATE_DOCUMENT_ID'
              | 'RESERVED_METADATA_KEY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Conflict: CONFLICT */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'CONFLICT';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Internal Server Error: EMBEDDING_DIMENSION_MISMATCH, INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'EMBEDDING_DIMENSION_MISMATCH' | 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE, NO_EMBEDDING_MODEL, EMBEDDING_FAILED, KNOWLEDGE_STORE_FAILED */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE' | 'NO_EMBEDDING_MODEL' | 'EMBEDDING_FAILED' | 'KNOWLEDGE_STORE_FAILED';
          };
        };
      };
    };
  };
  'knowledge.remove': {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried write safe: repeated by the same caller with the same key and the same request (an anonymous call is never replayed), it gets the first answer (with `Idempotent-Replayed: true`) and writes nothing; the same key with a different request is 409 IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters, sent once (twice is 400 REPEATED_IDEMPOTENCY_KEY). */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          documentIds: string[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Set by middleware when it applies. */
          'Idempotent-Replayed'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            removedChunks: number;
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY, INVALID_IDEMPOTENCY_KEY, REPEATED_IDEMPOTENCY_KEY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY'
              | 'INVALID_IDEMPOTENCY_KEY'
              | 'REPEATED_IDEMPOTENCY_KEY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Conflict: CONFLICT, IDEMPOTENCY_KEY_REUSED */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'CONFLICT' | 'IDEMPOTENCY_KEY_REUSED';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE, KNOWLEDGE_STORE_FAILED */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE' | 'KNOWLEDGE_STORE_FAILED';
          };
        };
      };
    };
  };
  'ai.chat': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /** @description The conversation; a new one when absent, one owned by the caller when unknown. */
          conversationId?: string;
          /** @description The user's new message. */
          message?: string;
          /** @description Decisions on pending approvals of the caller. */
          approvals?: {
            approvalId: string;
            approved: boolean;
            reason?: string;
          }[];
          /** @description Ask a question again: the newest stored one whose text is `message` (the last one without `message`); the new answer takes the place of what answered it and what followed (kept if the new turn fails before finishing a step). A call that wrote or asked for an approval stays, only what follows it replaced, and an earlier answer than one with such a call is `409 ANSWER_NOT_REPLACEABLE`. A `message` not stored is asked as a new question. */
          regenerate?: boolean;
          /** @description With `regenerate`: the turn whose answer is kept. The first question after it is asked again and everything after that question replaced (the last question when the turn is not stored). Refused without `regenerate: true`, and with `approvals`. */
          regenerateAfter?: string;
          /** @description With `regenerate` and `message`: an edit (`useChat`'s `sendMessage({ text, messageId })`). `message` takes the place of a stored question, the first after `regenerateAfter` (the conversation's first without it), and the new answer the place of everything that followed; nothing is changed when that question is not stored (`404 QUESTION_NOT_FOUND`) or an answer since it asked for an approval or ran a call that writes (`409 QUESTION_NOT_EDITABLE`). Refused without `regenerate: true`, and with `approvals`. */
          edit?: boolean;
          tools?: string[];
        };
      };
    };
    responses: {
      /** @description Server-sent events: each named by its `type`, its data one JSON object of this schema; a failure mid-stream ends with an `error` event carrying the problem. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'text/event-stream':
            | {
                /** @constant */
                type: 'start';
                conversationId: string;
                turnId: string;
                question?: string;
              }
            | {
                /** @constant */
                type: 'text';
                delta: string;
              }
            | {
                /** @constant */
                type: 'reasoning';
                delta: string;
              }
            | {
                /** @constant */
                type: 'source';
                sourceId: string;
                title: string;
                url?: string;
              }
            | {
                /** @constant */
                type: 'tool-call';
                toolCallId: string;
                toolName: string;
                input: unknown;
              }
            | {
                /** @constant */
                type: 'tool-result';
                toolCallId: string;
                toolName: string;
                output: unknown;
              }
            | {
                /** @constant */
                type: 'done';
                conversationId: string;
                turnId: string;
                text: string;
                steps: {
                  toolCalls: {
                    toolCallId: string;
                    toolName: string;
                    input: unknown;
                  }[];
                  toolResults: {
                    toolCallId: string;
                    toolName: string;
                    output: unknown;
                  }[];
                }[];
                usage: {
                  inputTokens: number;
                  outputTokens: number;
                };
                cost?: {
                  amount: number;
                  currency: string;
                };
                outcome: 'completed' | 'stopped' | 'failed';
                stopReason?: string;
                provider?: string;
                model?: string;
                pendingApprovals: {
                  approvalId: string;
                  toolCallId: string;
                  toolName: string;
                  input: unknown;
                  expiresAt: string;
                }[];
              };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY, UNKNOWN_TOOL, PROMPT_NOT_FOUND, FIELD_NEEDS_TRUE, FIELD_EXCLUDES */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY'
              | 'UNKNOWN_TOOL'
              | 'PROMPT_NOT_FOUND'
              | 'FIELD_NEEDS_TRUE'
              | 'FIELD_EXCLUDES';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Not Found: NOT_FOUND, QUESTION_NOT_FOUND, APPROVAL_NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_FOUND' | 'QUESTION_NOT_FOUND' | 'APPROVAL_NOT_FOUND';
          };
        };
      };
      /** @description Not Acceptable: NOT_ACCEPTABLE */
      406: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_ACCEPTABLE';
          };
        };
      };
      /** @description Conflict: ANSWER_NOT_REPLACEABLE, QUESTION_NOT_EDITABLE, APPROVAL_EXPIRED, APPROVAL_ALREADY_SETTLED, APPROVAL_MISMATCH */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'ANSWER_NOT_REPLACEABLE'
              | 'QUESTION_NOT_EDITABLE'
              | 'APPROVAL_EXPIRED'
              | 'APPROVAL_ALREADY_SETTLED'
              | 'APPROVAL_MISMATCH';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Unprocessable Content: GUARDRAIL_REJECTED */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'GUARDRAIL_REJECTED';
          };
        };
      };
      /** @description Too Many Requests: BUDGET_EXCEEDED */
      429: {
        headers: {
          /** @description Sent with BUDGET_EXCEEDED. */
          'Retry-After'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'BUDGET_EXCEEDED';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Bad Gateway: PROVIDER_REJECTED */
      502: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PROVIDER_REJECTED';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE, CHAT_NOT_CONFIGURED, PROVIDER_FAILED */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE' | 'CHAT_NOT_CONFIGURED' | 'PROVIDER_FAILED';
          };
        };
      };
      /** @description Gateway Timeout: PROVIDER_TIMEOUT */
      504: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PROVIDER_TIMEOUT';
          };
        };
      };
    };
  };
  'ai.approve': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        approvalId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            approvalId: string;
            /** @constant */
            status: 'approved';
            output: unknown;
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_PATH, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_PATH'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Not Found: APPROVAL_NOT_FOUND, NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'APPROVAL_NOT_FOUND' | 'NOT_FOUND';
          };
        };
      };
      /** @description Conflict: APPROVAL_EXPIRED, APPROVAL_ALREADY_SETTLED, APPROVAL_MISMATCH */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'APPROVAL_EXPIRED' | 'APPROVAL_ALREADY_SETTLED' | 'APPROVAL_MISMATCH';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Unprocessable Content: ORDER_NOT_CANCELLABLE */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'ORDER_NOT_CANCELLABLE';
          };
        };
      };
      /** @description Too Many Requests: RATE_LIMITED */
      429: {
        headers: {
          /** @description Sent with RATE_LIMITED. */
          'Retry-After'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'RATE_LIMITED';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'ai.decline': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        approvalId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            approvalId: string;
            /** @constant */
            status: 'declined';
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_PATH, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_PATH'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Not Found: APPROVAL_NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'APPROVAL_NOT_FOUND';
          };
        };
      };
      /** @description Conflict: APPROVAL_EXPIRED, APPROVAL_ALREADY_SETTLED, APPROVAL_MISMATCH */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'APPROVAL_EXPIRED' | 'APPROVAL_ALREADY_SETTLED' | 'APPROVAL_MISMATCH';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'governance.listTurns': {
    parameters: {
      query?: {
        outcome?: 'completed' | 'failed' | 'stopped';
        model?: string;
        provider?: string;
        principalId?: string;
        conversationId?: string;
        tool?: string;
        from?: string;
        to?: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            turns: {
              turnId: string;
              conversationId?: string;
              tenant: string;
              principalId: string;
              traceId?: string;
              provider?: string;
              requestedModel?: string;
              model?: string;
              inputTokens: number;
              outputTokens: number;
              cost?: {
                amount: number;
                currency: string;
              };
              toolCalls: {
                toolCallId: string;
                toolName: string;
                outcome: string;
              }[];
              latencyMs: number;
              outcome: 'completed' | 'failed' | 'stopped';
              errorCode?: string;
              startedAt: string;
              finishedAt: string;
            }[];
            next?: string;
            totals: {
              requests: number;
              inputTokens: number;
              outputTokens: number;
              costs: {
                amount: number;
                currency: string;
              }[];
              currency?: string;
            };
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, PROTOTYPE_POISONING, MALFORMED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'PROTOTYPE_POISONING'
              | 'MALFORMED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'governance.getTurn': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        turnId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            turn?: {
              turnId: string;
              conversationId?: string;
              tenant: string;
              principalId: string;
              traceId?: string;
              provider?: string;
              requestedModel?: string;
              model?: string;
              inputTokens: number;
              outputTokens: number;
              cost?: {
                amount: number;
                currency: string;
              };
              toolCalls: {
                toolCallId: string;
                toolName: string;
                outcome: string;
              }[];
              latencyMs: number;
              outcome: 'completed' | 'failed' | 'stopped';
              errorCode?: string;
              startedAt: string;
              finishedAt: string;
            };
            events: {
              id: string;
              turnId: string;
              sequence: number;
              action:
                | 'request'
                | 'tool_call'
                | 'tool_result'
                | 'guardrail'
                | 'approval_requested'
                | 'approval_approved'
                | 'approval_declined'
                | 'stop'
                | 'error';
              at: string;
              tenant: string;
              principalId: string;
              conversationId?: string;
              traceId?: string;
              toolCallId?: string;
              toolName?: string;
              code?: string;
              payload?: unknown;
            }[];
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_PATH, PROTOTYPE_POISONING, MALFORMED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_PATH'
              | 'PROTOTYPE_POISONING'
              | 'MALFORMED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Not Found: NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_FOUND';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'governance.listAudit': {
    parameters: {
      query?: {
        action?:
          | 'request'
          | 'tool_call'
          | 'tool_result'
          | 'guardrail'
          | 'approval_requested'
          | 'approval_approved'
          | 'approval_declined'
          | 'stop'
          | 'error';
        turnId?: string;
        principalId?: string;
        from?: string;
        to?: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            events: {
              id: string;
              turnId: string;
              sequence: number;
              action:
                | 'request'
                | 'tool_call'
                | 'tool_result'
                | 'guardrail'
                | 'approval_requested'
                | 'approval_approved'
                | 'approval_declined'
                | 'stop'
                | 'error';
              at: string;
              tenant: string;
              principalId: string;
              conversationId?: string;
              traceId?: string;
              toolCallId?: string;
              toolName?: string;
              code?: string;
              payload?: unknown;
            }[];
            next?: string;
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, PROTOTYPE_POISONING, MALFORMED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'PROTOTYPE_POISONING'
              | 'MALFORMED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'governance.summarizeCost': {
    parameters: {
      query?: {
        from?: string;
        to?: string;
        principalId?: string;
        model?: string;
        provider?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            from: string;
            to: string;
            totals: {
              requests: number;
              inputTokens: number;
              outputTokens: number;
              costs: {
                amount: number;
                currency: string;
              }[];
              currency?: string;
            };
            byModel: {
              key: string | null;
              requests: number;
              inputTokens: number;
              outputTokens: number;
              costs: {
                amount: number;
                currency: string;
              }[];
            }[];
            byProvider: {
              key: string | null;
              requests: number;
              inputTokens: number;
              outputTokens: number;
              costs: {
                amount: number;
                currency: string;
              }[];
            }[];
            byPrincipal: {
              key: string | null;
              requests: number;
              inputTokens: number;
              outputTokens: number;
              costs: {
                amount: number;
                currency: string;
              }[];
            }[];
            byTenant: {
              key: string | null;
              requests: number;
              inputTokens: number;
              outputTokens: number;
              costs: {
                amount: number;
                currency: string;
              }[];
            }[];
            byDay: {
              key: string | null;
              requests: number;
              inputTokens: number;
              outputTokens: number;
              costs: {
                amount: number;
                currency: string;
              }[];
            }[];
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, PROTOTYPE_POISONING, MALFORMED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'PROTOTYPE_POISONING'
              | 'MALFORMED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'governance.trim': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          olderThanDays: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            before: string;
            turns: number;
            events: number;
            auditRecords?: number;
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Conflict: CONFLICT */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'CONFLICT';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'conversations.list': {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            conversations: {
              id: string;
              title?: string;
              createdAt: string;
              updatedAt: string;
            }[];
            next?: string;
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, PROTOTYPE_POISONING, MALFORMED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'PROTOTYPE_POISONING'
              | 'MALFORMED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'conversations.create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          title?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            title?: string;
            createdAt: string;
            updatedAt: string;
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Conflict: CONFLICT */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'CONFLICT';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'conversations.get': {
    parameters: {
      query?: {
        limit?: number;
        before?: number;
      };
      header?: never;
      path: {
        conversationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            conversation: {
              id: string;
              title?: string;
              createdAt: string;
              updatedAt: string;
            };
            messages: {
              sequence: number;
              role: 'user' | 'assistant' | 'tool';
              content:
                | string
                | (
                    | {
                        /** @constant */
                        type: 'text';
                        text: string;
                      }
                    | {
                        /** @constant */
                        type: 'tool-call';
                        toolCallId: string;
                        toolName: string;
                        input: unknown;
                      }
                    | {
                        /** @constant */
                        type: 'tool-result';
                        toolCallId: string;
                        toolName: string;
                        output: unknown;
                      }
                  )[];
              turnId?: string;
              at: string;
            }[];
            /** @description How each turn with messages on this page ended (a turn the ledger no longer holds is left out). */
            turns: {
              turnId: string;
              outcome: 'completed' | 'failed' | 'stopped';
              /** @description Why it failed or stopped: `CANCELLED` when its user stopped it. */
              code?: string;
              /** @description The passages the turn put before the model, which its answer may cite, as its stream sent them. */
              sources?: {
                sourceId: string;
                title: string;
                /** @description Where a reader can open it, when the app knows. */
                url?: string;
              }[];
            }[];
            /** @description Where each approval the tool results on this page asked for stands now (its stored result says `pending` however it was decided since, or expired). */
            approvals: {
              approvalId: string;
              /** @description `expired`: never decided and past `expiresAt`, so approving or declining it is `APPROVAL_EXPIRED`. */
              status: 'pending' | 'approved' | 'declined' | 'expired';
              expiresAt: string;
            }[];
            next?: number;
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_PATH, PROTOTYPE_POISONING, MALFORMED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_PATH'
              | 'PROTOTYPE_POISONING'
              | 'MALFORMED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Not Found: NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_FOUND';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'conversations.delete': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        conversationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @constant */
            deleted: true;
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_PATH, PROTOTYPE_POISONING, MALFORMED_QUERY */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_PATH'
              | 'PROTOTYPE_POISONING'
              | 'MALFORMED_QUERY';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Not Found: NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_FOUND';
          };
        };
      };
      /** @description Conflict: CONFLICT */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'CONFLICT';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'ai.chat.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /** @description The conversation; a new one when absent, one owned by the caller when unknown. */
          conversationId?: string;
          /** @description The user's new message. */
          message?: string;
          /** @description Decisions on pending approvals of the caller. */
          approvals?: {
            approvalId: string;
            approved: boolean;
            reason?: string;
          }[];
          /** @description Ask a question again: the newest stored one whose text is `message` (the last one without `message`); the new answer takes the place of what answered it and what followed (kept if the new turn fails before finishing a step). A call that wrote or asked for an approval stays, only what follows it replaced, and an earlier answer than one with such a call is `409 ANSWER_NOT_REPLACEABLE`. A `message` not stored is asked as a new question. */
          regenerate?: boolean;
          /** @description With `regenerate`: the turn whose answer is kept. The first question after it is asked again and everything after that question replaced (the last question when the turn is not stored). Refused without `regenerate: true`, and with `approvals`. */
          regenerateAfter?: string;
          /** @description With `regenerate` and `message`: an edit (`useChat`'s `sendMessage({ text, messageId })`). `message` takes the place of a stored question, the first after `regenerateAfter` (the conversation's first without it), and the new answer the place of everything that followed; nothing is changed when that question is not stored (`404 QUESTION_NOT_FOUND`) or an answer since it asked for an approval or ran a call that writes (`409 QUESTION_NOT_EDITABLE`). Refused without `regenerate: true`, and with `approvals`. */
          edit?: boolean;
          tools?: string[];
        };
      };
    };
    responses: {
      /** @description The turn: its text, tool steps, usage and pending approvals. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            conversationId: string;
            turnId: string;
            text: string;
            steps: {
              toolCalls: {
                toolCallId: string;
                toolName: string;
                input: unknown;
              }[];
              toolResults: {
                toolCallId: string;
                toolName: string;
                output: unknown;
              }[];
            }[];
            usage: {
              inputTokens: number;
              outputTokens: number;
            };
            cost?: {
              amount: number;
              currency: string;
            };
            outcome: 'completed' | 'stopped' | 'failed';
            stopReason?: string;
            provider?: string;
            model?: string;
            pendingApprovals: {
              approvalId: string;
              toolCallId: string;
              toolName: string;
              input: unknown;
              expiresAt: string;
            }[];
          };
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY, UNKNOWN_TOOL, PROMPT_NOT_FOUND, FIELD_NEEDS_TRUE, FIELD_EXCLUDES */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY'
              | 'UNKNOWN_TOOL'
              | 'PROMPT_NOT_FOUND'
              | 'FIELD_NEEDS_TRUE'
              | 'FIELD_EXCLUDES';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Not Found: NOT_FOUND, QUESTION_NOT_FOUND, APPROVAL_NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_FOUND' | 'QUESTION_NOT_FOUND' | 'APPROVAL_NOT_FOUND';
          };
        };
      };
      /** @description Conflict: ANSWER_NOT_REPLACEABLE, QUESTION_NOT_EDITABLE, APPROVAL_EXPIRED, APPROVAL_ALREADY_SETTLED, APPROVAL_MISMATCH */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'ANSWER_NOT_REPLACEABLE'
              | 'QUESTION_NOT_EDITABLE'
              | 'APPROVAL_EXPIRED'
              | 'APPROVAL_ALREADY_SETTLED'
              | 'APPROVAL_MISMATCH';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Unprocessable Content: GUARDRAIL_REJECTED */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'GUARDRAIL_REJECTED';
          };
        };
      };
      /** @description Too Many Requests: BUDGET_EXCEEDED */
      429: {
        headers: {
          /** @description Sent with BUDGET_EXCEEDED. */
          'Retry-After'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'BUDGET_EXCEEDED';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Bad Gateway: PROVIDER_REJECTED */
      502: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PROVIDER_REJECTED';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE, CHAT_NOT_CONFIGURED, PROVIDER_FAILED */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE' | 'CHAT_NOT_CONFIGURED' | 'PROVIDER_FAILED';
          };
        };
      };
      /** @description Gateway Timeout: PROVIDER_TIMEOUT */
      504: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PROVIDER_TIMEOUT';
          };
        };
      };
    };
  };
  'ai.chat.ui': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The chat id: the conversation. */
          id: string;
          /** @description UI messages, oldest first. The last one is read, and for a regeneration or an edit the assistant message before the question (its `metadata.turnId`), and the message `messageId` names, so a client may send only that tail (`prepareChatRequest` of `@opwire/console/chat`, as `DefaultChatTransport`'s `prepareSendMessagesRequest`); a stock `useChat` sends the whole history, taken whole within the route's body limit (16 MiB; `maxItems` is one message per 64 bytes of it, fewer than a chat's messages take). */
          messages: Record<string, never>[];
          /** @enum {unknown} */
          trigger?: 'submit-message' | 'regenerate-message';
          /** @description With `submit-message`, the id of the last message when it is a user message: an edit (`sendMessage({ text, messageId })`), whose text replaces that stored question and whose answer everything after it. */
          messageId?: string;
        };
      };
    };
    responses: {
      /** @description The turn as a UI message stream (`x-vercel-ai-ui-message-stream: v1`). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description Bad Request: INVALID_REQUEST, MISSING_FIELD, WRONG_TYPE, NULL_NOT_ALLOWED, INVALID_ENUM, UNKNOWN_FIELD, OUT_OF_RANGE, INVALID_FORMAT, NUL_CHARACTER, INVALID_UNICODE, MALFORMED_JSON, PROTOTYPE_POISONING, UNEXPECTED_QUERY, UNKNOWN_TOOL, PROMPT_NOT_FOUND, FIELD_NEEDS_TRUE, FIELD_EXCLUDES */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'INVALID_REQUEST'
              | 'MISSING_FIELD'
              | 'WRONG_TYPE'
              | 'NULL_NOT_ALLOWED'
              | 'INVALID_ENUM'
              | 'UNKNOWN_FIELD'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT'
              | 'NUL_CHARACTER'
              | 'INVALID_UNICODE'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'UNEXPECTED_QUERY'
              | 'UNKNOWN_TOOL'
              | 'PROMPT_NOT_FOUND'
              | 'FIELD_NEEDS_TRUE'
              | 'FIELD_EXCLUDES';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Not Found: NOT_FOUND, QUESTION_NOT_FOUND, APPROVAL_NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_FOUND' | 'QUESTION_NOT_FOUND' | 'APPROVAL_NOT_FOUND';
          };
        };
      };
      /** @description Conflict: ANSWER_NOT_REPLACEABLE, QUESTION_NOT_EDITABLE, APPROVAL_EXPIRED, APPROVAL_ALREADY_SETTLED, APPROVAL_MISMATCH */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'ANSWER_NOT_REPLACEABLE'
              | 'QUESTION_NOT_EDITABLE'
              | 'APPROVAL_EXPIRED'
              | 'APPROVAL_ALREADY_SETTLED'
              | 'APPROVAL_MISMATCH';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Unprocessable Content: GUARDRAIL_REJECTED */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'GUARDRAIL_REJECTED';
          };
        };
      };
      /** @description Too Many Requests: BUDGET_EXCEEDED */
      429: {
        headers: {
          /** @description Sent with BUDGET_EXCEEDED. */
          'Retry-After'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'BUDGET_EXCEEDED';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Bad Gateway: PROVIDER_REJECTED */
      502: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PROVIDER_REJECTED';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE, CHAT_NOT_CONFIGURED, PROVIDER_FAILED */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE' | 'CHAT_NOT_CONFIGURED' | 'PROVIDER_FAILED';
          };
        };
      };
      /** @description Gateway Timeout: PROVIDER_TIMEOUT */
      504: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PROVIDER_TIMEOUT';
          };
        };
      };
    };
  };
  'knowledge.document': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The document file name, such as returns-policy.md; any other id, or one the caller's knowledge base no longer holds as the shop's file (removed, or replaced by another ingest), is 404. */
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'text/markdown': string;
        };
      };
      /** @description Bad Request: MALFORMED_PATH */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'MALFORMED_PATH';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Forbidden: PERMISSION_DENIED */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PERMISSION_DENIED';
          };
        };
      };
      /** @description Not Found: NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_FOUND';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE, KNOWLEDGE_STORE_FAILED */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE' | 'KNOWLEDGE_STORE_FAILED';
          };
        };
      };
    };
  };
  'ai.chat.ui.resume': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The chat id: the conversation, as `/api/chat` takes it. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No running answer to resume: show the stored conversation. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Bad Request: MALFORMED_PATH, OUT_OF_RANGE, INVALID_FORMAT */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'MALFORMED_PATH' | 'OUT_OF_RANGE' | 'INVALID_FORMAT';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Not Found: NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_FOUND';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'ai.chat.ui.stop': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The chat id: the conversation, as `/api/chat` takes it. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Whether a running turn of the caller’s was stopped. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            stopped: boolean;
          };
        };
      };
      /** @description Bad Request: MALFORMED_PATH, MALFORMED_JSON, PROTOTYPE_POISONING, OUT_OF_RANGE, INVALID_FORMAT */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?:
              | 'MALFORMED_PATH'
              | 'MALFORMED_JSON'
              | 'PROTOTYPE_POISONING'
              | 'OUT_OF_RANGE'
              | 'INVALID_FORMAT';
          };
        };
      };
      /** @description Unauthorized: UNAUTHENTICATED */
      401: {
        headers: {
          /** @description `Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused. */
          'WWW-Authenticate': string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAUTHENTICATED';
          };
        };
      };
      /** @description Not Found: NOT_FOUND */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'NOT_FOUND';
          };
        };
      };
      /** @description Content Too Large: PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'PAYLOAD_TOO_LARGE';
          };
        };
      };
      /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_CHARSET, UNSUPPORTED_CONTENT_ENCODING */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNSUPPORTED_MEDIA_TYPE' | 'UNSUPPORTED_CHARSET' | 'UNSUPPORTED_CONTENT_ENCODING';
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'mcp.listen': {
    parameters: {
      query?: never;
      header: {
        /** @description The session from the initialize answer; required on every request after it. */
        'Mcp-Session-Id': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Server-sent JSON-RPC messages. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description SESSION_REQUIRED (no Mcp-Session-Id on a request other than initialize: -32000), INVALID_MESSAGE (JSON that is no JSON-RPC 2.0 message: invalid request -32600), INVALID_INITIALIZE (an initialize request with malformed params), INVALID_PARAMS (a request on a session whose params MCP rejects: -32602 under its id), INITIALIZE_NOT_BATCHED (an initialize sent in a batch: invalid request -32600), INITIALIZE_NOT_A_REQUEST (an initialize sent as a notification, without an id: invalid request -32600), SESSION_ALREADY_INITIALIZED (an initialize on a session that is open: invalid request -32600 under its id), BATCH_NOT_SUPPORTED (a batch on a session at protocol version 2025-06-18 or later: invalid request -32600), REPEATED_REQUEST_ID (two requests of a batch share an id: invalid request -32600, nothing runs), RESPONSE_TOO_DEEP (a client’s response nested more than 64 levels deep: invalid request -32600), UNSUPPORTED_PROTOCOL_VERSION (an MCP-Protocol-Version the server does not speak: -32000), REPEATED_PROTOCOL_VERSION (the MCP-Protocol-Version header sent more than once: -32000), MALFORMED_JSON (JSON-RPC parse error -32700) or PROTOTYPE_POISONING */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description UNAUTHENTICATED: no or bad bearer token */
      401: {
        headers: {
          /** @description Bearer challenge naming the protected-resource metadata (RFC 9728). */
          'WWW-Authenticate'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description ORIGIN_NOT_ALLOWED: a browser Origin outside the allow-list */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description SESSION_NOT_FOUND (-32001): unknown, expired, or another caller’s session */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description NOT_ACCEPTABLE (-32000): the Accept header does not list application/json and text/event-stream (GET: text/event-stream) */
      406: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description STREAM_ALREADY_OPEN (-32000): the session’s event stream is open already */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body passes the server’s limit */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE (the body is not JSON), UNSUPPORTED_CHARSET (JSON in a charset other than UTF-8) or UNSUPPORTED_CONTENT_ENCODING (a Content-Encoding other than identity) */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING: identity. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description UNAVAILABLE or SESSION_LIMIT_REACHED */
      503: {
        headers: {
          /** @description Seconds to wait before opening a session. */
          'Retry-After'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
    };
  };
  'mcp.post': {
    parameters: {
      query?: never;
      header?: {
        /** @description The session from the initialize answer; required on every request after it. */
        'Mcp-Session-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @constant */
          jsonrpc: '2.0';
        };
      };
    };
    responses: {
      /** @description The answer to a request, as one JSON-RPC message or a stream of them. */
      200: {
        headers: {
          /** @description The session an initialize request opened: send it on every request after it. */
          'Mcp-Session-Id'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
          };
          'text/event-stream': string;
        };
      };
      /** @description A notification or response was accepted. */
      202: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description SESSION_REQUIRED (no Mcp-Session-Id on a request other than initialize: -32000), INVALID_MESSAGE (JSON that is no JSON-RPC 2.0 message: invalid request -32600), INVALID_INITIALIZE (an initialize request with malformed params), INVALID_PARAMS (a request on a session whose params MCP rejects: -32602 under its id), INITIALIZE_NOT_BATCHED (an initialize sent in a batch: invalid request -32600), INITIALIZE_NOT_A_REQUEST (an initialize sent as a notification, without an id: invalid request -32600), SESSION_ALREADY_INITIALIZED (an initialize on a session that is open: invalid request -32600 under its id), BATCH_NOT_SUPPORTED (a batch on a session at protocol version 2025-06-18 or later: invalid request -32600), REPEATED_REQUEST_ID (two requests of a batch share an id: invalid request -32600, nothing runs), RESPONSE_TOO_DEEP (a client’s response nested more than 64 levels deep: invalid request -32600), UNSUPPORTED_PROTOCOL_VERSION (an MCP-Protocol-Version the server does not speak: -32000), REPEATED_PROTOCOL_VERSION (the MCP-Protocol-Version header sent more than once: -32000), MALFORMED_JSON (JSON-RPC parse error -32700) or PROTOTYPE_POISONING */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description UNAUTHENTICATED: no or bad bearer token */
      401: {
        headers: {
          /** @description Bearer challenge naming the protected-resource metadata (RFC 9728). */
          'WWW-Authenticate'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description ORIGIN_NOT_ALLOWED: a browser Origin outside the allow-list */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description SESSION_NOT_FOUND (-32001): unknown, expired, or another caller’s session */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description NOT_ACCEPTABLE (-32000): the Accept header does not list application/json and text/event-stream (GET: text/event-stream) */
      406: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description REQUEST_ID_IN_USE (-32600): a request of that id is still being answered on the session; this one did not run */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body passes the server’s limit */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE (the body is not JSON), UNSUPPORTED_CHARSET (JSON in a charset other than UTF-8) or UNSUPPORTED_CONTENT_ENCODING (a Content-Encoding other than identity) */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING: identity. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description UNAVAILABLE or SESSION_LIMIT_REACHED */
      503: {
        headers: {
          /** @description Seconds to wait before opening a session. */
          'Retry-After'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
    };
  };
  'mcp.close': {
    parameters: {
      query?: never;
      header: {
        /** @description The session from the initialize answer; required on every request after it. */
        'Mcp-Session-Id': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The session ended. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description SESSION_REQUIRED (no Mcp-Session-Id on a request other than initialize: -32000), INVALID_MESSAGE (JSON that is no JSON-RPC 2.0 message: invalid request -32600), INVALID_INITIALIZE (an initialize request with malformed params), INVALID_PARAMS (a request on a session whose params MCP rejects: -32602 under its id), INITIALIZE_NOT_BATCHED (an initialize sent in a batch: invalid request -32600), INITIALIZE_NOT_A_REQUEST (an initialize sent as a notification, without an id: invalid request -32600), SESSION_ALREADY_INITIALIZED (an initialize on a session that is open: invalid request -32600 under its id), BATCH_NOT_SUPPORTED (a batch on a session at protocol version 2025-06-18 or later: invalid request -32600), REPEATED_REQUEST_ID (two requests of a batch share an id: invalid request -32600, nothing runs), RESPONSE_TOO_DEEP (a client’s response nested more than 64 levels deep: invalid request -32600), UNSUPPORTED_PROTOCOL_VERSION (an MCP-Protocol-Version the server does not speak: -32000), REPEATED_PROTOCOL_VERSION (the MCP-Protocol-Version header sent more than once: -32000), MALFORMED_JSON (JSON-RPC parse error -32700) or PROTOTYPE_POISONING */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description UNAUTHENTICATED: no or bad bearer token */
      401: {
        headers: {
          /** @description Bearer challenge naming the protected-resource metadata (RFC 9728). */
          'WWW-Authenticate'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description ORIGIN_NOT_ALLOWED: a browser Origin outside the allow-list */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description SESSION_NOT_FOUND (-32001): unknown, expired, or another caller’s session */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description NOT_ACCEPTABLE (-32000): the Accept header does not list application/json and text/event-stream (GET: text/event-stream) */
      406: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body passes the server’s limit */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE (the body is not JSON), UNSUPPORTED_CHARSET (JSON in a charset other than UTF-8) or UNSUPPORTED_CONTENT_ENCODING (a Content-Encoding other than identity) */
      415: {
        headers: {
          /** @description Sent with UNSUPPORTED_CONTENT_ENCODING: identity. */
          'Accept-Encoding'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description UNAVAILABLE or SESSION_LIMIT_REACHED */
      503: {
        headers: {
          /** @description Seconds to wait before opening a session. */
          'Retry-After'?: string;
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            jsonrpc: '2.0';
            error: Record<string, never>;
          };
        };
      };
    };
  };
  'mcp.protectedResource': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The protected-resource metadata (RFC 9728). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uri */
            resource: string;
            authorization_servers?: string[];
            scopes_supported?: string[];
            bearer_methods_supported?: string[];
            resource_name?: string;
          };
        };
      };
      /** @description Internal Server Error: INTERNAL */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'INTERNAL';
          };
        };
      };
      /** @description Service Unavailable: UNAVAILABLE */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            /** @enum {unknown} */
            code?: 'UNAVAILABLE';
          };
        };
      };
    };
  };
  'health.live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'live';
          };
        };
      };
    };
  };
  'health.ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {unknown} */
            status: 'ready' | 'degraded' | 'unavailable';
            checks: {
              name: string;
              critical: boolean;
              /** @enum {unknown} */
              status: 'ready' | 'degraded';
              code?: string;
            }[];
          };
        };
      };
      /** @description A critical item is degraded, or the server is shutting down (SHUTTING_DOWN) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {unknown} */
            status: 'ready' | 'degraded' | 'unavailable';
            checks: {
              name: string;
              critical: boolean;
              /** @enum {unknown} */
              status: 'ready' | 'degraded';
              code?: string;
            }[];
          };
        };
      };
    };
  };
}
