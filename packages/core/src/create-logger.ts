import { pino } from 'pino';
import { type Logger, type LogLevel, serializeDetails } from './logger.js';

/** What a pino logger offers that `pinoLogger` uses (any pino instance has it). */
export interface PinoLike {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
  debug(object: object, message: string): void;
  child(bindings: Record<string, unknown>): PinoLike;
  isLevelEnabled?(level: string): boolean;
}

/** How `createLogger` writes. */
export interface LoggerOptions {
  /** The least severe level written; defaults to `LOG_LEVEL` from the environment, else `info`. */
  readonly level?: LogLevel | 'silent' | undefined;
  /**
   * Where lines go: a file descriptor (2, stderr, by default, so a command's own output on stdout stays
   * clean; 1 for stdout), a file path, or any stream with `write`.
   */
  readonly destination?: number | string | { write(line: string): unknown } | undefined;
  /** Fields every line carries (a service name, a version). */
  readonly base?: Readonly<Record<string, unknown>> | undefined;
}

const levels: ReadonlySet<string> = new Set(['debug', 'info', 'warn', 'error', 'silent']);

/**
 * A logger on pino: one JSON object per line (`level` as its name, `time` in epoch milliseconds, `msg`, then
 * the details), levels, and `child` loggers. Lines are written asynchronously and flushed when the process exits.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const fromEnvironment = process.env.LOG_LEVEL?.toLowerCase();
  const level =
    options.level ??
    (fromEnvironment && levels.has(fromEnvironment) ? (fromEnvironment as LogLevel) : 'info');
  const target = options.destination ?? 2;
  const destination =
    typeof target === 'number' || typeof target === 'string'
      ? pino.destination({ dest: target, sync: false })
      : (target as pino.DestinationStream);
  const instance = pino(
    {
      level,
      base: options.base ? { ...options.base } : null,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return pinoLogger(instance as unknown as PinoLike);
}

/** Adapts a pino instance (an app's own, with its transports and redaction) to Opwire's `Logger`. */
export function pinoLogger(instance: PinoLike): Logger {
  return {
    error: (message, details) => instance.error(serializeDetails(details), message),
    warn: (message, details) => instance.warn(serializeDetails(details), message),
    info: (message, details) => instance.info(serializeDetails(details), message),
    debug: (message, details) => instance.debug(serializeDetails(details), message),
    child: (bindings) => pinoLogger(instance.child({ ...bindings })),
  };
}

let shared: Logger | undefined;

/** The logger used where none is given: one `createLogger()` per process, made on first use. */
export function defaultLogger(): Logger {
  shared ??= createLogger();
  return shared;
}
