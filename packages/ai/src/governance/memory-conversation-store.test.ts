import { runConversationStoreConformance } from '../testing/conversation-store-conformance.js';
import { createMemoryConversationStore } from './memory-conversation-store.js';

runConversationStoreConformance('memory', { open: () => createMemoryConversationStore() });
