import { defineConfig } from 'vitest/config';

// The stand-in compiles Qdrant's schemas once per file, and a real server may be remote: more time than defaults.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
