import type { KnowledgeRecord } from '@opwire/knowledge';
import { qdrantErrors } from './qdrant-errors.js';

// Qdrant's JSON path syntax (`lib/segment/src/json_path/parse.rs`): a key of Unicode letters, digits, "_" and
// "-" is written as it is; any other key only in double quotes, which have no escapes, so a key holding `"` or
// `\` cannot be addressed at all.
const plainKey = /^[\p{Alphabetic}\p{N}_-]+$/u;
const unaddressable = /["\\]/;

/** Whether Qdrant can address a metadata key in a filter or payload index (no `"` and no `\`). */
export function isAddressableKey(key: string): boolean {
  return !unaddressable.test(key);
}

/**
 * The Qdrant payload path of a metadata key, as Qdrant itself writes it: `metadata.lang`, `metadata.语言`,
 * `metadata."a.b"`, `metadata."with space"`. A key Qdrant cannot address fails with
 * `QDRANT_FILTER_KEY_UNSUPPORTED`.
 */
export function metadataPath(key: string): string {
  if (!isAddressableKey(key)) throw qdrantErrors.QDRANT_FILTER_KEY_UNSUPPORTED({ params: { key } });
  return plainKey.test(key) ? `metadata.${key}` : `metadata."${key}"`;
}

/**
 * Refuses records with a metadata key Qdrant could not filter on (`QDRANT_FILTER_KEY_UNSUPPORTED`), before any is
 * written: a chunk is never stored with metadata its own filters could not reach.
 */
export function checkMetadataKeys(records: readonly KnowledgeRecord[]): void {
  for (const record of records) {
    for (const key of Object.keys(record.metadata)) {
      if (!isAddressableKey(key)) throw qdrantErrors.QDRANT_FILTER_KEY_UNSUPPORTED({ params: { key } });
    }
  }
}
