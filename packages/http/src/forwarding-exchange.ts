import type { Answer } from './answer.js';
import type { HttpExchange } from './http-options.js';

/**
 * An exchange that hands everything to the one it wraps: the base of the wrappers that change only how
 * the body is read or the answer is sent (the server span, CORS and the access log).
 */
export class ForwardingExchange implements HttpExchange {
  constructor(protected readonly inner: HttpExchange) {}

  get method(): string {
    return this.inner.method;
  }

  get url(): string {
    return this.inner.url;
  }

  get scheme(): string | undefined {
    return this.inner.scheme;
  }

  get clientAddress(): string | undefined {
    return this.inner.clientAddress;
  }

  get headers(): Readonly<Record<string, string | undefined>> {
    return this.inner.headers;
  }

  get signal(): AbortSignal {
    return this.inner.signal;
  }

  get hasBody(): boolean {
    return this.inner.hasBody;
  }

  readBody(limit: number, done: (text: string) => void, failed: (error: Error) => void): void {
    this.inner.readBody(limit, done, failed);
  }

  respond(answer: Answer): void {
    this.inner.respond(answer);
  }
}
