/** A buffered HTTP answer: what the node server and the fetch handler both write out. */
export interface PlainAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array | undefined;
  /** Close the connection after answering (the rest of the request body was not read). */
  readonly close?: boolean | undefined;
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
  /** The body is ASCII only (the compiled writer said so): its length is its UTF-8 length, and Latin-1 writes it. */
  readonly ascii: boolean;

  constructor(
    status: number,
    /** The JSON text (`undefined`: the response serializes to nothing, answered 204). */
    body: string | undefined,
    ascii: boolean,
    readonly requestId: string,
    /** Headers middleware set (such as `idempotent-replayed`). */
    readonly extra: Readonly<Record<string, string>> | undefined = undefined,
  ) {
    this.body = body;
    this.ascii = ascii;
    this.status = body === undefined ? 204 : status;
  }

  get headers(): Record<string, string> {
    const own: Record<string, string> =
      this.body === undefined
        ? { 'x-request-id': this.requestId }
        : { 'content-type': 'application/json', 'x-request-id': this.requestId };
    return this.extra ? { ...this.extra, ...own } : own;
  }

  /** The same answer with more headers (CORS), the body not serialized again. */
  withHeaders(more: Readonly<Record<string, string>>): JsonAnswer {
    const copy = Object.create(JsonAnswer.prototype) as JsonAnswer;
    return Object.assign(copy, this, { extra: this.extra ? mergeHeaders(this.extra, more) : more });
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
            String(this.ascii ? this.body.length : Buffer.byteLength(this.body)),
            'x-request-id',
            this.requestId,
          ];
    if (this.extra) for (const name in this.extra) list.push(name, this.extra[name] as string);
    if (closing) list.push('connection', 'close');
    return list;
  }
}

/** A JSON answer with a precomputed body. */
export function jsonAnswer(
  status: number,
  value: unknown,
  requestId: string,
  extra?: Readonly<Record<string, string>>,
  stringify?: ((value: unknown) => string | undefined) & { readonly ascii?: boolean },
): JsonAnswer {
  const body = stringify === undefined ? JSON.stringify(value) : stringify(value);
  return new JsonAnswer(status, body, stringify?.ascii === true, requestId, extra);
}

/**
 * `base` with `extra` set over it, except `vary`, whose field names are joined (RFC 9110, section
 * 12.5.5): CORS's `Origin` must not replace an answer's own `Accept-Language` or `Accept-Encoding`.
 */
export function mergeHeaders(
  base: Readonly<Record<string, string>> | undefined,
  extra: Readonly<Record<string, string>>,
): Record<string, string> {
  const merged = { ...base, ...extra };
  const before = base?.vary;
  if (before !== undefined && extra.vary !== undefined) merged.vary = joinVary(before, extra.vary);
  return merged;
}

/** Two `Vary` values as one, each field name once (names compare case-insensitively). */
export function joinVary(left: string, right: string): string {
  const names = new Map<string, string>();
  for (const name of `${left},${right}`.split(',')) {
    const trimmed = name.trim();
    if (trimmed !== '' && !names.has(trimmed.toLowerCase())) names.set(trimmed.toLowerCase(), trimmed);
  }
  return [...names.values()].join(', ');
}
