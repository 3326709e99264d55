import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { coreErrors } from '@opwire/core';
import type { Answer } from './answer.js';
import { httpErrors } from './http-errors.js';
import type { HttpExchange } from './http-options.js';

/**
 * Writes an answer to a Node response (the server's writer, shared by every exchange); `unreadBody`
 * when the request announced a body nobody read, so the connection must close after the answer.
 */
export type AnswerWriter = (response: ServerResponse, answer: Answer, unreadBody: boolean) => void;

// Per-request and per-connection state live under symbols on Node's own objects: every request
// gets the same shape, and no listener closure or WeakMap entry is made per request.
const exchangeKey = Symbol('opwire.exchange');
const connectionKey = Symbol('opwire.connection');

/**
 * What one keep-alive connection shares across its requests: the abort signal, the body being read and the
 * client's address (read from the socket once: Node's getter costs a few hundred instructions on every call).
 */
interface ConnectionState {
  readonly controller: AbortController;
  readonly clientAddress: string | undefined;
  reading: NodeExchange | undefined;
}

type Tagged<T> = T & { [exchangeKey]?: NodeExchange; [connectionKey]?: ConnectionState };

/** An exchange over `node:http`: headers as Node parsed them, the body read lazily with a byte limit. */
export class NodeExchange implements HttpExchange {
  private bodyTaken = false;
  private limit = 0;
  private size = 0;
  private chunks: Buffer[] | undefined;
  private done: ((text: string) => void) | undefined;
  private failed: ((error: Error) => void) | undefined;

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    private readonly write: AnswerWriter,
    /** The client sent `Expect: 100-continue` and waits for `100 Continue` before sending the body. */
    private readonly continueExpected = false,
  ) {}

  get method(): string {
    return this.request.method ?? 'GET';
  }

  get url(): string {
    return this.request.url ?? '/';
  }

  get scheme(): string {
    return (this.request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  }

  get clientAddress(): string | undefined {
    // Undefined when the client had gone before its connection was first looked at, as Node's own getter says.
    return connectionOf(this.request.socket).clientAddress;
  }

  get headers(): Readonly<Record<string, string | undefined>> {
    return this.request.headers as Record<string, string | undefined>;
  }

  get hostMissing(): boolean {
    const request = this.request;
    return (
      request.headers.host === undefined && request.httpVersionMinor === 1 && request.httpVersionMajor === 1
    );
  }

  get hasBody(): boolean {
    const length = this.request.headers['content-length'];
    return length === undefined ? this.request.headers['transfer-encoding'] !== undefined : length !== '0';
  }

  /**
   * Aborts when the client's connection closes. One signal serves every request of a keep-alive
   * connection (an `AbortController` costs microseconds; HTTP/1.1 answers one request at a time).
   */
  get signal(): AbortSignal {
    return connectionOf(this.request.socket).controller.signal;
  }

  readBody(limit: number, done: (text: string) => void, failed: (error: Error) => void): void {
    this.bodyTaken = true;
    const request = this.request as Tagged<IncomingMessage>;
    const connection = connectionOf(request.socket);
    if (connection.controller.signal.aborted) {
      failed(coreErrors.CANCELLED());
      return;
    }
    this.limit = limit;
    this.chunks = [];
    this.done = done;
    this.failed = failed;
    request[exchangeKey] = this;
    if (this.continueExpected) this.response.writeContinue();
    // A client that goes away mid-body closes the socket: its close handler fails the reading.
    connection.reading = this;
    request.on('data', onBodyData).on('end', onBodyEnd);
  }

  respond(answer: Answer): void {
    // A route that answered and then threw gets no second answer from the dispatcher's fallback.
    if (this.response.headersSent) return;
    // Node would drain a body nobody read (at any length) to reach the next request: close instead.
    this.write(this.response, answer, !this.bodyTaken && this.hasBody);
  }

  /** Ends the reading once: hands the body (or the failure) over and forgets the callbacks. */
  finish(error: Error | undefined): void {
    const { done, failed, chunks } = this;
    if (done === undefined || failed === undefined || chunks === undefined) return;
    this.done = undefined;
    this.failed = undefined;
    this.chunks = undefined;
    const connection = (this.request.socket as Tagged<Socket> | null)?.[connectionKey];
    if (connection?.reading === this) connection.reading = undefined;
    if (error) {
      failed(error);
      return;
    }
    const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    // JSON is UTF-8 (RFC 8259): bytes that are not would be decoded to U+FFFD, changing what was sent.
    if (isUtf8(body)) done(body.toString());
    else failed(httpErrors.MALFORMED_JSON());
  }

  /** Counts a chunk against the limit; past it, stops reading and fails with `PAYLOAD_TOO_LARGE`. */
  take(chunk: Buffer): void {
    const chunks = this.chunks;
    if (chunks === undefined) return;
    this.size += chunk.length;
    if (this.size > this.limit) {
      this.request.pause();
      this.finish(httpErrors.PAYLOAD_TOO_LARGE({ params: { limit: this.limit } }));
    } else chunks.push(chunk);
  }
}

function onBodyData(this: Tagged<IncomingMessage>, chunk: Buffer): void {
  this[exchangeKey]?.take(chunk);
}

function onBodyEnd(this: Tagged<IncomingMessage>): void {
  this[exchangeKey]?.finish(undefined);
}

/**
 * Gives a connection its state as it opens (the server's `connection` listener), after Node's own listener has
 * set up the socket: every socket then gains the same properties in the same order, so Node's code reading them
 * sees one shape. A socket given its state later, at its first request, would take the properties Node adds on
 * the way in another order, and Node's socket and request code, seeing many shapes, reads every property the
 * slow (megamorphic) way.
 */
export function trackConnection(socket: Socket): void {
  connectionOf(socket);
}

function connectionOf(socket: Tagged<Socket>): ConnectionState {
  let connection = socket[connectionKey];
  if (connection === undefined) {
    const state: ConnectionState = {
      controller: new AbortController(),
      clientAddress: socket.remoteAddress,
      reading: undefined,
    };
    socket[connectionKey] = connection = state;
    // The state is made lazily: a client that left while its request was being authenticated has
    // a socket that will never emit `close` again, so its request is cancelled at once.
    if (socket.destroyed) state.controller.abort(coreErrors.CANCELLED());
    else socket.once('close', () => cancel(state));
  }
  return connection;
}

function cancel(state: ConnectionState): void {
  const error = coreErrors.CANCELLED();
  state.reading?.finish(error);
  state.controller.abort(error);
}
