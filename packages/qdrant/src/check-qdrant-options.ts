import { coreErrors } from '@opwire/core';
import { maxDimensions } from '@opwire/knowledge';
import { isAddressableKey } from './metadata-path.js';
import type { QdrantKnowledgeStoreOptions, ResolvedQdrantOptions } from './qdrant-options.js';

const invalid = (setting: string, expected: string, value: unknown) =>
  coreErrors.INVALID_CONFIGURATION({
    field: setting,
    params: {
      reason: `Qdrant store setting ${setting} must be ${expected}, not ${JSON.stringify(value) ?? String(value)}`,
    },
  });

const whole = (setting: string, value: unknown, min: number, max: number): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(setting, `a whole number from ${min} to ${max}`, value);
  }
  return value;
};

const finite = (setting: string, value: unknown, min: number, max: number, open = false): number => {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (open && value === min)
  ) {
    throw invalid(
      setting,
      `a number ${open ? 'above' : 'from'} ${min}${max === Infinity ? '' : ` to ${max}`}`,
      value,
    );
  }
  return value;
};

const qdrantName = /^[A-Za-z0-9_.-]{1,255}$/;
const indexTypes = ['keyword', 'integer', 'float', 'bool'];

/** Checks the options before any request, so a bad one fails startup with `INVALID_CONFIGURATION` naming it. */
export function checkQdrantOptions(options: QdrantKnowledgeStoreOptions): ResolvedQdrantOptions {
  if (typeof options.url !== 'string' || !/^https?:\/\/[^\s/]+/.test(options.url)) {
    // The address is not echoed: it may carry credentials.
    throw coreErrors.INVALID_CONFIGURATION({
      field: 'url',
      params: { reason: 'Qdrant store setting url must be an http:// or https:// address' },
    });
  }
  const prefix = options.collectionPrefix ?? 'opwire_';
  const entries = Object.entries(options.collections ?? {});
  if (entries.length === 0)
    throw invalid('collections', 'at least one knowledge collection', options.collections);
  const collections = new Map(
    entries.map(([name, collection]) => {
      const setting = `collections.${name}`;
      if (!qdrantName.test(`${prefix}${name}`)) {
        throw invalid(
          `${setting}`,
          'a Qdrant collection name (with its prefix) of letters, digits, "_", "-" and "."',
          `${prefix}${name}`,
        );
      }
      const distance = collection.distance ?? 'Cosine';
      if (distance !== 'Cosine' && distance !== 'Dot')
        throw invalid(`${setting}.distance`, '"Cosine" or "Dot"', distance);
      for (const [key, type] of Object.entries(collection.filterable ?? {})) {
        if (!isAddressableKey(key))
          throw invalid(`${setting}.filterable`, 'keys without a double quote (") or a backslash (\\)', key);
        if (!indexTypes.includes(type))
          throw invalid(`${setting}.filterable.${key}`, indexTypes.join(', '), type);
      }
      return [
        name,
        {
          dimensions: whole(`${setting}.dimensions`, collection.dimensions, 1, maxDimensions),
          distance,
          filterable: collection.filterable ?? {},
          qdrantName: `${prefix}${name}`,
        },
      ] as const;
    }),
  );
  const lexical = options.lexical ?? {};
  return {
    url: options.url,
    apiKey: options.apiKey,
    collections,
    lexical: {
      k1: finite('lexical.k1', lexical.k1 ?? 1.2, 0, Infinity),
      b: finite('lexical.b', lexical.b ?? 0.75, 0, 1),
      averageTerms: finite('lexical.averageTerms', lexical.averageTerms ?? 128, 0, Infinity, true),
    },
    batchSize: whole('batchSize', options.batchSize ?? 256, 1, 10_000),
    timeoutMs: whole('timeoutMs', options.timeoutMs ?? 30_000, 1, 3_600_000),
    healthTimeoutMs: whole('healthTimeoutMs', options.healthTimeoutMs ?? 5_000, 1, 3_600_000),
  };
}
