import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// PGlite takes seconds to start (WASM), so hooks and tests get more time than vitest's defaults.
export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
);
