import { readdir, readFile } from 'node:fs/promises';
import { coreErrors, hasPermission } from '@opwire/core';
import type { CustomRoute } from '@opwire/http';
import { type Knowledge, knowledgeErrors, type StoredChunk } from '@opwire/knowledge';
import { knowledgeFolder } from './load-knowledge.js';

const listed = new Map<string, Promise<ReadonlySet<string>>>();

/** The markdown files of the shop's knowledge folder (read once): the documents that can have a page. */
export function servedDocuments(folder = knowledgeFolder): Promise<ReadonlySet<string>> {
  let names = listed.get(folder);
  if (names === undefined) {
    names = readdir(folder).then((found) => new Set(found.filter((name) => name.endsWith('.md'))));
    listed.set(folder, names);
  }
  return names;
}

/**
 * Whether a tenant's chunks of `documentId` (all its knowledge base holds of it, or those a search returned) are
 * the shop's file of that name: a file of the folder, and every chunk ingested from it (`shopDocument`, which a
 * later ingest under the same id does not carry). Only then does the document's page say what the chunks say;
 * a removed document has no chunks, so no page. The route serves by it, and citations link by it.
 */
export function isShopFile(
  served: ReadonlySet<string>,
  documentId: string,
  chunks: ReadonlyArray<Pick<StoredChunk, 'documentId' | 'metadata'>>,
): boolean {
  const own = chunks.filter((chunk) => chunk.documentId === documentId);
  return (
    served.has(documentId) && own.length > 0 && own.every((chunk) => chunk.metadata.shopDocument === true)
  );
}

/**
 * `GET /knowledge/documents/{documentId}`: a knowledge document as markdown, for the citations the chat
 * streams (its source parts link here). Only the shop's own documents, by exact name, and only while the caller's
 * tenant's knowledge base holds the file's text under that id (`isShopFile`): any other id, a removed document,
 * or one replaced by another ingest under its id is 404.
 */
export function knowledgeDocumentRoute(knowledge: Knowledge, folder = knowledgeFolder): CustomRoute {
  return {
    method: 'GET',
    path: '/knowledge/documents/{documentId}',
    summary: {
      en: 'A knowledge document the assistant cites, as markdown',
      'zh-CN': '助手引用的知识文档，以 Markdown 格式返回',
    },
    id: 'knowledge.document',
    parameters: [
      {
        name: 'documentId',
        in: 'path',
        required: true,
        description: {
          en: "The document file name, such as returns-policy.md; any other id, or one the caller's knowledge base no longer holds as the shop's file (removed, or replaced by another ingest), is 404.",
          'zh-CN':
            '文档文件名，例如 returns-policy.md；其他 id，或调用者的知识库不再作为商店文件保存的文档（已删除，或被另一次导入替换）为 404。',
        },
        schema: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9_.-]+\\.md$' },
      },
    ],
    responses: {
      '200': {
        description: { en: 'The document.', 'zh-CN': '文档。' },
        content: { 'text/markdown': { schema: { type: 'string' } } },
      },
    },
    errors: [coreErrors.PERMISSION_DENIED, coreErrors.NOT_FOUND, knowledgeErrors.KNOWLEDGE_STORE_FAILED],
    async handle(input) {
      // It reads the tenant's knowledge base, so it asks what `knowledge.search` asks.
      if (input.caller !== undefined && !hasPermission(input.caller, 'knowledge:read')) {
        throw coreErrors.PERMISSION_DENIED({ params: { operation: 'knowledge.document' } });
      }
      const documentId = input.params.documentId ?? '';
      const served = await servedDocuments(folder);
      // Not a public route: the server answered 401 before here without a caller.
      const tenant = input.caller?.tenant;
      const chunks =
        served.has(documentId) && tenant !== undefined
          ? await knowledge.readDocument(knowledge.defaultCollection, documentId, { tenant })
          : [];
      if (!isShopFile(served, documentId, chunks))
        throw coreErrors.NOT_FOUND({ params: { resource: { en: 'document', 'zh-CN': '文档' } } });
      return new Response(await readFile(`${folder}/${documentId}`, 'utf8'), {
        // Revalidated on every open: the knowledge base may remove or replace the document at any time.
        headers: { 'content-type': 'text/markdown; charset=utf-8', 'cache-control': 'private, no-cache' },
      });
    },
  };
}
