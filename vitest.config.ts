import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from './vitest.shared.js';

// One project per workspace folder; a folder without a config of its own inherits this one.
export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      projects: ['packages/*', 'apps/*', 'test'],
    },
  }),
);
