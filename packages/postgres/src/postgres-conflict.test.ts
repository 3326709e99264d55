import { createOpwire, defineOperation, isOpwireError } from '@opwire/core';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgres, type Postgres } from './create-postgres.js';
import { sqlOf } from './sql-of.js';

describe('PostgreSQL errors a client causes', () => {
  let postgres: Postgres;
  beforeAll(async () => {
    postgres = await createPostgres({});
    await postgres.migrate(['CREATE TABLE IF NOT EXISTS skus (code text PRIMARY KEY)']);
  });
  afterAll(() => postgres.close());

  it('turn a unique violation into CONFLICT and roll the write back', async () => {
    const add = defineOperation({
      id: 'skus.add',
      request: Type.Object({ codes: Type.Array(Type.String()) }),
      response: Type.Object({ added: Type.Integer() }),
      public: true,
      writes: true,
      handle: async (request, context) => {
        for (const code of request.codes)
          await sqlOf(context).query('INSERT INTO skus (code) VALUES ($1)', [code]);
        return { added: request.codes.length };
      },
    });
    const app = createOpwire({
      operations: [add],
      transactions: postgres.transactions,
      audit: postgres.audit,
    });
    expect(await app.invoke(add, { codes: ['KB-01'] })).toEqual({ added: 1 });
    const error = await app.invoke(add, { codes: ['MS-02', 'KB-01'] }).catch((thrown: unknown) => thrown);
    expect(isOpwireError(error) && error.code).toBe('CONFLICT');
    expect((await postgres.query('SELECT code FROM skus ORDER BY code')).rows).toEqual([{ code: 'KB-01' }]);
    expect((await app.audit.list({ operationId: 'skus.add' })).map((record) => record.code ?? 'ok')).toEqual([
      'ok',
      'CONFLICT',
    ]);
  });
});
