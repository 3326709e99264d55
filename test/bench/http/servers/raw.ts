import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkOrder, checkResponse, placeOrder } from '../contract.js';

/** The baseline: `node:http`, `JSON.parse` and compiled TypeBox checks of the request and the response, nothing else. */
export async function startRaw(): Promise<number> {
  let sequence = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString());
      } catch {
        body = undefined;
      }
      if (request.method !== 'POST' || request.url !== '/orders' || !checkOrder.Check(body)) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end('{"error":"bad request"}');
        return;
      }
      const answer = placeOrder(++sequence, body);
      if (!checkResponse.Check(answer)) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end('{"error":"internal"}');
        return;
      }
      const text = JSON.stringify(answer);
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
