import { readFile } from 'node:fs/promises';
import initWabt from 'wabt';

/** Where the kernel's WebAssembly text lives, beside this file. */
export const kernelSourceUrl = new URL('./kernel.wat', import.meta.url);

/** Compiles `kernel.wat` to WebAssembly bytes with wabt; build and test time only, the runtime loads `kernel-bytes.ts`. */
export async function compileKernel(): Promise<Uint8Array> {
  const wabt = await initWabt();
  const source = await readFile(kernelSourceUrl, 'utf8');
  const parsed = wabt.parseWat('kernel.wat', source, { simd: true });
  try {
    parsed.validate();
    return parsed.toBinary({}).buffer;
  } finally {
    parsed.destroy();
  }
}
