import { resolve } from 'node:path';
import type { OpwireError } from '@opwire/core';
import { parseOrigins } from '@opwire/core/surface';
import { checkPostgresOptions, type PostgresOptions } from '@opwire/postgres';
import type { ShopOptions } from './server.js';

/** The shop's settings as `main.ts` reads them from the environment. */
export interface ShopEnvironment {
  readonly port: number;
  readonly host: string;
  /** What `createShop` is given (without `logger`: the default one reads `LOG_LEVEL`). */
  readonly options: ShopOptions;
}

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'];
// The base paths MCP's resource metadata accepts (stricter than HTTP's prefixes), so one check covers both.
const prefixPattern = /^(\/[A-Za-z0-9._~-]+)*\/?$/;

/**
 * Reads and checks the shop's variables (apps/shop/README.md), before anything is opened; a bad one throws an error
 * whose message names it, its value and what it must be. `DATA_DIR` is relative to `INIT_CWD`, where `pnpm start`
 * was typed.
 */
export function readShopEnvironment(environment: NodeJS.ProcessEnv): ShopEnvironment {
  const resumeSeconds = readResumeSeconds(environment.CHAT_RESUME_SECONDS);
  const writesPerMinute = readWritesPerMinute(environment.RATE_LIMIT_PER_MINUTE);
  checkLogLevel(environment.LOG_LEVEL);
  const mcpStateless = readSwitch('MCP_STATELESS', environment.MCP_STATELESS, 'no MCP sessions', 'sessions');
  const accessLog = readSwitch('ACCESS_LOG', environment.ACCESS_LOG, 'one line per request', 'none');
  const prefix = environment.HTTP_PREFIX || undefined;
  if (prefix !== undefined && !prefixPattern.test(prefix)) {
    fail(
      `HTTP_PREFIX must be a path such as /api (segments of letters, digits, ".", "_", "~" and "-"), not "${prefix}".`,
    );
  }
  return {
    port: readPort(environment.PORT),
    host: environment.HOST || '127.0.0.1',
    options: {
      databaseUrl: readDatabaseUrl(environment.DATABASE_URL),
      dataDir: environment.DATA_DIR ? resolve(environment.INIT_CWD ?? '.', environment.DATA_DIR) : undefined,
      schema: readSchema(environment.DATABASE_SCHEMA),
      writesPerMinute: writesPerMinute === 0 ? false : writesPerMinute,
      corsOrigins: readOrigins(environment.CORS_ORIGINS),
      prefix,
      accessLog,
      ...(resumeSeconds === undefined ? {} : { assistant: { resumeMs: resumeSeconds * 1000 } }),
      ...(mcpStateless ? { mcp: { sessions: false } } : {}),
    },
  };
}

function fail(message: string): never {
  throw new Error(message);
}

/**
 * A variable's whole number: decimal digits only (`Number` would take " " for 0, "0x10" for 16 and "1e2" for 100);
 * unset or empty gives the default, anything else NaN, which the caller refuses naming the variable.
 */
function wholeNumber<T>(text: string | undefined, unset: T): number | T {
  if (text === undefined || text === '') return unset;
  return /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
}

function readPort(text: string | undefined): number {
  const port = wholeNumber(text, 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    fail(`PORT must be a whole number from 0 to 65535, not "${text}".`);
  }
  return port;
}

function readWritesPerMinute(text: string | undefined): number {
  const writesPerMinute = wholeNumber(text, 60);
  if (!Number.isInteger(writesPerMinute) || writesPerMinute < 0) {
    fail(`RATE_LIMIT_PER_MINUTE must be a whole number ≥ 0 (0 turns the limit off), not "${text}".`);
  }
  return writesPerMinute;
}

// Seconds a chat turn whose page went away keeps running for the page to come back (useChat's resume); off when unset.
function readResumeSeconds(text: string | undefined): number | undefined {
  const seconds = wholeNumber(text, undefined);
  if (seconds !== undefined && !(Number.isInteger(seconds) && seconds >= 0 && seconds <= 3600)) {
    fail(
      `CHAT_RESUME_SECONDS must be a whole number of seconds from 0 to 3600 (unset turns resuming off), not "${text}".`,
    );
  }
  return seconds;
}

// On with 1 or true, off with 0, false or unset.
function readSwitch(name: string, text: string | undefined, on: string, off: string): boolean {
  const value = text ?? '';
  if (!['', '0', '1', 'false', 'true'].includes(value)) {
    fail(`${name} must be 1 or true (${on}), or 0 or false (${off}), not "${value}".`);
  }
  return value === '1' || value === 'true';
}

// Core's default logger reads LOG_LEVEL itself, and would take an unknown level for info without a word.
function checkLogLevel(text: string | undefined): void {
  if (text && !logLevels.includes(text.toLowerCase())) {
    fail(`LOG_LEVEL must be debug, info, warn, error or silent, not "${text}".`);
  }
}

function readDatabaseUrl(text: string | undefined): string | undefined {
  if (!text) return undefined;
  // A URL with a typo may still hold a password: it is masked.
  checkDatabaseOption('DATABASE_URL', { url: text }, maskPassword(text));
  return text;
}

function maskPassword(text: string): string {
  return text.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
}

function readSchema(text: string | undefined): string | undefined {
  if (!text) return undefined;
  checkDatabaseOption('DATABASE_SCHEMA', { schema: text }, text);
  return text;
}

// The rule is @opwire/postgres's own (what createPostgres would refuse), reported under the variable's name.
function checkDatabaseOption(name: string, options: PostgresOptions, shown: string): void {
  try {
    checkPostgresOptions(options);
  } catch (error) {
    fail(
      `${name}: ${String((error as OpwireError).params?.reason ?? (error as Error).message)}, not "${shown}".`,
    );
  }
}

function readOrigins(text: string | undefined): readonly string[] {
  let origins: readonly string[];
  try {
    origins = parseOrigins(text);
  } catch (error) {
    return fail(`CORS_ORIGINS: ${(error as Error).message}`);
  }
  // The list is also MCP's Origin check, whose guard against DNS rebinding takes no wildcard: `*` stopped startup
  // with createMcpRoutes' stack trace.
  if (origins.includes('*')) {
    fail(
      'CORS_ORIGINS cannot be "*" in the shop: it is also MCP\'s Origin allow-list, which takes no wildcard; list the origins, such as https://shop.example,http://localhost:5173.',
    );
  }
  return origins;
}
