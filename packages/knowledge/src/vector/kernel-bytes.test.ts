import { describe, expect, it } from 'vitest';
import { compileKernel } from './compile-kernel.js';
import { kernelBytesBase64 } from './kernel-bytes.js';
import { instantiateKernel } from './wasm-kernel.js';

describe('kernel bytes', () => {
  it('match kernel.wat compiled with wabt (run generate-kernel.ts after editing the .wat)', async () => {
    const compiled = Buffer.from(await compileKernel()).toString('base64');
    expect(kernelBytesBase64).toBe(compiled);
  });

  it('compute a dot product with the SIMD tail path for a stride that is not a multiple of 64 bytes', () => {
    const kernel = instantiateKernel();
    const floats = new Float32Array(kernel.memory.buffer);
    // 20 floats = 80 bytes: one 64-byte step and one 16-byte tail step.
    for (let index = 0; index < 20; index++) {
      floats[index] = index + 1;
      floats[32 + index] = 2;
    }
    expect(kernel.dotF32(0, 128, 80)).toBe(2 * ((20 * 21) / 2));
  });
});
