/** Where Opwire writes what must never reach a client (internal errors with their causes). */
export interface Logger {
  error(message: string, details: Readonly<Record<string, unknown>>): void;
  warn(message: string, details: Readonly<Record<string, unknown>>): void;
}

/** A logger that writes JSON lines to stderr. */
export const consoleLogger: Logger = {
  error(message, details) {
    console.error(JSON.stringify({ level: 'error', message, ...serialize(details) }));
  },
  warn(message, details) {
    console.error(JSON.stringify({ level: 'warn', message, ...serialize(details) }));
  },
};

function serialize(details: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    out[key] =
      value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}
