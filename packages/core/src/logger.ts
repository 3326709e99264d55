/** The level of a log line, from the most to the least verbose. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Where Opwire writes what an operator reads: internal errors with their causes, warnings, and (when the
 * logger has `info`) one access line per HTTP request. `info`, `debug` and `child` are optional, so a
 * logger of two methods still plugs in; `child` gives the lines of one request its id, principal and tenant.
 */
export interface Logger {
  error(message: string, details: Readonly<Record<string, unknown>>): void;
  warn(message: string, details: Readonly<Record<string, unknown>>): void;
  info?(message: string, details: Readonly<Record<string, unknown>>): void;
  debug?(message: string, details: Readonly<Record<string, unknown>>): void;
  /** A logger whose every line also carries `bindings` (a request's id, principal and tenant). */
  child?(bindings: Readonly<Record<string, unknown>>): Logger;
}

/** A logger of errors and warnings only, as JSON lines to stderr (the default before `createLogger`). */
export const consoleLogger: Logger = {
  error(message, details) {
    console.error(JSON.stringify({ level: 'error', message, ...serializeDetails(details) }));
  },
  warn(message, details) {
    console.error(JSON.stringify({ level: 'warn', message, ...serializeDetails(details) }));
  },
};

/** Details as JSON can carry them: an `Error` becomes its name, message, code, stack and cause. */
export function serializeDetails(details: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in details) {
    const value = details[key];
    out[key] = value instanceof Error ? serializeError(value, 0) : value;
  }
  return out;
}

function serializeError(error: Error, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = { name: error.name, message: error.message };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  out.stack = error.stack;
  if (error.cause instanceof Error && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
