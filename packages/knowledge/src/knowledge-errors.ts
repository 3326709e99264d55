import { defineErrors } from '@opwire/core';

/** The error codes the knowledge pipeline raises, with their messages in every supported locale. */
export const knowledgeErrors = defineErrors({
  NO_EMBEDDING_MODEL: {
    kind: 'unavailable',
    messages: {
      en: 'No embedding model is configured for collection "{collection}".',
      'zh-CN': '知识库集合“{collection}”没有配置向量模型。',
    },
  },
  EMBEDDING_FAILED: {
    kind: 'unavailable',
    messages: {
      en: 'The embedding model failed: {reason}',
      'zh-CN': '向量模型调用失败：{reason}',
    },
  },
  EMBEDDING_DIMENSION_MISMATCH: {
    kind: 'internal',
    messages: {
      en: 'Embedding has {actual} dimensions but collection "{collection}" expects {expected}.',
      'zh-CN': '向量维度为 {actual}，但集合“{collection}”需要 {expected} 维。',
    },
  },
  KNOWLEDGE_STORE_FAILED: {
    kind: 'unavailable',
    messages: {
      en: 'The knowledge store failed: {reason}',
      'zh-CN': '知识库存储失败：{reason}',
    },
  },
  EMPTY_DOCUMENT: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}" holds no text: document "{documentId}" was not ingested (knowledge.remove deletes a document).',
      'zh-CN': '字段“{field}”没有文本：文档“{documentId}”未导入（删除文档请用 knowledge.remove）。',
    },
  },
  DUPLICATE_DOCUMENT_ID: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}": document "{documentId}" appears more than once in one ingest.',
      'zh-CN': '字段“{field}”：文档“{documentId}”在一次导入中出现了不止一次。',
    },
  },
  RESERVED_METADATA_KEY: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}": the metadata key "{key}" is set by the application itself and cannot be ingested.',
      'zh-CN': '字段“{field}”：元数据键“{key}”由应用自身设置，不能随文档导入。',
    },
  },
});
