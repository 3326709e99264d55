import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { os } from '@orpc/server';
import { RPCHandler } from '@orpc/server/node';
import type { Static } from 'typebox';
import { checkOrder, checkResponse, type orderRequest, placeOrder } from '../contract.js';

// oRPC takes Standard Schema; these wrap the same compiled TypeBox checks.
const orderSchema = {
  '~standard': {
    version: 1 as const,
    vendor: 'typebox',
    validate: (value: unknown) =>
      checkOrder.Check(value)
        ? { value: value as Static<typeof orderRequest> }
        : { issues: [{ message: 'invalid order' }] },
  },
};

const responseSchema = {
  '~standard': {
    version: 1 as const,
    vendor: 'typebox',
    validate: (value: unknown) =>
      checkResponse.Check(value) ? { value } : { issues: [{ message: 'invalid response' }] },
  },
};

/** oRPC's RPC handler on its Node adapter (`POST /rpc/orders/create`, body `{"json": ...}`). */
export async function startOrpc(): Promise<number> {
  let sequence = 0;
  const router = {
    orders: {
      create: os
        .input(orderSchema)
        .output(responseSchema)
        .handler(({ input }) => placeOrder(++sequence, input as Static<typeof orderRequest>)),
    },
  };
  const handler = new RPCHandler(router);
  const server = createServer(async (request, response) => {
    const { matched } = await handler.handle(request, response, { prefix: '/rpc' });
    if (!matched) {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
