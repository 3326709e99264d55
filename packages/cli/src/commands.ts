/** What a command module exports: its usage text and `run`, which returns the exit code. */
export interface CommandModule {
  readonly usage: string;
  run(args: string[]): Promise<number>;
}

/** A command `opwire` knows: its name, the line `opwire --help` prints, and how to load it (only when run). */
export interface Command {
  readonly name: string;
  readonly summary: string;
  load(): Promise<CommandModule>;
}

/** Every command, each in `src/commands/<name>.ts`; the summaries live here so `--help` loads none of them. */
export const commands: readonly Command[] = [
  {
    name: 'tools',
    summary: 'print the AI tool registration report of an app (--app <module>)',
    load: () => import('./commands/tools.js'),
  },
  {
    name: 'mcp',
    summary: 'serve an app to an MCP client over stdio as the caller of OPWIRE_TOKEN (--app <module>)',
    load: () => import('./commands/mcp.js'),
  },
  {
    name: 'ingest',
    summary:
      'ingest <dir>: chunk, embed and store the .md, .markdown and .txt files of a folder (PGlite or Qdrant)',
    load: () => import('./commands/ingest.js'),
  },
  {
    name: 'ask',
    summary: 'ask "<question>": retrieve from the ingested knowledge and print the numbered context',
    load: () => import('./commands/ask.js'),
  },
  {
    name: 'bench',
    summary: 'bench retrieval --data <dir>: nDCG@10, Recall@100, MAP and latency on a BEIR folder, per store',
    load: () => import('./commands/bench.js'),
  },
  {
    name: 'trim',
    summary:
      'trim --older-than-days <n>: remove turn ledger rows, AI audit events and audit records past retention (never conversations)',
    load: () => import('./commands/trim.js'),
  },
];

/** The command of that name, or `undefined`. */
export function findCommand(name: string): Command | undefined {
  return commands.find((command) => command.name === name);
}
