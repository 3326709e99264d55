/** What `shutDownOnSignals` needs: the shutdown itself and how long it may take; the rest is for tests. */
export interface ShutdownOptions {
  /** Stops serving and closes what the process holds (the server, the database, telemetry). */
  readonly close: () => Promise<void>;
  /** How long after the first signal the shutdown may run before the process exits anyway, with code 1. */
  readonly deadlineMs: number;
  /** Where SIGINT and SIGTERM come from (default `process`). */
  readonly signals?: { on(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown };
  readonly exit?: (code: number) => void;
  readonly log?: { info(line: string): void; error(line: string, error?: unknown): void };
}

/**
 * Shuts the process down on SIGINT or SIGTERM: `close`, then exit 0. A second signal during the shutdown exits at
 * once, and a shutdown still running after `deadlineMs` (the database not answering) exits too, both with code 1
 * and a line saying so, so that no operator has to reach for SIGKILL.
 */
export function shutDownOnSignals(options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const log = options.log ?? {
    info: (line: string) => console.log(line),
    error: (line: string, error?: unknown) =>
      error === undefined ? console.error(line) : console.error(line, error),
  };
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.error(`${signal} received during shutdown: exiting now, without waiting for it to finish.`);
      exit(1);
      return;
    }
    stopping = true;
    log.info(
      `${signal} received: finishing in-flight requests, then closing the database (a second SIGINT or SIGTERM exits at once).`,
    );
    // Not unref'd: a close waiting on a database that never answers may hold nothing else open.
    const deadline = setTimeout(() => {
      log.error(
        `Shutdown still running ${options.deadlineMs / 1000} s after ${signal} (the database or another resource did not close): exiting.`,
      );
      exit(1);
    }, options.deadlineMs);
    try {
      await options.close();
      clearTimeout(deadline);
      exit(0);
    } catch (error) {
      clearTimeout(deadline);
      log.error('shutdown failed', error);
      exit(1);
    }
  };
  const signals = options.signals ?? process;
  signals.on('SIGINT', () => void stop('SIGINT'));
  signals.on('SIGTERM', () => void stop('SIGTERM'));
}
