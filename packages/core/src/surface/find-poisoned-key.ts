import type { ErrorDefinition } from '../errors/define-errors.js';

/**
 * The one definition of `PROTOTYPE_POISONING`, the code every surface that parses JSON answers a forbidden key
 * with. Each surface's catalogue declares it from here (`PROTOTYPE_POISONING: prototypePoisoning`), so HTTP and
 * the AI tools say it in the same words and an app registering both catalogues has one entry's text.
 */
export const prototypePoisoning = {
  kind: 'invalid',
  messages: {
    en: 'The request contains a forbidden key at "{field}".',
    'zh-CN': '请求在“{field}”处包含禁止使用的键。',
  },
} as const satisfies ErrorDefinition;

/**
 * A pointer short enough to answer with: one deep in a nested value (200,000 arrays) would make the answer
 * larger than the request. Its start and its end (where the key is) are kept.
 */
export function shortPointer(pointer: string): string {
  return pointer.length <= 200 ? pointer : `${pointer.slice(0, 100)}…${pointer.slice(-99)}`;
}

/**
 * The JSON Pointer of the first key in a parsed JSON value that could change an object's prototype when the value
 * is copied or merged: `__proto__`, or `constructor` holding `prototype`. `undefined` when there is none. Every
 * surface that parses JSON refuses such a value with `PROTOTYPE_POISONING` (HTTP bodies and queries, a model's
 * tool arguments). It walks without recursion, so any depth is safe.
 */
export function findPoisonedKey(root: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[root, '']];
  while (pending.length > 0) {
    const [value, pointer] = pending.pop() as [unknown, string];
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) pending.push([value[index], `${pointer}/${index}`]);
      continue;
    }
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      const childPointer = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key === '__proto__') return childPointer;
      if (
        key === 'constructor' &&
        typeof child === 'object' &&
        child !== null &&
        Object.hasOwn(child, 'prototype')
      ) {
        return `${childPointer}/prototype`;
      }
      pending.push([child, childPointer]);
    }
  }
  return undefined;
}
