import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Chat, Governance } from '@opwire/ai';
import { chatPageRoutes, consoleRoutes } from '@opwire/console';
import {
  type AnyOperation,
  type Caller,
  idempotency,
  type Logger,
  type Opwire,
  rateLimit,
} from '@opwire/core';
import { type CustomRoute, createHttpServer, type HealthItem, staticTokens } from '@opwire/http';
import { type Knowledge, knowledgeHealthItem } from '@opwire/knowledge';
import type { McpHttp } from '@opwire/mcp';
import { createPostgres, type Postgres } from '@opwire/postgres';
import { createPostgresChatStreamStore, sqlAccessOf } from '@opwire/postgres/ai';
import { createAssistant } from './assistant/create-assistant.js';
import { createShopApp } from './create-shop-app.js';
import { demoAccounts, demoCallers } from './demo-callers.js';
import { orderMigrations } from './order-migrations.js';
import { seedShop } from './seed-orders.js';
import { createShopGovernance, type ShopGovernanceOptions } from './shop-governance.js';
import { createShopMcp, type ShopMcpOptions } from './shop-mcp.js';
import { shopOpenApi } from './shop-openapi.js';
import { ShopStartupError } from './shop-startup-error.js';

/** The default data folder: `apps/shop/.data/pg`, whatever the working directory. */
export const defaultDataDir = fileURLToPath(new URL('../.data/pg', import.meta.url));

/** How long in-flight requests may run once the shop starts to close; then what still runs is cancelled. */
export const shopShutdownTimeoutMs = 10_000;

/** How long cancelled calls may take to end and write their audit records before the database closes. */
export const shopShutdownGraceMs = 5_000;

/** What an extension adds to the shop's server: routes (such as `POST /ai/chat`), health items, cleanup. */
export interface ShopExtension {
  readonly routes?: readonly CustomRoute[];
  readonly health?: readonly HealthItem[];
  /** Runs on shutdown, before the database closes. */
  readonly onClose?: () => Promise<void>;
}

/** How to start the shop. */
export interface ShopOptions {
  /** A PostgreSQL server; when absent, embedded PGlite in `dataDir`. */
  readonly databaseUrl?: string;
  /** PGlite's folder (default `apps/shop/.data/pg`); `null` keeps the database in memory. */
  readonly dataDir?: string | null;
  /** A schema for the shop's and Opwire's tables on a server (tests use a fresh one per run). */
  readonly schema?: string;
  /** Port for `listen()` (default 3000; 0 picks a free one). */
  readonly port?: number;
  /** Interface for `listen()` (default 127.0.0.1). */
  readonly host?: string;
  /** Bearer tokens and their callers (default: the demo tokens). */
  readonly callers?: Readonly<Record<string, Caller>>;
  /** Operations served beside the shop's own. */
  readonly operations?: readonly AnyOperation[];
  /** Called once the app exists, before the server is built: the seam for the AI chat routes. */
  readonly extend?: (shop: {
    readonly app: Opwire;
    readonly db: Postgres;
  }) => ShopExtension | Promise<ShopExtension>;
  /**
   * The assistant (knowledge base and chat routes); `env` supplies `OPENAI_API_KEY`, `OPENAI_BASE_URL`
   * and `OPWIRE_CHAT_MODEL` (default `process.env`). `false` leaves it out.
   */
  readonly assistant?:
    | {
        readonly env?: Readonly<Record<string, string | undefined>>;
        /**
         * Keep each running chat turn for a second reader (`CHAT_RESUME_SECONDS`): a page reloaded mid-answer
         * (`useChat({ resume: true })`, `GET /api/chat/{id}/stream`) reads it from its start. A turn whose
         * client went away then runs on, and is stopped after this many milliseconds without a reader. On a
         * PostgreSQL server the turns are also kept in the database, so a resume or a stop that lands on another
         * shop process on it reaches them (PGlite serves one process: they stay in its memory). Off by default:
         * a turn stops as soon as its client goes away.
         */
        readonly resumeMs?: number;
      }
    | false;
  /** Prices, budgets, masking and history window of the AI governance (default: the demo prices, no budgets). */
  readonly governance?: ShopGovernanceOptions;
  readonly logger?: Logger;
  /**
   * Calls per minute each caller may make to each order write (`orders.create`, `orders.cancel`),
   * counted in the database so every process shares the count; `false` turns the limit off (default 60).
   */
  readonly writesPerMinute?: number | false;
  /** The MCP endpoint at `/mcp` (Streamable HTTP) for the callers' tokens; `false` leaves it out. */
  readonly mcp?: ShopMcpOptions | false;
  /**
   * Browser origins allowed to call the API (`parseOrigins(process.env.CORS_ORIGINS)`); none by default. The
   * same list is MCP's `Origin` allow-list.
   */
  readonly corsOrigins?: readonly string[];
  /** A base path for every route, such as `/api` (none by default). */
  readonly prefix?: string;
  /** One access line per request on the logger (off by default). */
  readonly accessLog?: boolean;
  /**
   * The browser pages: the chat page at `/` (a sign-in offering the demo accounts, then the chat drawer) and the
   * governance console at `/console`. `false` leaves them out (default on).
   */
  readonly pages?: boolean;
}

/** A built shop: the app, its database and its HTTP server. */
export interface Shop {
  readonly app: Opwire;
  readonly db: Postgres;
  /** AI governance on the same database: conversations, the turn ledger, the AI audit trail, approvals. */
  readonly governance: Governance;
  readonly server: ReturnType<typeof createHttpServer>;
  /** The assistant's chat, when the assistant is on. */
  readonly chat: Chat | undefined;
  /**
   * The assistant's knowledge base, when the assistant is on: in process, it may ingest the shop's own documents
   * (`metadata.shopDocument`), which `knowledge.ingest` refuses from a request.
   */
  readonly knowledge: Knowledge | undefined;
  /** The MCP endpoint and its sessions, unless `mcp: false`. */
  readonly mcp: McpHttp | undefined;
  /** Starts serving; resolves to the base URL such as `http://127.0.0.1:3000`. */
  listen(): Promise<{ readonly url: string }>;
  /** Stops serving (in-flight requests finish), then closes the database. */
  close(): Promise<void>;
}

/** Opens the database, creates and seeds the tables if needed, and builds the HTTP server. */
export async function createShop(options: ShopOptions = {}): Promise<Shop> {
  const dataDir = options.databaseUrl !== undefined ? undefined : resolveDataDir(options.dataDir);
  // Where the routes are served (no trailing slash): MCP's resource and the chat's citation links start with it.
  const basePath = options.prefix?.replace(/\/+$/, '');
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true }).catch((error: unknown) => {
      throw new ShopStartupError('data-dir', `cannot use ${dataDir} as the database folder`, error);
    });
  }
  const db = await createPostgres({
    url: options.databaseUrl,
    dataDir,
    schema: options.schema,
    logger: options.logger,
  }).catch((error: unknown) => {
    throw new ShopStartupError('database', 'cannot open the database', error);
  });
  try {
    await prepareTables(db);
    const governed = await createShopGovernance(db, {
      ...options.governance,
      ...(options.logger ? { logger: options.logger } : {}),
    });
    const callers = options.callers ?? demoCallers;
    const writesPerMinute = options.writesPerMinute ?? 60;
    const writeLimit =
      writesPerMinute === false
        ? undefined
        : rateLimit({
            limit: writesPerMinute,
            windowMs: 60_000,
            store: db.rateLimits,
            appliesTo: (operation) => operation.writes && operation.id.startsWith('orders.'),
          });
    const assistant =
      options.assistant === false
        ? undefined
        : await createAssistant({
            tenants: [...new Set(Object.values(callers).map((caller) => caller.tenant))],
            governance: governed.governance,
            ...(options.assistant?.env ? { env: options.assistant.env } : {}),
            ...(options.assistant?.resumeMs === undefined
              ? {}
              : {
                  resumeMs: options.assistant.resumeMs,
                  // On a server every process on the database reaches a running turn: a resume or a stop may land
                  // on any. Embedded PGlite serves this process alone, so its turns stay in memory.
                  ...(db.kind === 'server'
                    ? { streamStore: createPostgresChatStreamStore(sqlAccessOf(db)) }
                    : {}),
                }),
            ...(basePath ? { basePath } : {}),
            // An approved cancel is an order write: the limit may refuse it (the approval then stays open).
            ...(writeLimit ? { approvedCallErrors: writeLimit.errors } : {}),
          });
    const app = createShopApp({
      transactions: db.transactions,
      audit: db.audit,
      use: [...(writeLimit ? [writeLimit] : []), idempotency({ store: db.idempotency })],
      operations: [...(assistant?.operations ?? []), ...governed.operations, ...(options.operations ?? [])],
      logger: options.logger,
    });
    const attached = assistant?.attach(app);
    const extension = (await options.extend?.({ app, db })) ?? {};
    const mcp =
      options.mcp === false
        ? undefined
        : createShopMcp(app, {
            callers,
            governance: governed.governance,
            allowedOrigins: options.corsOrigins ?? [],
            ...(basePath ? { basePath } : {}),
            options: options.mcp,
          });
    const server = createHttpServer(app, {
      authenticate: staticTokens(callers),
      // The database is critical (no order can be served without it); the knowledge store is not.
      health: [
        { name: 'database', critical: true, check: () => db.health() },
        ...(assistant ? [knowledgeHealthItem(assistant.knowledge.store)] : []),
        ...(extension.health ?? []),
      ],
      info: {
        title: { en: 'Opwire example shop', 'zh-CN': 'Opwire 示例商店' },
        version: '0.1.0',
        description: {
          en: 'Multi-tenant orders, declared once and served over HTTP, to models and to MCP clients.',
          'zh-CN': '多租户订单：声明一次，即通过 HTTP 提供给调用者、模型和 MCP 客户端。',
        },
        license: { name: 'MIT', identifier: 'MIT' },
      },
      openapi: shopOpenApi,
      routes: [
        ...(options.pages === false
          ? []
          : [
              ...chatPageRoutes({ path: '/', accounts: demoAccounts, consolePath: '/console' }),
              ...consoleRoutes({ path: '/console', accounts: demoAccounts, chatPath: '/' }),
            ]),
        ...(attached?.routes ?? []),
        ...(mcp?.routes ?? []),
        ...(extension.routes ?? []),
      ],
      operationRoutes: attached?.operationRoutes ?? [],
      logger: options.logger,
      ...(options.corsOrigins && options.corsOrigins.length > 0
        ? { cors: { origins: options.corsOrigins } }
        : {}),
      ...(options.prefix ? { prefix: options.prefix } : {}),
      accessLog: options.accessLog ?? false,
      shutdownTimeoutMs: shopShutdownTimeoutMs,
      shutdownGraceMs: shopShutdownGraceMs,
      onClose: async () => {
        try {
          // Turns kept for a reader are stopped (and recorded as stopped) while the database is still open.
          await attached?.streams?.close();
          await extension.onClose?.();
        } finally {
          await db.close();
        }
      },
    });
    return {
      app,
      db,
      governance: governed.governance,
      server,
      chat: attached?.chat,
      knowledge: assistant?.knowledge,
      mcp,
      listen: () => listen(server, options.host ?? '127.0.0.1', options.port ?? 3000),
      // MCP sessions first: their open event streams would otherwise hold the graceful shutdown.
      close: async () => {
        await mcp?.close();
        await server.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Creates and seeds the shop's tables; a failure is the database's (`ShopStartupError`, step `database`). */
async function prepareTables(db: Postgres): Promise<void> {
  try {
    await db.migrate(orderMigrations);
    await seedShop(db.transactions);
  } catch (error) {
    throw new ShopStartupError('database', 'cannot prepare the database', error);
  }
}

/** Starts serving; an address that cannot be listened on is a `ShopStartupError` (step `listen`). */
async function listen(server: ReturnType<typeof createHttpServer>, host: string, port: number) {
  try {
    return await server.listen({ port, host });
  } catch (error) {
    throw new ShopStartupError('listen', `cannot listen on ${host}:${port}`, error);
  }
}

function resolveDataDir(dataDir: string | null | undefined): string | undefined {
  if (dataDir === null) return undefined;
  return dataDir ?? defaultDataDir;
}
