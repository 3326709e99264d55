import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { coreErrors } from '@opwire/core';
import type { PlainAnswer } from './answer.js';

const assetTypes: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-16x16.png': 'image/png',
  'favicon-32x32.png': 'image/png',
};

/** The names of the `swagger-ui-dist` files served under `/docs/`. */
export const docsAssetNames: readonly string[] = Object.keys(assetTypes);

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>API docs</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
<link rel="stylesheet" href="docs/index.css">
<link rel="icon" type="image/png" href="docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/swagger-ui-standalone-preset.js"></script>
<script src="docs/initializer.js"></script>
</body>
</html>
`;

const initializer = `window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

const securityHeaders = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};

/** The folder of the installed `swagger-ui-dist` (an optional peer of this package), or `undefined`. */
function swaggerUiFolder(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    return undefined;
  }
}

/**
 * Serves the docs page and its assets from the installed `swagger-ui-dist` package (no CDN). Without that
 * package there is no page: `undefined`, or with `required` (`docs: true`) an `INVALID_CONFIGURATION` error.
 */
export function createDocsAssets(
  required = false,
): ((name: string | undefined) => Promise<PlainAnswer | undefined>) | undefined {
  const folder = swaggerUiFolder();
  if (folder === undefined) {
    if (!required) return undefined;
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: 'docs: true needs the swagger-ui-dist package (npm install swagger-ui-dist)' },
    });
  }
  const cache = new Map<string, Promise<Uint8Array>>();
  return async (name) => {
    if (name === undefined || name === '') {
      return {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', ...securityHeaders },
        body: page,
      };
    }
    if (name === 'initializer.js') {
      return {
        status: 200,
        headers: { 'content-type': 'text/javascript; charset=utf-8' },
        body: initializer,
      };
    }
    const type = Object.hasOwn(assetTypes, name) ? assetTypes[name] : undefined;
    if (type === undefined) return undefined;
    let content = cache.get(name);
    if (!content) {
      content = readFile(join(folder, name));
      cache.set(name, content);
    }
    return {
      status: 200,
      headers: { 'content-type': type, 'cache-control': 'public, max-age=86400', ...securityHeaders },
      body: await content,
    };
  };
}
