import type { Caller } from '../caller.js';
import type { InvokeOptions, Origin, RequestHeaders, ResponseText, Surface } from '../context.js';
import { extractRemoteContext } from '../telemetry.js';
import { requestedLocale } from './request-locale.js';

/** What a surface knows of one request, whatever its transport. */
export interface SurfaceRequest {
  readonly surface: Surface;
  readonly caller: Caller | undefined;
  /**
   * Transport headers: the trace parent and baggage (through the registered propagator; a `traceparent` and no
   * baggage when there is none) and `accept-language` are read; middleware sees them all.
   */
  readonly headers?: RequestHeaders | undefined;
  /** Aborts when the client goes away. */
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number | undefined;
  /** Ids the surface knows: request, MCP session and JSON-RPC id, conversation, turn, tool call. */
  readonly ids?: Omit<Origin, 'surface'> | undefined;
  /** Where middleware response headers go (HTTP); leave out on surfaces that have none. */
  readonly responseHeaders?: Record<string, string> | undefined;
  /** Where the response's JSON text goes when the response check wrote it (a surface answering in JSON). */
  readonly responseText?: ResponseText | undefined;
}

/**
 * The options of one `invoke` built the same way on every surface: caller, origin and ids, trace
 * parent and baggage from the headers (`extractRemoteContext`), locale from `Accept-Language` (else the caller's own), signal
 * and deadline, transport headers for middleware. A malformed trace header is ignored.
 */
export function invokeOptionsFrom(request: SurfaceRequest): InvokeOptions {
  const headers = request.headers;
  const remote = headers ? extractRemoteContext(headers) : undefined;
  // One fixed shape, absent values undefined: surfaces build this once per request.
  return {
    caller: request.caller,
    origin: request.ids ? originWith(request.surface, request.ids) : originOf(request.surface),
    trace: remote?.trace,
    baggage: remote?.baggage,
    locale: headers ? requestedLocale(headers) : undefined,
    signal: request.signal,
    timeoutMs: request.timeoutMs,
    headers,
    responseHeaders: request.responseHeaders,
    responseText: request.responseText,
  };
}

const origins: Readonly<Record<Surface, Origin>> = {
  http: Object.freeze({ surface: 'http' }),
  ai: Object.freeze({ surface: 'ai' }),
  mcp: Object.freeze({ surface: 'mcp' }),
  internal: Object.freeze({ surface: 'internal' }),
};

function originOf(surface: Surface): Origin {
  return origins[surface];
}

/**
 * An origin with the surface's ids, written field by field: on Node 20 an object spread with a property
 * after it (`{ ...ids, surface }`) costs about a microsecond, the most of any step of an HTTP request.
 */
function originWith(surface: Surface, ids: Omit<Origin, 'surface'>): Origin {
  return {
    surface,
    requestId: ids.requestId,
    sessionId: ids.sessionId,
    rpcId: ids.rpcId,
    conversationId: ids.conversationId,
    turnId: ids.turnId,
    toolCallId: ids.toolCallId,
    clientAddress: ids.clientAddress,
    // Every field of Origin is named: one added there fails to compile here until it is copied.
  } satisfies Record<keyof Origin, unknown>;
}
