import { defineConfig } from 'vitest/config';

// One project per workspace folder; legacy decorators so inversify's @injectable/@inject work in tests.
export default defineConfig({
  oxc: { decorator: { legacy: true } },
  test: {
    projects: ['packages/*', 'apps/*', 'test'],
  },
});
