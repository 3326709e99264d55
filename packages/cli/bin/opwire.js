#!/usr/bin/env node
// The opwire command: the compiled CLI in dist/ (built by `pnpm build` in the workspace, shipped in the package).
import '../dist/main.js';
