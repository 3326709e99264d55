import { kernelBytesBase64 } from './kernel-bytes.js';

// The project's TypeScript libs (ES2023 + Node types) do not declare the WebAssembly global, so the few
// members used here are declared locally.

/** A WebAssembly memory: its current bytes and a way to add 64 KiB pages. */
export interface KernelMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: unknown };
}

const webAssembly = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

/** The functions of one instance of the vector-search kernel (see `kernel.wat`); addresses are byte offsets. */
export interface KernelInstance {
  readonly memory: KernelMemory;
  dotF32(query: number, row: number, strideBytes: number): number;
  scanF32(query: number, rows: number, count: number, strideBytes: number, out: number): void;
  scanI8(
    query: number,
    rows: number,
    count: number,
    codeBytes: number,
    rowBytes: number,
    queryScale: number,
    out: number,
  ): void;
  readSweep(start: number, end: number): number;
}

let compiled: object | undefined;

/** Creates a kernel instance with its own memory; the module is compiled once per process. */
export function instantiateKernel(): KernelInstance {
  compiled ??= new webAssembly.Module(Buffer.from(kernelBytesBase64, 'base64'));
  return new webAssembly.Instance(compiled, {}).exports as unknown as KernelInstance;
}
