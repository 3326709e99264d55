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

/**
 * An operation's JSON answer (204 when the response serializes to nothing). It keeps its few
 * headers as fields: the node server writes them as a flat list, without building a header map.
 */
export class JsonAnswer implements PlainAnswer {
  readonly status: number;
  readonly body: string | undefined;

  constructor(
    status: number,
    value: unknown,
    readonly requestId: string,
  ) {
    this.body = JSON.stringify(value);
    this.status = this.body === undefined ? 204 : status;
  }

  get headers(): Record<string, string> {
    return this.body === undefined
      ? { 'x-request-id': this.requestId }
      : { 'content-type': 'application/json', 'x-request-id': this.requestId };
  }

  /** The headers as `name, value, …` for `ServerResponse.writeHead`, `content-length` included. */
  headerList(closing: boolean): string[] {
    const list =
      this.body === undefined
        ? ['x-request-id', this.requestId]
        : [
            'content-type',
            'application/json',
            'content-length',
            String(Buffer.byteLength(this.body)),
            'x-request-id',
            this.requestId,
          ];
    if (closing) list.push('connection', 'close');
    return list;
  }
}

/** A JSON answer with a precomputed body. */
export function jsonAnswer(status: number, value: unknown, requestId: string): JsonAnswer {
  return new JsonAnswer(status, value, requestId);
}
