import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../vitest.shared.js';

// Cross-package suites start child processes, servers and PGlite, so they get more time than the defaults.
export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  }),
);
