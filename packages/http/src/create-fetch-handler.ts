import { coreErrors, type Opwire, OpwireError } from '@opwire/core';
import type { Answer } from './answer.js';
import { createDispatcher } from './create-dispatcher.js';
import { httpErrors } from './http-errors.js';
import type { HttpExchange, HttpOptions } from './http-options.js';

/** What the host knows of a request beyond the `Request` itself. */
export interface FetchRequestInfo {
  /** The client's address (Bun: `server.requestIP(request)?.address`; Deno: `info.remoteAddr.hostname`). */
  readonly clientAddress?: string;
}

/**
 * A Web-standard request handler (Deno, Bun, Cloudflare, service workers, tests); `close` stops its health probes.
 * The second argument may say the client's address, which the `Request` does not carry.
 */
export type FetchHandler = ((request: Request, info?: FetchRequestInfo) => Promise<Response>) & {
  close(): void;
};

/** Serves an app as a `(Request) => Promise<Response>` handler with the same routes and answers as the node server. */
export function createFetchHandler(app: Opwire, options: HttpOptions = {}): FetchHandler {
  const dispatcher = createDispatcher(app, options);
  const handle = async (request: Request, info?: FetchRequestInfo): Promise<Response> => {
    // Hosts that mount a handler pass their own second argument (Hono: its env): only a string is an address.
    const clientAddress = typeof info?.clientAddress === 'string' ? info.clientAddress : undefined;
    const answer = await new Promise<Answer>((resolve) =>
      dispatcher.dispatch(new FetchExchange(request, resolve, clientAddress)),
    );
    const head = request.method === 'HEAD';
    if (answer instanceof Response) {
      if (!head || answer.body === null) return answer;
      // A HEAD request gets the head only; the body (an event stream may never end) is not read.
      answer.body.cancel().catch(() => undefined);
      return new Response(null, {
        status: answer.status,
        statusText: answer.statusText,
        headers: answer.headers,
      });
    }
    const empty = head || answer.status === 204;
    return new Response(empty ? null : answer.body, { status: answer.status, headers: answer.headers });
  };
  return Object.assign(handle, { close: () => dispatcher.close() });
}

// Fatal: JSON is UTF-8 (RFC 8259), and bytes that are not would be decoded to U+FFFD, changing what was sent.
// A byte order mark is kept, as the node server keeps it: the JSON parser then ignores one for both.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

class FetchExchange implements HttpExchange {
  readonly url: string;
  readonly scheme: string;
  readonly headers: Readonly<Record<string, string | undefined>>;

  constructor(
    private readonly request: Request,
    readonly respond: (answer: Answer) => void,
    readonly clientAddress: string | undefined,
  ) {
    const url = new URL(request.url);
    this.url = url.pathname + url.search;
    this.scheme = url.protocol.slice(0, -1);
    this.headers = Object.fromEntries(request.headers);
  }

  get method(): string {
    return this.request.method;
  }

  get signal(): AbortSignal {
    return this.request.signal;
  }

  get hasBody(): boolean {
    return this.request.body !== null && this.headers['content-length'] !== '0';
  }

  readBody(limit: number, done: (text: string) => void, failed: (error: Error) => void): void {
    this.read(limit).then(done, failed);
  }

  private async read(limit: number): Promise<string> {
    const body = this.request.body;
    if (!body) return '';
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    // The request's signal aborting (its client gone) ends the reading: a host's body stream need not error then,
    // and a read that waits for bytes that never come would hold the call forever.
    const signal = this.request.signal;
    let stop: () => void = () => undefined;
    const aborted = new Promise<never>((_, reject) => {
      stop = () => {
        reject(coreErrors.CANCELLED({ cause: signal.reason }));
        reader.cancel(signal.reason).catch(() => undefined);
      };
    });
    aborted.catch(() => undefined);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        const { done, value } = await Promise.race([reader.read(), aborted]);
        if (done) break;
        size += value.byteLength;
        if (size > limit) {
          await reader.cancel().catch(() => undefined);
          throw httpErrors.PAYLOAD_TOO_LARGE({ params: { limit } });
        }
        chunks.push(value);
      }
    } catch (error) {
      throw OpwireError.isInstance(error) ? error : coreErrors.CANCELLED({ cause: error });
    } finally {
      signal.removeEventListener('abort', stop);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    try {
      return decoder.decode(bytes);
    } catch (error) {
      throw httpErrors.MALFORMED_JSON({ cause: error });
    }
  }
}
