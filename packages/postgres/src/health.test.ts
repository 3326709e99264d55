import { connect, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createPostgres } from './index.js';
import { collectingLogger, testServerUrl, uniqueSchema } from './test-support.js';

/** A loopback TCP proxy to the real server that the test can cut, as a network failure would. */
async function startProxy(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((incoming) => {
    const outgoing = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    port: address.port,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

describe('health of a server connection', () => {
  if (!testServerUrl) {
    it.skip('turns degraded when the network fails [skipped: DATABASE_URL is not set]', () => {});
    return;
  }
  const target = new URL(testServerUrl);

  it('is ready, then degraded with UNAVAILABLE once the network is cut, never naming the server', async () => {
    const proxy = await startProxy(target);
    const url = new URL(target);
    url.host = `127.0.0.1:${proxy.port}`;
    url.password = 's3cret-password';
    const schema = uniqueSchema('opwire_health');
    const postgres = await createPostgres({
      url: url.toString(),
      schema,
      pool: { connectionTimeoutMs: 1_000 },
      logger: collectingLogger(),
    });
    expect(await postgres.health()).toEqual({ status: 'ready' });
    await postgres.query(`DROP SCHEMA ${schema} CASCADE`);

    await proxy.cut();
    const health = await postgres.health();
    expect(health).toEqual({ status: 'degraded', code: 'UNAVAILABLE' });
    expect(JSON.stringify(health)).not.toMatch(/s3cret|127\.0\.0\.1|postgres:/);
    await postgres.close();
  });
});
