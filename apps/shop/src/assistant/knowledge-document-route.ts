import { readdir, readFile } from 'node:fs/promises';
import { coreErrors } from '@opwire/core';
import type { CustomRoute } from '@opwire/http';
import { knowledgeFolder } from './load-knowledge.js';

const listed = new Map<string, Promise<ReadonlySet<string>>>();

/** The documents the route serves: the markdown files of the shop's knowledge folder (read once). */
export function servedDocuments(folder = knowledgeFolder): Promise<ReadonlySet<string>> {
  let names = listed.get(folder);
  if (names === undefined) {
    names = readdir(folder).then((found) => new Set(found.filter((name) => name.endsWith('.md'))));
    listed.set(folder, names);
  }
  return names;
}

/**
 * `GET /knowledge/documents/{documentId}`: a knowledge document as markdown, for the citations the chat
 * streams (its source parts link here). Only the shop's own documents, by exact name; any other id is 404.
 */
export function knowledgeDocumentRoute(folder = knowledgeFolder): CustomRoute {
  return {
    method: 'GET',
    path: '/knowledge/documents/{documentId}',
    summary: 'A knowledge document the assistant cites, as markdown',
    id: 'knowledge.document',
    parameters: [
      {
        name: 'documentId',
        in: 'path',
        required: true,
        description: 'The document file name, such as returns.md; any other id is 404.',
        schema: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9_.-]+\\.md$' },
      },
    ],
    responses: {
      '200': {
        description: 'The document.',
        content: { 'text/markdown': { schema: { type: 'string' } } },
      },
    },
    errors: [coreErrors.NOT_FOUND],
    async handle(input) {
      const documentId = input.params.documentId ?? '';
      if (!(await servedDocuments(folder)).has(documentId))
        throw coreErrors.NOT_FOUND({ params: { resource: { en: 'document', 'zh-CN': '文档' } } });
      return new Response(await readFile(`${folder}/${documentId}`, 'utf8'), {
        headers: { 'content-type': 'text/markdown; charset=utf-8', 'cache-control': 'private, max-age=300' },
      });
    },
  };
}
