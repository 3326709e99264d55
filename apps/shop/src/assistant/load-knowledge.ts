import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { IngestDocument } from '@opwire/knowledge';

/** The shop's policy and FAQ documents (`apps/shop/knowledge/*.md`). */
export const knowledgeFolder = fileURLToPath(new URL('../../knowledge', import.meta.url));

/**
 * Reads every markdown document in the folder once per tenant: title from the first heading, language from the
 * name, marked `shopDocument` (a document ingested later under the same id is not).
 */
export async function loadShopDocuments(
  tenants: readonly string[],
  folder = knowledgeFolder,
): Promise<IngestDocument[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort();
  const documents = await Promise.all(
    names.map(async (name) => ({ name, text: await readFile(`${folder}/${name}`, 'utf8') })),
  );
  return tenants.flatMap((tenant) =>
    documents.map(({ name, text }) => ({
      documentId: name,
      text,
      source: name,
      title: /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? name,
      // `shopDocument`: the text is the file's, so a citation of it may link to the file's page.
      metadata: { lang: name.endsWith('.zh-CN.md') ? 'zh-CN' : 'en', shopDocument: true },
      tenant,
    })),
  );
}
