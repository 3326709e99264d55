import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresKnowledgeStore } from './postgres-knowledge-store.js';
import { openServerClient, type SqlClient } from './sql-client.js';

// A loopback TCP server: silent (accepts and never answers), or a proxy to the real server the test can cut.
async function listen(onConnection: (socket: Socket) => void) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  return {
    url: `postgres://postgres@127.0.0.1:${address.port}/postgres`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const resource of opened.splice(0).reverse()) await resource.close().catch(() => {});
});

describe('openServerClient', () => {
  it('rejects options that cannot work with INVALID_CONFIGURATION, before connecting', () => {
    const invalid = { code: 'INVALID_CONFIGURATION' };
    expect(() => openServerClient({ connectionString: 'mysql://127.0.0.1/shop' })).toThrow(
      expect.objectContaining(invalid),
    );
    expect(() => openServerClient({ connectionString: 'postgres://127.0.0.1/shop', max: 0 })).toThrow(
      expect.objectContaining(invalid),
    );
  });

  it('fails with UNAVAILABLE and reports degraded health when nothing listens', async () => {
    const server = await listen(() => {});
    await server.close();
    const client = openServerClient({ connectionString: server.url });
    opened.push(client);
    await expect(client.query('SELECT 1')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(client.transaction((query) => query('SELECT 1'))).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(await client.health()).toEqual({ status: 'degraded', code: 'UNAVAILABLE' });
  });

  it('gives up connecting after connectionTimeoutMs instead of hanging on a silent server', async () => {
    const server = await listen(() => {});
    opened.push(server);
    const client = openServerClient({ connectionString: server.url, connectionTimeoutMs: 200 });
    opened.push(client);
    await expect(client.query('SELECT 1')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(await client.health()).toEqual({ status: 'degraded', code: 'UNAVAILABLE' });
  });
});

describe('createPostgresKnowledgeStore options', () => {
  it('rejects a table name that is not a plain identifier with INVALID_CONFIGURATION', async () => {
    // Never connected: the name is checked first.
    const client = openServerClient({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    opened.push(client);
    for (const table of ['Chunks', 'chunks; DROP TABLE x', '1chunks', 'a'.repeat(55)]) {
      await expect(createPostgresKnowledgeStore({ client, table })).rejects.toMatchObject({
        code: 'INVALID_CONFIGURATION',
      });
    }
  });
});

const serverUrl = process.env.DATABASE_URL;
describe('a server connection that drops', () => {
  if (!serverUrl) {
    it.skip('survives an idle connection dropped by the network [skipped: DATABASE_URL is not set]', () => {});
    return;
  }
  it('survives an idle connection dropped by the network, and reports it as degraded', async () => {
    const target = new URL(serverUrl);
    const proxy = await listen((incoming) => {
      const outgoing = connect(Number(target.port || 5432), target.hostname);
      outgoing.on('error', () => {});
      incoming.on('close', () => outgoing.destroy());
      incoming.pipe(outgoing).pipe(incoming);
    });
    const url = new URL(serverUrl);
    url.host = new URL(proxy.url).host;
    const client: SqlClient = openServerClient({
      connectionString: url.toString(),
      connectionTimeoutMs: 1_000,
    });
    opened.push(client);
    expect(await client.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    // The connection now idles in the pool; cutting it makes the pool emit `error`.
    await proxy.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await client.health()).toEqual({ status: 'degraded', code: 'UNAVAILABLE' });
  });
});
