import { defineErrors } from '@opwire/core';

/** The error codes the Qdrant knowledge store raises, with their messages in every supported locale. */
export const qdrantErrors = defineErrors({
  QDRANT_COLLECTION_MISMATCH: {
    kind: 'internal',
    messages: {
      en: 'Qdrant collection "{qdrantCollection}" (knowledge collection "{collection}") has {actual}, but the store is configured for {expected}; use another collection prefix or recreate it.',
      'zh-CN':
        'Qdrant 集合“{qdrantCollection}”（知识库集合“{collection}”）的配置为 {actual}，而存储配置要求 {expected}；请换用其他集合前缀或重建该集合。',
    },
  },
  QDRANT_VERSION_UNSUPPORTED: {
    kind: 'internal',
    messages: {
      en: "Qdrant {version} is older than 1.19, which the knowledge store needs (IDF over one tenant's chunks).",
      'zh-CN': 'Qdrant {version} 早于 1.19，知识库存储需要 1.19 及以上版本（按租户计算 IDF）。',
    },
  },
  QDRANT_COLLECTION_UNKNOWN: {
    kind: 'internal',
    messages: {
      en: 'Knowledge collection "{collection}" is not configured for the Qdrant store; add it to its `collections`.',
      'zh-CN': '知识库集合“{collection}”未在 Qdrant 存储中配置；请将其加入 `collections`。',
    },
  },
  QDRANT_FILTER_KEY_UNSUPPORTED: {
    kind: 'invalid',
    messages: {
      en: 'Metadata key "{key}" cannot be filtered in Qdrant: a key must not contain a double quote (") or a backslash (\\).',
      'zh-CN': '元数据键“{key}”无法在 Qdrant 中过滤：键不能包含双引号（"）或反斜杠（\\）。',
    },
  },
  QDRANT_BM25_MISMATCH: {
    kind: 'internal',
    messages: {
      en: "A lexical search asked for BM25 k1 {k1} and b {b}, but the Qdrant store writes chunks with k1 {storeK1} and b {storeB}; set its `lexical` option to the knowledge's `bm25`.",
      'zh-CN':
        '词法检索要求 BM25 k1 {k1}、b {b}，而 Qdrant 存储写入时使用 k1 {storeK1}、b {storeB}；请将其 `lexical` 选项设为与知识库的 `bm25` 一致。',
    },
  },
});
