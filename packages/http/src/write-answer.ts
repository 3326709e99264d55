import type { ServerResponse } from 'node:http';
import { type Answer, JsonAnswer } from './answer.js';

/**
 * Writes an answer to a Node response; a web `Response` body is streamed chunk by chunk
 * (SSE-friendly) and returns a promise, a buffered answer is written at once.
 */
export function writeAnswer(
  response: ServerResponse,
  answer: Answer,
  closing: boolean,
): Promise<void> | undefined {
  if (answer instanceof JsonAnswer) {
    response.writeHead(answer.status, answer.headerList(closing));
    // ASCII written as Latin-1 is the same bytes, copied as they are rather than encoded as UTF-8.
    if (answer.ascii) response.end(answer.body, 'latin1');
    else response.end(answer.body);
    return undefined;
  }
  if (answer instanceof Response) return writeWebResponse(response, answer, closing);
  const body = answer.body;
  // The answer may be shared (a fixed one) or frozen: the headers written are a copy.
  const headers: Record<string, string> = { ...answer.headers };
  if (body !== undefined) {
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  }
  if (answer.close || closing) headers.connection = 'close';
  response.writeHead(answer.status, headers);
  response.end(body);
  return undefined;
}

async function writeWebResponse(response: ServerResponse, answer: Response, closing: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (closing) headers.connection = 'close';
  response.writeHead(answer.status, headers);
  // An event stream may wait long for its first event (an MCP session's GET stream may never send one):
  // its head goes out now, so the client sees the stream open instead of a request still pending.
  if (answer.body && answer.headers.get('content-type')?.startsWith('text/event-stream')) {
    response.flushHeaders();
  }
  if (!answer.body) {
    response.end();
    return;
  }
  // A HEAD request gets the head only; the body (an event stream may never end) is not read.
  if (response.req.method === 'HEAD') {
    response.end();
    answer.body.cancel().catch(() => undefined);
    return;
  }
  const reader = answer.body.getReader();
  // The writing ends once the stream's cancellation has: its call is then over and audited (`stopped`), which a
  // shutdown waits for before the stores close.
  let cancelled: Promise<void> | undefined;
  const onClose = () => {
    cancelled ??= reader.cancel().catch(() => undefined);
  };
  response.once('close', onClose);
  // A client gone before the answer was ready (its close already emitted): nobody will read the body.
  if (response.destroyed) onClose();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!response.write(value)) await drained(response);
      if (response.destroyed) return;
    }
    response.end();
  } catch {
    // The stream failed after the status was sent; all that is left is to cut the connection.
    response.destroy();
  } finally {
    response.off('close', onClose);
    await cancelled;
  }
}

function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done).off('close', done);
      resolve();
    };
    response.once('drain', done).once('close', done);
  });
}
