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
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        request.off('data', onData).off('end', onEnd).off('error', onFailure).off('close', onFailure);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          finish();
          request.pause();
          reject(new OpwireError('PAYLOAD_TOO_LARGE', { params: { limit } }));
        } else chunks.push(chunk);
      };
      const onEnd = () => {
        finish();
        resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString() : Buffer.concat(chunks).toString());
      };
      const onFailure = (error?: unknown) => {
        finish();
        reject(new OpwireError('CANCELLED', { cause: error }));
      };
      request.on('data', onData).on('end', onEnd).on('error', onFailure).on('close', onFailure);
    });
  }
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
