import { coreErrors } from '@opwire/core';
import type { ScoredRecord } from './store/knowledge-store.js';

/** Built-in prompt templates, by name. */
export const defaultPromptTemplates: Readonly<Record<string, string>> = {
  default:
    'Answer the question using only the numbered context below. Cite sources as [n]. ' +
    'If the context does not contain the answer, say so.\n\nContext:\n{context}\n\nQuestion: {question}',
  'zh-CN':
    '请仅根据下面编号的资料回答问题，并用 [n] 标注出处。如果资料中没有答案，请直接说明。\n\n资料：\n{context}\n\n问题：{question}',
};

/**
 * What names the source of each numbered block, by template name: the built-in `zh-CN` template's blocks read
 * `[n] 来源：<name>`; every other template's `[n] Source: <name>`.
 */
export const sourceLabels: Readonly<Record<string, string>> = { 'zh-CN': '来源：' };

/** A prompt built from retrieved chunks, with the sources its numbers refer to. */
export interface AugmentedPrompt {
  readonly prompt: string;
  readonly sources: ReadonlyArray<{
    readonly number: number;
    readonly name: string;
    readonly documentId: string;
  }>;
}

/** Checks a template at startup: only `{context}` and `{question}`, and both present. */
export function checkPromptTemplate(name: string, template: string | undefined): string {
  if (template === undefined) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: `prompt template "${name}" does not exist` },
    });
  }
  const placeholders = [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]);
  const unknown = placeholders.find((placeholder) => placeholder !== 'context' && placeholder !== 'question');
  if (unknown !== undefined) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: `prompt template "${name}" has unknown placeholder "{${unknown}}"` },
    });
  }
  for (const required of ['context', 'question']) {
    if (!placeholders.includes(required)) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: { reason: `prompt template "${name}" lacks "{${required}}"` },
      });
    }
  }
  return template;
}

/** The name a context block cites: the title, else the source, else the document id. */
export function sourceName(record: Pick<ScoredRecord, 'title' | 'source' | 'documentId'>): string {
  return record.title || record.source || record.documentId;
}

/**
 * Numbers the chunks as `[n] Source: <name>` blocks (`sourceLabel` in place of `Source: `) and fills the template;
 * no chunks leaves the question as is.
 */
export function augment(
  question: string,
  chunks: readonly ScoredRecord[],
  template: string,
  options: { readonly sourceLabel?: string } = {},
): AugmentedPrompt {
  const label = options.sourceLabel ?? 'Source: ';
  if (chunks.length === 0) return { prompt: question, sources: [] };
  const sources = chunks.map((chunk, index) => ({
    number: index + 1,
    name: sourceName(chunk),
    documentId: chunk.documentId,
  }));
  const context = chunks
    .map((chunk, index) => `[${index + 1}] ${label}${sources[index]!.name}\n${chunk.text}`)
    .join('\n\n');
  // One pass, so a `{question}` inside the context is never substituted.
  const prompt = template.replace(/\{(context|question)\}/g, (_, name: string) =>
    name === 'context' ? context : question,
  );
  return { prompt, sources };
}
