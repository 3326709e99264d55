import './http-error-codes.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { OpwireError } from '@opwire/core';
import type { HttpExchange } from './http-options.js';

/** An exchange over `node:http`: headers as Node parsed them, the body read lazily with a byte limit. */
export class NodeExchange implements HttpExchange {
  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
  ) {}

  get method(): string {
    return this.request.method ?? 'GET';
  }

  get url(): string {
    return this.request.url ?? '/';
  }

  get headers(): Readonly<Record<string, string | undefined>> {
    return this.request.headers as Record<string, string | undefined>;
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
    return connectionSignal(this.request.socket);
  }

  readBody(limit: number): Promise<string> {
    const request = this.request;
    return new Promise((resolve, reject) => {
      // Listeners are shared module functions finding their state by request: no closures per request.
      readings.set(request, { limit, size: 0, chunks: [], resolve, reject });
      request
        .on('data', onBodyData)
        .on('end', onBodyEnd)
        .on('error', onBodyFailure)
        .on('close', onBodyFailure);
    });
  }
}

/** The state of one body being read. */
interface BodyReading {
  readonly limit: number;
  size: number;
  readonly chunks: Buffer[];
  readonly resolve: (text: string) => void;
  readonly reject: (error: OpwireError) => void;
}

const readings = new WeakMap<IncomingMessage, BodyReading>();

function stopReading(request: IncomingMessage): BodyReading | undefined {
  const reading = readings.get(request);
  readings.delete(request);
  request
    .off('data', onBodyData)
    .off('end', onBodyEnd)
    .off('error', onBodyFailure)
    .off('close', onBodyFailure);
  return reading;
}

function onBodyData(this: IncomingMessage, chunk: Buffer): void {
  const reading = readings.get(this);
  if (!reading) return;
  reading.size += chunk.length;
  if (reading.size > reading.limit) {
    stopReading(this);
    this.pause();
    reading.reject(new OpwireError('PAYLOAD_TOO_LARGE', { params: { limit: reading.limit } }));
  } else reading.chunks.push(chunk);
}

function onBodyEnd(this: IncomingMessage): void {
  const reading = stopReading(this);
  if (!reading) return;
  const chunks = reading.chunks;
  reading.resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString() : Buffer.concat(chunks).toString());
}

function onBodyFailure(this: IncomingMessage, error?: unknown): void {
  stopReading(this)?.reject(new OpwireError('CANCELLED', { cause: error }));
}

const signals = new WeakMap<Socket, AbortSignal>();

function connectionSignal(socket: Socket): AbortSignal {
  let signal = signals.get(socket);
  if (!signal) {
    const controller = new AbortController();
    signal = controller.signal;
    signals.set(socket, signal);
    socket.once('close', () => controller.abort(new OpwireError('CANCELLED')));
  }
  return signal;
}
