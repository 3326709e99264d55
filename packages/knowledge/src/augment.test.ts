import { describe, expect, it } from 'vitest';
import { augment, checkPromptTemplate } from './augment.js';
import { createKnowledge } from './create-knowledge.js';
import { createMemoryKnowledgeStore } from './memory/memory-knowledge-store.js';
import type { ScoredRecord } from './store/knowledge-store.js';

const chunk = (documentId: string, text: string, extra: Partial<ScoredRecord> = {}): ScoredRecord => ({
  id: `${documentId}#0`,
  documentId,
  chunkIndex: 0,
  text,
  metadata: {},
  score: 1,
  ...extra,
});

describe('augment', () => {
  it('numbers context blocks and names each source by title, else source, else document id', () => {
    const { prompt, sources } = augment(
      'Can I return shoes?',
      [
        chunk('returns', 'Within 30 days.', { title: 'Returns policy', source: 'returns.md' }),
        chunk('shipping', 'Two days.', { source: 'shipping.md' }),
        chunk('faq-7', 'Ask us. {question}'),
      ],
      'Context:\n{context}\nQ: {question}',
    );
    expect(prompt).toBe(
      'Context:\n[1] Source: Returns policy\nWithin 30 days.\n\n[2] Source: shipping.md\nTwo days.\n\n' +
        '[3] Source: faq-7\nAsk us. {question}\nQ: Can I return shoes?',
    );
    expect(sources.map((source) => source.name)).toEqual(['Returns policy', 'shipping.md', 'faq-7']);
  });

  it('returns the question unchanged when nothing was retrieved', () => {
    expect(augment('Can I return shoes?', [], '{context} {question}')).toEqual({
      prompt: 'Can I return shoes?',
      sources: [],
    });
  });

  it('rejects unknown placeholders and missing ones', () => {
    expect(() => checkPromptTemplate('t', '{context} {question} {user}')).toThrow(
      /unknown placeholder "\{user\}"/,
    );
    expect(() => checkPromptTemplate('t', '{context} only')).toThrow(/lacks "\{question\}"/);
  });

  it('fails startup on a missing or malformed template', () => {
    const store = createMemoryKnowledgeStore();
    expect(() => createKnowledge({ store, template: 'support' })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONFIGURATION' }),
    );
    expect(() =>
      createKnowledge({ store, templates: { support: 'Hi {name}: {context} {question}' } }),
    ).toThrow(/unknown placeholder/);
    const knowledge = createKnowledge({
      store,
      templates: { support: 'Use {context} for {question}' },
      template: 'support',
    });
    expect(knowledge.augment('Why?', [chunk('a', 'Because.')]).prompt).toBe(
      'Use [1] Source: a\nBecause. for Why?',
    );
    expect(knowledge.augment('为什么？', [chunk('a', '因为。')], { template: 'zh-CN' }).prompt).toContain(
      '资料：\n[1] 来源：a\n因为。\n\n问题：为什么？',
    );
  });
});
