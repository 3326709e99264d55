import { createOpwire, defineOperation } from '@opwire/core';
import { createHttpServer } from '@opwire/http';
import Type from 'typebox';

export const greet = defineOperation({
  id: 'greetings.create',
  summary: { en: 'Greet someone' },
  request: Type.Object({ name: Type.String({ minLength: 1 }) }),
  response: Type.Object({ message: Type.String() }),
  expose: ['http', 'ai'],
  public: true,
  handle: async ({ name }) => ({ message: `Hello, ${name}!` }),
});

export const app = createOpwire({ operations: [greet] });
export const server = createHttpServer(app);

const { url } = await server.listen({ port: Number(process.env.PORT ?? 3000) });
console.log(`POST ${url}/greetings`);

// The same operation in process: one pipeline (validate, authorize, transaction, audit, handle).
const { message } = await app.invoke(greet, { name: 'Ada' });
console.log(message);
