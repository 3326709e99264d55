// What a user who installs only @opwire/core and @opwire/http gets, in plain JavaScript: the operation served,
// and no docs page unless swagger-ui-dist is installed (asking for it says what to install).
import { strict as assert } from 'node:assert';
import { createOpwire, defineOperation, isOpwireError } from '@opwire/core';
import { createHttpServer } from '@opwire/http';
import Type from 'typebox';

const ping = defineOperation({
  id: 'pings.create',
  request: Type.Object({}),
  response: Type.Object({ pong: Type.Boolean() }),
  expose: ['http'],
  public: true,
  handle: async () => ({ pong: true }),
});
const app = createOpwire({ operations: [ping] });
const server = createHttpServer(app);
const { url } = await server.listen({ port: 0 });
const response = await fetch(`${url}/pings`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{}',
});
assert.deepEqual([response.status, await response.json()], [201, { pong: true }]);
assert.equal((await fetch(`${url}/docs`)).status, 404);
await server.close();
assert.throws(
  () => createHttpServer(app, { docs: true }),
  (error) =>
    isOpwireError(error) && error.code === 'INVALID_CONFIGURATION' && /swagger-ui-dist/.test(error.message),
);
console.log(`minimal check passed on Node ${process.versions.node}`);
