import { createMemoryChatStreamStore } from './chat-stream-store.js';
import {
  chatStreamStoreSuiteStaleMs,
  runChatStreamStoreConformance,
} from './testing/chat-stream-store-conformance.js';

runChatStreamStoreConformance('memory', {
  open: () => createMemoryChatStreamStore({ staleMs: chatStreamStoreSuiteStaleMs }),
});
