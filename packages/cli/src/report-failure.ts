import { describeError } from './describe-error.js';
import { isUsageError } from './usage-error.js';

/**
 * Prints why a command failed as one line on stderr and returns its exit code: 2 for a wrong command line
 * (with the command's usage), 1 for anything else. No stack trace unless `OPWIRE_DEBUG` is set.
 */
export function reportFailure(command: string, error: unknown, usage?: string): number {
  if (process.env.OPWIRE_DEBUG) console.error(error);
  if (isUsageError(error)) {
    // parseArgs adds a hint about '--' to an unknown option; the option's name is what matters.
    const message = error.message.split('. To specify a positional argument')[0];
    console.error(`opwire ${command}: ${message}${usage ? `\n${usage}` : ''}`);
    return 2;
  }
  console.error(`opwire ${command}: ${describe(error)}`);
  return 1;
}

// Read by shape, not `isOpwireError`: importing @opwire/core here would slow down every `opwire --help`.
function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && error.name === 'OpwireError') return `${String(code)}: ${error.message}`;
  return describeError(error);
}
