import { isUsageError } from './usage-error.js';

/**
 * `opwire <command>`: each command lives in `src/commands/<name>.ts` and exports
 * `run(args: string[]): Promise<number>` (the exit code) and a one-line `summary`.
 */
const commands: Record<string, () => Promise<{ run(args: string[]): Promise<number>; summary: string }>> = {
  tools: () => import('./commands/tools.js'),
  ingest: () => import('./commands/ingest.js'),
  ask: () => import('./commands/ask.js'),
  bench: () => import('./commands/bench.js'),
  trim: () => import('./commands/trim.js'),
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const load = name ? commands[name] : undefined;
  if (!name || !load) {
    console.log('usage: opwire <command> [options]\n');
    for (const [command, loadCommand] of Object.entries(commands)) {
      const summary = await loadCommand().then(
        (module) => module.summary,
        () => '(not available)',
      );
      console.log(`  ${command.padEnd(8)} ${summary}`);
    }
    return name ? 2 : 0;
  }
  try {
    return await (await load()).run(rest);
  } catch (error) {
    // A wrong command line is the user's to fix: say what is wrong, without a stack trace.
    if (!isUsageError(error)) throw error;
    console.error(`opwire ${name}: ${error.message}`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
