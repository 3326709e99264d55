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
  oxc: { decorator: { legacy: true } },
  resolve: { conditions },
  ssr: { resolve: { conditions } },
});
