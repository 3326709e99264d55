import { createOpwire } from '@opwire/core';
import { createHealthMonitor, createHttpServer, type Readiness } from '@opwire/http';
import { knowledgeHealthItem } from '@opwire/knowledge';
import { createPostgres, type Postgres } from '@opwire/postgres';
import { openQdrantKnowledgeStore } from '@opwire/qdrant';
import { type QdrantStandIn, startQdrantStandIn } from '@opwire/qdrant/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

const databaseUrl = process.env.DATABASE_URL;
const apiKey = 'qdrant-s3cret';
const password = 'db-s3cret';

describe.skipIf(!databaseUrl)(
  `readiness over a Qdrant stand-in and a PostgreSQL server${databaseUrl ? '' : ' (skipped: DATABASE_URL is not set)'}`,
  { timeout: 60_000 },
  () => {
    let standIn: QdrantStandIn;
    let proxy: TcpProxy;
    let db: Postgres;
    let url: string;
    let close: () => Promise<void>;
    const seen: string[] = [];
    const waiting: Array<(readiness: Readiness) => void> = [];
    const nextProbe = () => new Promise<Readiness>((resolve) => waiting.push(resolve));

    beforeAll(async () => {
      standIn = await startQdrantStandIn({ apiKey });
      const store = await openQdrantKnowledgeStore({
        url: standIn.url,
        apiKey,
        collections: { default: { dimensions: 8 } },
        healthTimeoutMs: 1_000,
      });
      const target = new URL(databaseUrl!);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const proxied = new URL(target);
      proxied.host = `127.0.0.1:${proxy.port}`;
      proxied.password = password;
      db = await createPostgres({
        url: proxied.toString(),
        pool: { connectionTimeoutMs: 500 },
        logger: { error: (message) => void seen.push(message), warn: (message) => void seen.push(message) },
      });
      const logger = {
        error: (message: string, details: object) => void seen.push(message, JSON.stringify(details)),
        warn: (message: string, details: object) => void seen.push(message, JSON.stringify(details)),
      };
      // Short intervals so the test runs quickly; it waits for probes, never for a wall-clock time.
      const monitor = createHealthMonitor(
        [{ name: 'database', critical: true, check: () => db.health() }, knowledgeHealthItem(store)],
        {
          intervalMs: 50,
          timeoutMs: 2_000,
          logger,
          onProbe: (readiness) => {
            for (const resolve of waiting.splice(0)) resolve(readiness);
          },
        },
      );
      const server = createHttpServer(createOpwire({ operations: [] }), { health: monitor, logger });
      url = (await server.listen()).url;
      close = async () => {
        monitor.close();
        await server.close();
        await db.close();
        await standIn.close();
        await proxy.close();
      };
    }, 60_000);
    afterAll(() => close?.());

    const ready = async () => {
      const response = await fetch(`${url}/health/ready`);
      const text = await response.text();
      seen.push(text);
      return { status: response.status, body: JSON.parse(text) as Readiness };
    };
    // A probe that started before a change may still end with the old state; the one after it has the new one.
    const withinOneInterval = async (expected: (readiness: Readiness) => boolean) => {
      if (!expected(await nextProbe())) expect(expected(await nextProbe())).toBe(true);
      return ready();
    };
    const stateOf = (body: Readiness, name: string) => body.checks.find((check) => check.name === name);

    it('stays 200 with the vector store degraded, turns 503 without the database, and recovers from both', async () => {
      expect(await ready()).toEqual({
        status: 200,
        body: {
          status: 'ready',
          checks: [
            { name: 'database', critical: true, status: 'ready' },
            { name: 'knowledge', critical: false, status: 'ready' },
          ],
        },
      });

      await standIn.stop();
      const withoutVectors = await withinOneInterval((readiness) => readiness.status === 'degraded');
      expect(withoutVectors.status).toBe(200);
      expect(withoutVectors.body.status).toBe('degraded');
      expect(stateOf(withoutVectors.body, 'knowledge')).toEqual({
        name: 'knowledge',
        critical: false,
        status: 'degraded',
        code: 'VECTOR_STORE_UNREACHABLE',
      });

      await standIn.start();
      expect((await withinOneInterval((readiness) => readiness.status === 'ready')).status).toBe(200);

      await proxy.cut();
      const withoutDatabase = await withinOneInterval((readiness) => readiness.status === 'unavailable');
      expect(withoutDatabase.status).toBe(503);
      expect(stateOf(withoutDatabase.body, 'database')).toMatchObject({ critical: true, status: 'degraded' });

      await proxy.restore();
      let probe = await nextProbe();
      // The pool reconnects by itself; a few probes may pass while it does.
      for (let probes = 0; probes < 100 && probe.status !== 'ready'; probes++) probe = await nextProbe();
      expect(probe.status).toBe('ready');
      expect((await ready()).status).toBe(200);

      const output = seen.join('\n');
      expect(output).toContain('health item degraded');
      expect(output).not.toMatch(
        new RegExp(
          `127\\.0\\.0\\.1|${new URL(standIn.url).port}|${proxy.port}|${apiKey}|${password}|postgres://|http://`,
        ),
      );
    });
  },
);
