import { it } from 'vitest';
import type { PortConformanceCase, PortConformanceOptions } from './port-harness.js';

/** Registers one case, or skips it with its written reason in the test name. */
export function conformanceCase(
  options: PortConformanceOptions,
  id: PortConformanceCase,
  title: string,
  body: () => Promise<void>,
): void {
  const reason = options.skip?.[id];
  if (reason !== undefined) {
    if (reason.trim() === '') throw new Error(`The skip of "${id}" needs a written reason.`);
    it.skip(`${title} [skipped: ${reason}]`, body);
  } else {
    it(title, body);
  }
}

/** A short unique suffix so cases sharing one store never see each other's rows. */
export function uniqueSuffix(): string {
  return `c${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/** Waits until the callbacks running now have all finished, then reads. */
export function readAfterCallbacks<T>(read: () => Promise<T>): Promise<T> {
  return Promise.resolve().then(read);
}
