import { createMemoryAuditLog, createOpwire, defineOperation } from '@opwire/core';
import { createHttpServer } from '@opwire/http';
import { orderRequest, orderResponse, placeOrder } from '../contract.js';

/** Opwire: the full pipeline (validate, authorize, transaction, audit, handle) on memory adapters. */
export async function startOpwire(): Promise<number> {
  let sequence = 0;
  const create = defineOperation({
    id: 'orders.create',
    request: orderRequest,
    response: orderResponse,
    expose: ['http'],
    public: true,
    writes: true,
    handle: (request) => placeOrder(++sequence, request),
  });
  // A bounded audit log: the default keeps 10,000 records; a small ring keeps the measurement about the pipeline, not heap growth.
  const app = createOpwire({ operations: [create], audit: createMemoryAuditLog({ capacity: 1000 }) });
  const server = createHttpServer(app, { docs: false });
  return (await server.listen({ port: 0, host: '127.0.0.1' })).port;
}
