/** A buffered HTTP answer: what the node server and the fetch handler both write out. */
export interface PlainAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array | undefined;
  /** Close the connection after answering (the rest of the request body was not read). */
  readonly close?: boolean;
}

/** What a route produces: a buffered answer, or a web `Response` that may stream. */
export type Answer = PlainAnswer | Response;

/** A JSON answer with a precomputed body. */
export function jsonAnswer(status: number, value: unknown, requestId: string): PlainAnswer {
  const body = JSON.stringify(value);
  if (body === undefined) return { status: 204, headers: { 'x-request-id': requestId }, body: undefined };
  return {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
    body,
  };
}
