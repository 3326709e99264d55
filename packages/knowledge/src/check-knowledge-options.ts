import { coreErrors, type OpwireError } from '@opwire/core';
import type { ChunkingOptions, KnowledgeOptions } from './create-knowledge.js';

/** The largest vector length a collection may declare (Qdrant's and pgvector's limit is 65 536 or less). */
export const maxDimensions = 65_536;

const invalid = (setting: string, expected: string, value: unknown): OpwireError =>
  coreErrors.INVALID_CONFIGURATION({
    field: setting,
    params: { reason: `knowledge setting ${setting} must be ${expected}, not ${describe(value)}` },
  });

const describe = (value: unknown): string =>
  typeof value === 'string'
    ? `"${value}"`
    : typeof value === 'number'
      ? String(value)
      : (JSON.stringify(value) ?? String(value));

const wholeNumber = (setting: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): void => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(
      setting,
      max === Number.MAX_SAFE_INTEGER ? `a whole number ≥ ${min}` : `a whole number from ${min} to ${max}`,
      value,
    );
  }
};

const finiteNumber = (setting: string, value: unknown, min: number, max?: number): void => {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    (max !== undefined && value > max)
  ) {
    throw invalid(
      setting,
      max === undefined ? `a finite number ≥ ${min}` : `a number from ${min} to ${max}`,
      value,
    );
  }
};

function checkChunking(setting: string, chunking: ChunkingOptions): void {
  if (chunking.kind === 'structured') wholeNumber(`${setting}.maxTokens`, chunking.maxTokens, 1);
  else if (chunking.kind === 'fixed') {
    wholeNumber(`${setting}.size`, chunking.size, 1);
    if (chunking.overlap !== undefined) {
      wholeNumber(`${setting}.overlap`, chunking.overlap, 0, Math.max(0, chunking.size - 1));
    }
  } else throw invalid(`${setting}.kind`, '"structured" or "fixed"', (chunking as { kind: unknown }).kind);
}

/**
 * Checks every number `createKnowledge` is given, so a bad setting fails at startup with `INVALID_CONFIGURATION`
 * naming it (`field` and the message), instead of at the first ingest or as NaN scores.
 */
export function checkKnowledgeOptions(options: KnowledgeOptions): void {
  if (
    options.defaultCollection !== undefined &&
    (typeof options.defaultCollection !== 'string' || options.defaultCollection === '')
  ) {
    throw invalid('defaultCollection', 'a non-empty name', options.defaultCollection);
  }
  if (options.defaultTop !== undefined) wholeNumber('defaultTop', options.defaultTop, 1);
  if (options.chunking) checkChunking('chunking', options.chunking);
  if (options.bm25) {
    finiteNumber('bm25.k1', options.bm25.k1, 0);
    finiteNumber('bm25.b', options.bm25.b, 0, 1);
  }
  const embedding = options.embedding ?? {};
  if (embedding.batchSize !== undefined) wholeNumber('embedding.batchSize', embedding.batchSize, 1);
  if (embedding.concurrency !== undefined) wholeNumber('embedding.concurrency', embedding.concurrency, 1);
  if (embedding.maxRetries !== undefined) wholeNumber('embedding.maxRetries', embedding.maxRetries, 0);
  for (const [name, collection] of Object.entries(options.collections ?? {})) {
    if (collection.chunking) checkChunking(`collections.${name}.chunking`, collection.chunking);
    if (collection.dimensions !== undefined) {
      wholeNumber(`collections.${name}.dimensions`, collection.dimensions, 1, maxDimensions);
    }
  }
}
