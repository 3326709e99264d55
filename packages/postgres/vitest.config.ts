import { defineConfig } from 'vitest/config';

// PGlite takes seconds to start (WASM), so hooks and tests get more time than vitest's defaults.
export default defineConfig({
  oxc: { decorator: { legacy: true } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
