import { vector } from '@electric-sql/pglite-pgvector';
import { describe, expect, it } from 'vitest';
import { createPgliteDriver } from './pglite-driver.js';

describe('createPgliteDriver', () => {
  it('loads the extensions it is given, so CREATE EXTENSION finds them', async () => {
    const driver = await createPgliteDriver({ extensions: { vector } });
    try {
      const rows = await driver.withSession(async (session) => {
        await session.query('CREATE EXTENSION IF NOT EXISTS vector');
        return (await session.query<{ distance: number }>("SELECT '[1,0]'::vector <=> '[0,1]' AS distance"))
          .rows;
      });
      expect(rows).toEqual([{ distance: 1 }]);
    } finally {
      await driver.close();
    }
  });

  it('loads no extension unless told to', async () => {
    const driver = await createPgliteDriver({});
    try {
      await expect(driver.withSession((session) => session.query('CREATE EXTENSION vector'))).rejects.toThrow(
        /vector/,
      );
    } finally {
      await driver.close();
    }
  });
});
