#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { type CommandModule, commands, findCommand } from './commands.js';
import { reportFailure } from './report-failure.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** `opwire --help`: the commands and their one-line summaries (no command module is loaded for it). */
function help(): string {
  const lines = ['usage: opwire <command> [options]', '       opwire <command> --help', '', 'commands:'];
  for (const command of commands) lines.push(`  ${command.name.padEnd(8)} ${command.summary}`);
  lines.push('', 'options:', '  -h, --help     print this help', '  -v, --version  print the version');
  return lines.join('\n');
}

/** A command line the CLI cannot run at all: says why on stderr, with where to look, and exits 2. */
function misuse(message: string): number {
  console.error(`opwire: ${message}\nRun 'opwire --help' for the commands.`);
  return 2;
}

async function main(argv: readonly string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    console.log(help());
    return 0;
  }
  if (first === '--version' || first === '-v') {
    console.log(manifest.version);
    return 0;
  }
  if (first.startsWith('-')) return misuse(`unknown option '${first}'`);
  const command = findCommand(first);
  if (!command) return misuse(`unknown command '${first}'`);
  let module: CommandModule;
  try {
    module = await command.load();
  } catch (error) {
    return reportFailure(command.name, error);
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(module.usage);
    return 0;
  }
  try {
    return await module.run(rest);
  } catch (error) {
    return reportFailure(command.name, error, module.usage);
  }
}

// When the event loop empties under an unsettled top-level await (an app module whose own top-level await never
// settles), Node sets exit code 13 and exits without a word: say what happened, and exit 1 like other failures.
process.on('exit', () => {
  if (process.exitCode !== 13) return;
  console.error(
    `opwire ${process.argv[2] ?? ''}: stopped: the command never finished and had nothing left to wait for (an app whose top-level await never settles?)`,
  );
  process.exitCode = 1;
});

process.exitCode = await main(process.argv.slice(2));
