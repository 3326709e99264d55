import {
  type Chat,
  type ChatStreamStore,
  type ChatStreams,
  chatJsonRoute,
  chatUiResumeRoute,
  chatUiRoute,
  chatUiStopRoute,
  createApprovals,
  createChat,
  createChatOperations,
  createChatStreams,
  createToolCatalog,
  type Governance,
  providersFromEnv,
} from '@opwire/ai';
import type { AnyErrorEntry, AnyOperation, Opwire } from '@opwire/core';
import type { CustomRoute, OperationRoute } from '@opwire/http';
import {
  createHashingEmbeddingModel,
  createKnowledge,
  createKnowledgeOperations,
  createMemoryKnowledgeStore,
  type Knowledge,
} from '@opwire/knowledge';
import { cancelOrder } from '../operations/cancel-order.js';
import { isShopFile, knowledgeDocumentRoute, servedDocuments } from './knowledge-document-route.js';
import { loadShopDocuments } from './load-knowledge.js';

/** How the shop's assistant is configured. */
export interface AssistantOptions {
  /** Where `OPENAI_API_KEY`, `OPENAI_BASE_URL` and `OPWIRE_CHAT_MODEL` are read (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Tenants whose knowledge base gets the shop's documents. */
  readonly tenants: readonly string[];
  /** Where approvals wait (durable, shared by every shop process) and their events go. */
  readonly governance: Governance;
  /** The base path the shop's routes are served under (`HTTP_PREFIX`, no trailing slash): citation links start with it. */
  readonly basePath?: string;
  /**
   * Errors the app's middleware may refuse an approved cancel with (the order-write rate limit's
   * `RATE_LIMITED`): `POST /ai/approvals/{id}/approve` answers them too, and its OpenAPI entry says so.
   */
  readonly approvedCallErrors?: readonly AnyErrorEntry[];
  /**
   * Keep running turns for a second reader (`createChatStreams`): how long, in milliseconds, a turn nobody reads
   * keeps running. Absent: no turn is kept, and the resume route answers 204.
   */
  readonly resumeMs?: number;
  /**
   * With `resumeMs`: where running turns are also kept for the app's other processes on the same database
   * (`createPostgresChatStreamStore`), so a resume or a stop that lands on another process reaches the turn.
   */
  readonly streamStore?: ChatStreamStore;
}

/** The assistant's parts: operations to register, then `attach(app)` once the app exists. */
export interface Assistant {
  readonly knowledge: Knowledge;
  readonly operations: readonly AnyOperation[];
  attach(app: Opwire): {
    readonly chat: Chat;
    readonly operationRoutes: readonly OperationRoute[];
    readonly routes: readonly CustomRoute[];
    /** The running turns kept for a second reader (with `resumeMs`): close them on shutdown. */
    readonly streams: ChatStreams | undefined;
  };
}

/** The system prompt of the shop's chat, also served to MCP clients as the `shop` prompt. */
export const shopPrompt = [
  'You are the Opwire shop assistant for {principalId} (tenant {tenant}). Answer in the language of the',
  "user's last message. Use the tools to read or change orders; you act with the user's own permissions.",
  'When passages are given below, answer from them and cite them by number, like [1].',
].join(' ');

/**
 * Builds the shop's knowledge base (the `apps/shop/knowledge` documents, ingested at start into an
 * in-memory store with the offline hashing embedder) and the chat: the `ai.chat` operation
 * (`POST /ai/chat/stream` as server-sent events, `POST /ai/chat` as one JSON answer, `POST /api/chat` for
 * `useChat`, with `GET /api/chat/{id}/stream` answering its resume), the approval routes, and the documents its citations link to. Each turn retrieves passages for the question and the model cites them as [n].
 */
export async function createAssistant(options: AssistantOptions): Promise<Assistant> {
  const knowledge = createKnowledge({
    store: createMemoryKnowledgeStore(),
    embeddingModel: createHashingEmbeddingModel(),
    templates: { passages: 'Passages from the shop documents for the question "{question}":\n\n{context}' },
  });
  const results = await knowledge.ingest(await loadShopDocuments(options.tenants));
  const failed = results.find((result) => result.error);
  if (failed?.error) throw failed.error;

  let chat: Chat | undefined;
  const chatOf = (): Chat => {
    if (!chat) throw new Error('the assistant is not attached to an app yet');
    return chat;
  };
  return {
    knowledge,
    operations: [
      ...createKnowledgeOperations({ knowledge, reservedMetadataKeys: ['shopDocument'] }),
      // Only a cancel waits for approval in the shop: approving one may answer what the cancel answers.
      ...createChatOperations({
        chat: chatOf,
        approvedCallErrors: [...cancelOrder.errors, ...(options.approvedCallErrors ?? [])],
      }),
    ],
    attach(app) {
      chat = createChat({
        catalog: createToolCatalog({
          app,
          approvals: createApprovals({
            app,
            store: options.governance.approvals,
            events: options.governance,
          }),
        }),
        providers: providersFromEnv(options.env ?? process.env),
        governance: options.governance,
        prompts: { shop: shopPrompt },
        defaultPrompt: 'shop',
        context: async ({ caller, question, signal }) => {
          const chunks = await knowledge.retrieve({
            text: question,
            tenant: caller.tenant,
            mode: 'lexical',
            top: 3,
            ...(signal ? { signal } : {}),
          });
          const { prompt, sources } = knowledge.augment(question, chunks, { template: 'passages' });
          if (sources.length === 0) return undefined;
          // Only the shop's own documents have a page to link to (`isShopFile`, as the page itself decides); one
          // ingested through `knowledge.ingest` is cited by its title alone (a source-document part), never by a
          // dead link, nor by the page of the file whose id it took (the page would say what the cited text does not).
          const served = await servedDocuments();
          return {
            text: prompt,
            sources: sources.map((source) => ({
              sourceId: `${source.number}`,
              title: source.name,
              ...(isShopFile(served, source.documentId, chunks)
                ? {
                    url: `${options.basePath ?? ''}/knowledge/documents/${encodeURIComponent(source.documentId)}`,
                  }
                : {}),
            })),
          };
        },
      });
      // `useChat({ resume: true })` asks for a running answer on load: with `resumeMs` the running turn, else 204.
      const streams =
        options.resumeMs === undefined
          ? undefined
          : createChatStreams({ keepRunningMs: options.resumeMs, store: options.streamStore });
      return {
        chat,
        operationRoutes: [chatJsonRoute(), chatUiRoute({ streams })],
        routes: [
          knowledgeDocumentRoute(knowledge),
          chatUiResumeRoute({ governance: options.governance, streams }),
          chatUiStopRoute({ governance: options.governance, streams }),
        ],
        streams,
      };
    },
  };
}
