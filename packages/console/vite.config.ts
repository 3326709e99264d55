import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const packageFolder = fileURLToPath(new URL('.', import.meta.url));
const outDir = join(packageFolder, 'dist/browser');

/**
 * Writes a brotli and a gzip copy beside each script, stylesheet and SVG of the build, so the routes
 * serve them without compressing per request; and puts the drawer's stylesheet where `./chat.css` points.
 */
function precompress(): Plugin {
  return {
    name: 'opwire-precompress',
    apply: 'build',
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const path = join(assets, name);
        if (statSync(path).size < 1024) continue;
        const content = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
      mkdirSync(join(packageFolder, 'dist/chat'), { recursive: true });
      copyFileSync(
        join(packageFolder, 'src/chat/chat-drawer.css'),
        join(packageFolder, 'dist/chat/chat-drawer.css'),
      );
    },
  };
}

// The pages a host serves through `consoleRoutes` and `chatPageRoutes`: built once into the package, with
// every asset URL under a placeholder the routes replace with the mount path.
export default defineConfig({
  root: join(packageFolder, 'src/browser'),
  base: '/__opwire_base__/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      // Mantine marks its modules "use client" for React Server Components; a browser bundle has no use for it.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      input: {
        console: join(packageFolder, 'src/browser/console.html'),
        chat: join(packageFolder, 'src/browser/chat.html'),
      },
    },
  },
  plugins: [precompress()],
});
