import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The built `opwire` binary, run with plain node as a user runs it (the test command builds dist/ first).
const bin = fileURLToPath(new URL('../bin/opwire.js', import.meta.url));
const workspace = fileURLToPath(new URL('../../../', import.meta.url));
const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const scratch = mkdtempSync(join(tmpdir(), 'opwire-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const opwire = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd: workspace,
    encoding: 'utf8',
    env: { ...process.env, OPWIRE_DEBUG: '', ...env },
  });

// Each case starts a process; the commands that load an app or a store take seconds on a busy machine.
describe('opwire follows CLI conventions', { timeout: 30_000 }, () => {
  it.each([['--help'], ['-h'], ['help'], []])('%j prints the commands to stdout and exits 0', (...args) => {
    const result = opwire(args);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^usage: opwire <command> \[options\]/);
    for (const command of ['tools', 'mcp', 'ingest', 'ask', 'bench'])
      expect(result.stdout).toMatch(`\n  ${command} `);
  });

  it.each([['--version'], ['-v']])('%s prints the version to stdout and exits 0', (flag) => {
    const result = opwire([flag]);
    expect(result).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: '' });
  });

  it.each([
    [['nope'], "opwire: unknown command 'nope'"],
    [['--nope'], "opwire: unknown option '--nope'"],
  ])('%j says what is unknown on stderr and exits 2', (args, message) => {
    const result = opwire(args);
    expect(result).toMatchObject({ status: 2, stdout: '' });
    expect(result.stderr).toBe(`${message}\nRun 'opwire --help' for the commands.\n`);
  });

  it.each(['tools', 'mcp', 'ingest', 'ask', 'bench'])(
    '%s --help prints its usage to stdout and exits 0',
    (command) => {
      const result = opwire([command, '--help']);
      expect(result).toMatchObject({ status: 0, stderr: '' });
      expect(result.stdout).toMatch(new RegExp(`^usage: opwire ${command} `));
    },
  );

  it.each(['ingest', 'ask', 'bench'])(
    '%s --help names the environment variables that reach Qdrant, as the README does',
    (command) => {
      const result = opwire([command, '--help']);
      expect(result.stdout).toContain(
        '\nenvironment: QDRANT_URL (the Qdrant server when --url is not given), QDRANT_API_KEY (its API key)\n',
      );
    },
  );

  it('says which files ingest reads, .markdown included', () => {
    expect(opwire(['--help']).stdout).toMatch(/\n {2}ingest .*\.md, \.markdown and \.txt files/);
  });

  it('names an unknown option of a command on stderr, with its usage, and exits 2', () => {
    const result = opwire(['tools', '--ap', 'app.js']);
    expect(result).toMatchObject({ status: 2, stdout: '' });
    expect(result.stderr.split('\n').slice(0, 2)).toEqual([
      "opwire tools: Unknown option '--ap'",
      'usage: opwire tools --app <module exporting operations (and optionally tools, names)>',
    ]);
  });

  it('loads a compiled JavaScript app with plain node', () => {
    const result = opwire(['tools', '--app', 'test/src/ai/fixtures/orders-app.js']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^list_orders +orders\.list +orders:read +no +stable$/m);
    expect(result.stdout).toMatch(/\n4 tools\n$/);
  });

  it('loads a TypeScript app through the tsx its project has installed', () => {
    const result = opwire(['tools', '--app', 'test/src/ai/fixtures/orders-app.ts']);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout).toMatch(/\n5 tools\n$/);
  });

  it('says a TypeScript app without a loader in its project needs one: one line, exit 1', () => {
    const app = join(scratch, 'app.ts');
    writeFileSync(app, 'export const operations: unknown[] = [];\n');
    const result = opwire(['tools', '--app', app]);
    expect(result).toMatchObject({ status: 1, stdout: '' });
    expect(result.stderr).toBe(
      `opwire tools: cannot load ${app}: a TypeScript app needs a loader in its project (npm install --save-dev tsx) or compiling to JavaScript first\n`,
    );
  });

  it('reports an app that cannot be found or exports no operations as one line with exit 1, no stack', () => {
    const missing = opwire(['tools', '--app', join(scratch, 'missing.js')]);
    expect(missing).toMatchObject({ status: 1, stdout: '' });
    expect(missing.stderr).toMatch(/^opwire tools: cannot load .*missing\.js: Cannot find module .*\n$/);
    const empty = join(scratch, 'empty.mjs');
    writeFileSync(empty, 'export const nothing = 1;\n');
    const result = opwire(['tools', '--app', empty]);
    expect(result).toMatchObject({ status: 1, stdout: '' });
    expect(result.stderr).toBe(`opwire tools: ${empty} must export "operations" (an array of operations)\n`);
  });

  it('mcp without --app says so, then its usage, with exit 2', () => {
    const result = opwire(['mcp'], { OPWIRE_TOKEN: 't' });
    expect(result).toMatchObject({ status: 2, stdout: '' });
    expect(result.stderr).toMatch(/^opwire mcp: --app <module> is required\nusage: opwire mcp --app /);
  });

  it.each([
    [[], '--older-than-days is required'],
    [['--older-than-days', '90'], 'name the database: --database-url (or DATABASE_URL) or --data-dir'],
  ])('trim %j says what is missing, then its usage once, with exit 2', (args, message) => {
    const result = opwire(['trim', ...args], { DATABASE_URL: '' });
    expect(result).toMatchObject({ status: 2, stdout: '' });
    expect(result.stderr).toBe(
      `opwire trim: ${message}\nusage: opwire trim --older-than-days <n> [--database-url <postgres://…> | --data-dir <PGlite folder>] [--schema <name>] [--tenant <tenant>]\n`,
    );
  });

  it('trim says a database server that refuses the connection is down, naming host and port', () => {
    const down = opwire([
      'trim',
      '--older-than-days',
      '90',
      '--database-url',
      'postgres://postgres@127.0.0.1:1/x',
    ]);
    expect(down).toMatchObject({
      status: 1,
      stdout: '',
      stderr: 'opwire trim: cannot open the database: connect ECONNREFUSED 127.0.0.1:1\n',
    });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    `trim names a role the server does not know, never the password${process.env.DATABASE_URL ? '' : ' (skipped: DATABASE_URL is not set)'}`,
    () => {
      const url = new URL(process.env.DATABASE_URL!);
      url.username = 'opwire_no_such_role';
      url.password = 'not-printed';
      const stranger = opwire(['trim', '--older-than-days', '90', '--database-url', url.href]);
      expect(stranger.status).toBe(1);
      expect(stranger.stderr).toMatch(/^opwire trim: cannot open the database: .*opwire_no_such_role.*\n$/);
      expect(stranger.stderr).not.toContain('not-printed');
    },
  );

  it('says so, with exit 1, when an app never finishes loading (a top-level await that never settles)', () => {
    const app = join(scratch, 'hangs.mjs');
    writeFileSync(app, 'await new Promise(() => {});\nexport const operations = [];\n');
    const result = opwire(['tools', '--app', app]);
    expect(result).toMatchObject({
      status: 1,
      stdout: '',
      stderr:
        'opwire tools: stopped: the command never finished and had nothing left to wait for (an app whose top-level await never settles?)\n',
    });
  });

  it('says what was thrown when it is not an Error, never [object Object]', () => {
    const cases = [
      ['throws-code.mjs', "throw { code: 'APP_BROKEN' };", '{"code":"APP_BROKEN"}'],
      ['throws-message.mjs', "throw { message: 'the app is broken' };", 'the app is broken'],
      [
        'throws-errno.mjs',
        'class ErrnoError { constructor() { this.errno = 54; } }\nthrow new ErrnoError();',
        'ErrnoError {"errno":54}',
      ],
    ];
    for (const [name, source, said] of cases) {
      const app = join(scratch, name!);
      writeFileSync(app, `${source}\n`);
      const result = opwire(['tools', '--app', app]);
      expect(result).toMatchObject({
        status: 1,
        stdout: '',
        stderr: `opwire tools: cannot load ${app}: ${said}\n`,
      });
    }
    const server = join(scratch, 'refuses.mjs');
    writeFileSync(
      server,
      "export const app = { invoke() {} };\nexport const authenticate = () => { throw { reason: 'token store down' }; };\n",
    );
    const result = opwire(['mcp', '--app', server], { OPWIRE_TOKEN: 't' });
    expect(result).toMatchObject({
      status: 1,
      stdout: '',
      stderr: 'opwire mcp: {"reason":"token store down"}\n',
    });
  });

  it('prints the stack of a failure only when OPWIRE_DEBUG is set', () => {
    const result = opwire(['ask', 'x', '--data-dir', join(scratch, 'absent')], { OPWIRE_DEBUG: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/DataError: --data-dir .*absent does not exist[^\n]*\n\s+at /);
    expect(existsSync(join(scratch, 'absent'))).toBe(false);
  });
});
