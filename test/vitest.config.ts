import { defineConfig } from 'vitest/config';

// Cross-package suites start child processes, servers and PGlite, so they get more time than the defaults.
// Legacy decorators as in the root config, which a project with its own config does not inherit.
export default defineConfig({
  oxc: { decorator: { legacy: true } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
