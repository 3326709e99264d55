import { type Locale, toOpwireError } from '@opwire/core';
import { toProblemJson } from './problem-json.js';

const encoder = new TextEncoder();

/** Headers of a server-sent event stream that proxies must neither buffer nor transform. */
export const eventStreamHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
});

/** How one stream of events is written. */
export interface EventStreamOptions {
  /** The route's success status (201 for a `create`), as OpenAPI documents it; 200 when not given. */
  readonly status?: number;
  readonly locale: Locale;
  readonly requestId: string;
  /** Headers middleware set, sent with the stream. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * Serves a streaming operation's events as server-sent events: each event under its `type` (or
 * `message`), its JSON as data; a failure mid-stream ends it with an `error` event carrying the problem
 * document. The client going away cancels the stream, which stops the operation (audited `stopped`).
 */
export function toEventStream(events: AsyncIterable<unknown>, options: EventStreamOptions): Response {
  const iterator = events[Symbol.asyncIterator]();
  // The stream reads one event ahead: when the client leaves, what that read brings has nowhere to go.
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const step = await iterator.next();
        if (cancelled) return;
        if (step.done) controller.close();
        else controller.enqueue(encoder.encode(serverSentEvent(step.value)));
      } catch (thrown) {
        if (cancelled) return;
        // The events come from the pipeline, which has logged an internal failure with its operation's ids.
        const error = toOpwireError(thrown);
        controller.enqueue(
          encoder.encode(`event: error\ndata: ${JSON.stringify(toProblemJson(error, options.locale))}\n\n`),
        );
        controller.close();
      }
    },
    async cancel() {
      cancelled = true;
      await iterator.return?.();
    },
  });
  return new Response(body, {
    status: options.status ?? 200,
    headers: { ...eventStreamHeaders, ...options.headers, 'x-request-id': options.requestId },
  });
}

/** One event as a server-sent event: named by its `type` when it has one. */
export function serverSentEvent(event: unknown): string {
  const type = (event as { type?: unknown } | null)?.type;
  const name = typeof type === 'string' && /^[\w.-]{1,64}$/.test(type) ? type : 'message';
  return `event: ${name}\ndata: ${JSON.stringify(event)}\n\n`;
}
