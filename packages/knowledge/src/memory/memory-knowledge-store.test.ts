import { describeKnowledgeStoreConformance } from '../testing/knowledge-store-conformance.js';
import { createMemoryKnowledgeStore } from './memory-knowledge-store.js';

describeKnowledgeStoreConformance('memory', { create: async () => createMemoryKnowledgeStore() });
