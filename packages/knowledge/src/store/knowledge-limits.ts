import { coreErrors } from '@opwire/core';
import { checkInputText } from '../check-input-text.js';
import type { KnowledgeFilter, MetadataValue } from './knowledge-store.js';

/**
 * The bounds of what a record carries and a filter asks for. A filter is matched against every record in
 * scope, so its size is work done per stored chunk: without a bound, one request of 70,000 keys held the
 * event loop for most of a second.
 */
export const knowledgeLimits = {
  /** Metadata keys of one record, and of one filter. */
  metadataKeys: 64,
  /** Characters (Unicode code points, as JSON Schema's `maxLength` counts them) of one metadata key. */
  metadataKeyLength: 128,
  /** Characters (Unicode code points) of one metadata string value. */
  metadataValueLength: 2000,
  /** Document ids one filter may list. */
  filterDocumentIds: 1000,
} as const;

/**
 * Whether a text has more code points than `limit`: the count JSON Schema's `maxLength` (and so the HTTP schema)
 * uses, where `length` counts UTF-16 units and made 1,500 emoji longer than 2,000. A lone surrogate counts as one.
 */
function isLongerThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  if (text.length > limit * 2) return true;
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    // A high surrogate followed by a low one is one code point: the low one is skipped.
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    if (++count > limit) return true;
  }
  return false;
}

/** A key a dotted field path shows bare, as validation writes them. */
const plainName = /^[\p{L}_$][\p{L}\p{N}_$-]*$/u;

/** The field of one metadata key under `field`, as validation names it: `metadata.lang`, else `metadata["a.b"]`. */
export function metadataKeyField(field: string, key: string): string {
  return plainName.test(key) ? `${field}.${key}` : `${field}[${JSON.stringify(key)}]`;
}

const scalar = { en: 'a string, a finite number or a boolean', 'zh-CN': '字符串、有限数字或布尔值' };

// Only scalars: each store would read an array, object or null its own way (containment, any-of, 400).
function checkValue(value: unknown, field: string): void {
  if (value === null) throw coreErrors.NULL_NOT_ALLOWED({ field, params: { expected: scalar } });
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw coreErrors.OUT_OF_RANGE({ field, params: { expected: scalar } });
  }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    throw coreErrors.WRONG_TYPE({ field, params: { expected: scalar } });
  }
}

/**
 * Refuses metadata that is not an object of scalar values (string, finite number, boolean) — `WRONG_TYPE`,
 * `NULL_NOT_ALLOWED` or `OUT_OF_RANGE` on `<field>.<key>` — or past the bounds, with `OUT_OF_RANGE` (on `<field>`
 * for too many keys, else on `<field>.<key>`), or a key or string value holding a NUL or a lone surrogate
 * (`NUL_CHARACTER`, `INVALID_UNICODE`); lengths are counted in code points, as the HTTP schema counts them.
 */
export function checkMetadata(
  metadata: Readonly<Record<string, MetadataValue>> | undefined,
  field: string,
): void {
  if (metadata === undefined) return;
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
    throw coreErrors.WRONG_TYPE({ field, params: { expected: { en: 'an object', 'zh-CN': '对象' } } });
  }
  const keys = Object.keys(metadata);
  if (keys.length > knowledgeLimits.metadataKeys) {
    throw coreErrors.OUT_OF_RANGE({
      field,
      // The words JSON Schema's `maxProperties` is reported in, so every locale has them (as on HTTP).
      params: { expected: `at most ${knowledgeLimits.metadataKeys} properties` },
    });
  }
  for (const key of keys) {
    const keyField = metadataKeyField(field, key);
    checkInputText(key, keyField);
    if (isLongerThan(key, knowledgeLimits.metadataKeyLength)) {
      throw coreErrors.OUT_OF_RANGE({
        field: keyField,
        params: {
          expected: {
            en: `keys of at most ${knowledgeLimits.metadataKeyLength} characters`,
            'zh-CN': `每个键至多 ${knowledgeLimits.metadataKeyLength} 个字符`,
          },
        },
      });
    }
    const value = metadata[key];
    checkValue(value, keyField);
    if (typeof value === 'string') checkInputText(value, keyField);
    if (typeof value === 'string' && isLongerThan(value, knowledgeLimits.metadataValueLength)) {
      throw coreErrors.OUT_OF_RANGE({
        field: keyField,
        params: { expected: `length <= ${knowledgeLimits.metadataValueLength}` },
      });
    }
  }
}

/**
 * Refuses a filter whose metadata `checkMetadata` refuses (under `filter.metadata`), with too many document ids, or
 * with one that is not a string or holds a NUL or a lone surrogate (`filter.documentIds[n]`).
 */
export function checkFilter(filter: KnowledgeFilter | undefined): void {
  if (filter === undefined) return;
  checkMetadata(filter.metadata, 'filter.metadata');
  if ((filter.documentIds?.length ?? 0) > knowledgeLimits.filterDocumentIds) {
    throw coreErrors.OUT_OF_RANGE({
      field: 'filter.documentIds',
      params: { expected: `at most ${knowledgeLimits.filterDocumentIds} items` },
    });
  }
  filter.documentIds?.forEach((documentId, index) => {
    checkInputText(documentId, `filter.documentIds[${index}]`);
  });
}
