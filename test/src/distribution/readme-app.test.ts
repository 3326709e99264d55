import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consumerSources, readmeDevInstall, readmeInstall, readmeSetup } from './consumer-project.js';
import { workspaceRoot } from './pack-workspace.js';

const readme = readFileSync(join(workspaceRoot, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Use it in your app'));

describe('the README\'s "Use it in your app"', () => {
  it('shows the install lines the consumer test runs', () => {
    const install = /```sh\n(.*?) *(?:#.*)?\n(.*)\n(.*)\n```/.exec(section);
    expect(install?.slice(1)).toEqual([
      readmeSetup,
      `npm install ${readmeInstall.join(' ')}`,
      `npm install --save-dev ${readmeDevInstall.join(' ')}`,
    ]);
  });

  it('quotes test/consumer/src/app.ts, the app the consumer test compiles and runs, exactly', () => {
    const quoted = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(quoted).toBe(readFileSync(join(consumerSources, 'src/app.ts'), 'utf8'));
  });

  it('names the compiler options the app needs, so a fresh tsconfig on TypeScript 6 or later compiles it', () => {
    // TypeScript 6 and later (what `npm install --save-dev typescript` installs) load no `@types` package
    // unless `types` names it: without `"types": ["node"]` the app's `process` and @opwire/http's `node:http`
    // are unknown names.
    const config = readFileSync(join(consumerSources, 'tsconfig.nodenext.json'), 'utf8');
    expect(config).toContain('"types": ["node"]');
    const compile = section.slice(
      section.indexOf('Compile it with'),
      section.indexOf('and run `node dist/app.js`'),
    );
    for (const option of ['"module": "NodeNext"', '"types": ["node"]', '"strict": true'])
      expect(compile).toContain(option);
  });
});
