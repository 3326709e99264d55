import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * What every Vitest project shares: legacy decorators (inversify's @injectable/@inject in tests) and the
 * `@opwire/source` export condition, so tests run the packages' TypeScript source, not their built dist/.
 */
// Vitest's own defaults leave out `module` (it would pick ES builds that Node cannot load), and so do we.
const conditions = [
  '@opwire/source',
  ...defaultServerConditions.filter((condition) => condition !== 'module'),
];

export const sharedConfig = defineConfig({
  // CPU-heavy tests (property runs, 32 MiB batches) need more than vitest's 5 s on a loaded two-CPU machine.
  test: { testTimeout: 20_000 },
  oxc: { decorator: { legacy: true } },
  resolve: { conditions },
  ssr: { resolve: { conditions } },
});
