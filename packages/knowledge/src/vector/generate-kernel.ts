// Regenerates kernel-bytes.ts from kernel.wat: npx tsx packages/knowledge/src/vector/generate-kernel.ts
import { writeFile } from 'node:fs/promises';
import { compileKernel } from './compile-kernel.js';

const bytes = await compileKernel();
const base64 = Buffer.from(bytes).toString('base64');
const text = [
  '// Generated from kernel.wat by generate-kernel.ts; do not edit. kernel-bytes.test.ts checks it is current.',
  '',
  '/** The compiled vector-search kernel (WebAssembly with SIMD), base64-encoded. */',
  `export const kernelBytesBase64 =\n  '${base64}';`,
  '',
].join('\n');
await writeFile(new URL('./kernel-bytes.ts', import.meta.url), text);
console.log(`kernel-bytes.ts: ${bytes.length} bytes of WebAssembly`);
