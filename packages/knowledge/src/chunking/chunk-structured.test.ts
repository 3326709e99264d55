import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../analysis/count-tokens.js';
import { chunkStructured, chunkStructuredInSteps } from './chunk-structured.js';

describe('chunkStructured', () => {
  it('starts a new chunk at every heading and packs paragraphs under the limit', () => {
    const text =
      '# Returns\n\nReturn within 30 days.\n\nKeep the receipt.\n\n## Shipping\n\nShips in 2 days.';
    expect(chunkStructured(text, { maxTokens: 50 })).toEqual([
      '# Returns\n\nReturn within 30 days.\n\nKeep the receipt.',
      '## Shipping\n\nShips in 2 days.',
    ]);
  });

  it('carries a heading with no text under it into the next section, never a chunk alone', () => {
    const text =
      '# Cancellation FAQ\n\n## Can I cancel?\n\nYes, before it ships.\n\n## Shipped?\n\nRefuse it.';
    expect(chunkStructured(text, { maxTokens: 50 })).toEqual([
      '# Cancellation FAQ\n\n## Can I cancel?\n\nYes, before it ships.',
      '## Shipped?\n\nRefuse it.',
    ]);
    expect(chunkStructured('# 取消订单常见问题\n\n## 可以取消订单吗？\n\n可以。', { maxTokens: 50 })).toEqual(
      ['# 取消订单常见问题\n\n## 可以取消订单吗？\n\n可以。'],
    );
  });

  it('gives a heading the first sentences of a paragraph too long to sit beside it whole', () => {
    // Heading 2 tokens, paragraph 9: together over 10, so the heading takes the first sentence.
    expect(
      chunkStructured('# Returns\n\nReturn within thirty days. Keep the receipt.', { maxTokens: 10 }),
    ).toEqual(['# Returns\n\nReturn within thirty days.', 'Keep the receipt.']);
  });

  it('keeps a text that is only headings as one chunk, and a last heading with the text before it', () => {
    expect(chunkStructured('# 取消订单常见问题', { maxTokens: 50 })).toEqual(['# 取消订单常见问题']);
    expect(chunkStructured('# FAQ\n\n## Soon\n', { maxTokens: 50 })).toEqual(['# FAQ\n\n## Soon']);
    expect(chunkStructured('# FAQ\n\nAsk us.\n\n## More soon', { maxTokens: 50 })).toEqual([
      '# FAQ\n\nAsk us.\n\n## More soon',
    ]);
  });

  it('reads a # line inside a fenced code block as code, not a heading', () => {
    const install =
      '# Installing the widget\n\nRun these commands in a terminal:\n\n```sh\n# install the dependencies\npnpm install\n' +
      '# start the server on port 3000\npnpm start\n```\n\nThen open the browser.';
    expect(chunkStructured(install, { maxTokens: 256 })).toEqual([install]);
    const fits = (text: string) => expect(chunkStructured(text, { maxTokens: 100 })).toEqual([text]);
    fits('# Setup\n\n~~~bash\n# a comment\nrun it\n~~~\n\nDone.');
    // Closed only by a fence of the same character at least as long, with nothing after it.
    fits('# Setup\n\n````\n```\n# inner\n```\n````\n\nDone.');
    fits('# Setup\n\n```\n~~~\n# inner\n```sh\n# still code\n```\n\nDone.');
    fits('# Setup\n\n   ~~~~ text\n# inner\n~~~\n# still code\n  ~~~~~  \n\nDone.');
    // A fence never closed runs to the end of the document.
    fits('# Setup\n\nRun:\n\n```\n# install\npnpm install\n\n# start\npnpm start');
    // After the fence closes, and beside backticks that open no fence, headings cut again.
    expect(chunkStructured('# Setup\n\n```\n# inner\n```\n\n## Next\n\nMore.', { maxTokens: 100 })).toEqual([
      '# Setup\n\n```\n# inner\n```',
      '## Next\n\nMore.',
    ]);
    expect(chunkStructured('# Setup\n\n```inline``` code.\n\n## Next\n\nMore.', { maxTokens: 100 })).toEqual([
      '# Setup\n\n```inline``` code.',
      '## Next\n\nMore.',
    ]);
    expect(chunkStructured('# Setup\n\n    ```\n\n## Next\n\nMore.', { maxTokens: 100 })).toEqual([
      '# Setup\n\n    ```',
      '## Next\n\nMore.',
    ]);
  });

  it('splits long paragraphs at sentences, including Chinese 。！？', () => {
    const chunks = chunkStructured('收到商品七天内可以退货。运费由买家承担！有问题吗？', { maxTokens: 12 });
    expect(chunks).toEqual(['收到商品七天内可以退货。', '运费由买家承担！', '有问题吗？']);
  });

  it('falls back to token cuts when one sentence is over the limit', () => {
    const chunks = chunkStructured('one two three four five six seven', { maxTokens: 3 });
    expect(chunks).toEqual(['one two three', 'four five six', 'seven']);
  });

  it('cuts a run with no spaces (base64, Thai) into chunks of at most 16 characters a token', () => {
    const blob = 'QUJD'.repeat(25_000);
    const chunks = chunkStructured(blob, { maxTokens: 256 });
    expect(chunks.length).toBe(Math.ceil(blob.length / (256 * 16)));
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(256 * 16);
    expect(chunks.join('')).toBe(blob);
    const thai = 'การจัดส่งสินค้าไปยังพื้นที่ห่างไกล'.repeat(100);
    expect(chunkStructured(thai, { maxTokens: 10 }).length).toBeGreaterThan(1);
  });

  it('chunks a large document in steps of at most one piece each, to the same chunks', () => {
    // Headings, paragraphs, Chinese sentences, a sentence over the limit and a run with no space: every level.
    const section = (index: number) =>
      `## 第${index}节\n\n${'退货政策规定三十天内可以退货。'.repeat(3)}\n\n${'word '.repeat(80)}\n\n${'x'.repeat(300)}`;
    const text = Array.from({ length: 200 }, (_, index) => section(index)).join('\n\n');
    const steps = chunkStructuredInSteps(text, { maxTokens: 32 });
    let count = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) count++;
    const chunks = chunkStructured(text, { maxTokens: 32 });
    expect(step.value).toEqual(chunks);
    // A step after each piece split off and each piece packed: never a whole section, let alone the document.
    expect(chunks.length).toBeGreaterThan(800);
    expect(count).toBeGreaterThan(2 * chunks.length);
  });

  it('returns no chunks for blank text', () => {
    expect(chunkStructured(' \n\n \r\n', { maxTokens: 10 })).toEqual([]);
  });

  it('never makes a chunk over the limit and keeps every word', () => {
    const word = fc.constantFrom(
      'alpha',
      'beta',
      '退货',
      '政策',
      '。',
      '.',
      '!',
      '\n',
      '\n\n',
      '# ',
      ' ',
      '？',
      'x1',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 200 }), fc.integer({ min: 1, max: 30 }), (words, maxTokens) => {
        const text = words.join(' ');
        const chunks = chunkStructured(text, { maxTokens });
        for (const chunk of chunks) expect(countTokens(chunk)).toBeLessThanOrEqual(maxTokens);
        const squeeze = (value: string) => value.replace(/\s+/g, '');
        expect(squeeze(chunks.join(''))).toBe(squeeze(text));
      }),
    );
  });

  it('never leaves a heading alone while text follows it, and keeps every word', () => {
    const word = fc.constantFrom('alpha', 'beta', '退货', '政策', '。', '.', 'x1');
    const heading = fc
      .tuple(fc.integer({ min: 1, max: 3 }), fc.array(word, { minLength: 1, maxLength: 3 }))
      .map(([level, words]) => `${'#'.repeat(level)} ${words.join(' ')}`);
    const paragraph = fc.array(word, { minLength: 1, maxLength: 40 }).map((words) => words.join(' '));
    const section = fc.tuple(heading, fc.array(paragraph, { minLength: 1, maxLength: 3 }));
    // Like a document: a title with nothing under it may open it, and a heading with nothing under it may end it.
    const bare = fc.option(
      heading.map((title): [string, string[]] => [title, []]),
      { nil: undefined },
    );
    const document = fc
      .tuple(bare, fc.array(section, { minLength: 1, maxLength: 5 }), bare)
      .map(([first, middle, last]) => [...(first ? [first] : []), ...middle, ...(last ? [last] : [])]);
    const headingsOnly = (chunk: string) =>
      chunk.split('\n').every((line) => line === '' || /^#{1,3} /.test(line));
    fc.assert(
      // A heading is at most 9 tokens (### and three words of up to two), two stacked 18: from 19 on text fits beside.
      fc.property(document, fc.integer({ min: 19, max: 60 }), (sections, maxTokens) => {
        const text = sections.map(([title, paragraphs]) => [title, ...paragraphs].join('\n\n')).join('\n\n');
        const chunks = chunkStructured(text, { maxTokens });
        for (const chunk of chunks) expect(countTokens(chunk)).toBeLessThanOrEqual(maxTokens);
        expect(chunks.slice(0, -1).filter(headingsOnly)).toEqual([]);
        // The last chunk is headings alone only when the text ends in a heading with nothing under it.
        if (headingsOnly(chunks.at(-1)!)) expect(sections.at(-1)![1]).toEqual([]);
        const squeeze = (value: string) => value.replace(/\s+/g, '');
        expect(squeeze(chunks.join(''))).toBe(squeeze(text));
      }),
    );
  });

  it("keeps a sentence's final mark and closing quotes with the text before them when it cuts by tokens", () => {
    const han = '这是一个很长的没有标点的中文句子用来测试分块器的行为'.repeat(20).slice(0, 256);
    const cut = chunkStructured(`${han}。`, { maxTokens: 256 });
    expect(cut.map((chunk) => chunk.length)).toEqual([255, 2]);
    expect(cut[1]).toBe('块。');
    expect(chunkStructured('退货需要保持商品完好？', { maxTokens: 5 })).toEqual([
      '退货需要保',
      '持商品完',
      '好？',
    ]);
    // Closing marks past 」』”’） stay with their sentence too: a straight quote after 。, 》.
    const quoted = chunkStructured(
      '客服说："商品七天内可以退货。"顾客回答："好的，我明白了，谢谢你的耐心解释。"',
      {
        maxTokens: 20,
      },
    );
    expect(quoted[0]).toBe('客服说："商品七天内可以退货。"');
    expect(quoted.some((chunk) => /^["》]/.test(chunk))).toBe(false);
    expect(
      chunkStructured('请阅读《退货政策。》顾客回答：好的，我明白了，谢谢你的耐心解释。', {
        maxTokens: 20,
      })[0],
    ).toBe('请阅读《退货政策。》');
    // At a limit of one token there is no word to move back: the limit holds, and the mark is a chunk alone.
    expect(chunkStructured('好？', { maxTokens: 1 })).toEqual(['好', '？']);
  });

  it('cuts on grapheme boundaries, never inside a flag, a skin tone, a variation or a ZWJ sequence', () => {
    for (const emoji of ['🇨🇳', '👍🏽', '❤️', '👨‍👩‍👧']) {
      const chunks = chunkStructured(`${'字'.repeat(255)}${emoji}好好`, { maxTokens: 256 });
      expect(chunks, emoji).toEqual(['字'.repeat(255), `${emoji}好好`]);
    }
    expect(chunkStructured('🇨🇳🇨🇳🇨🇳', { maxTokens: 1 })).toEqual(['🇨🇳', '🇨🇳', '🇨🇳']);
  });
});
