import { defineErrors } from '@opwire/core';

/** The error codes the vector index raises, with their messages in every supported locale. */
export const vectorErrors = defineErrors({
  VECTOR_DIMENSION_MISMATCH: {
    kind: 'invalid',
    messages: {
      en: 'Vector "{field}" has {actual} dimensions; the index expects {expected}.',
      'zh-CN': '向量“{field}”有 {actual} 维，索引需要 {expected} 维。',
    },
  },
  INVALID_VECTOR: {
    kind: 'invalid',
    messages: {
      en: 'Vector "{field}" is invalid: {reason}.',
      'zh-CN': '向量“{field}”无效：{reason}。',
    },
  },
  VECTOR_INDEX_FULL: {
    kind: 'too_large',
    messages: {
      en: 'The vector index cannot hold {requested} vectors of {dimensions} dimensions in one WebAssembly memory.',
      'zh-CN': '向量索引无法在一个 WebAssembly 内存中容纳 {requested} 个 {dimensions} 维向量。',
    },
  },
});
