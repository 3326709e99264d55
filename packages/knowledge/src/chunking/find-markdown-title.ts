import { fenceAfter, headingOrFence } from './split-spans.js';

/**
 * The text of a Markdown text's first level-one heading (`# Title`) that has any, found as the structured chunker
 * finds headings: a `# comment` line inside a fenced code block is code, and an empty `#` line gives no title.
 */
export function findMarkdownTitle(text: string): string | undefined {
  const normalized = text.replace(/\r\n?/g, '\n');
  let open: string | undefined;
  for (const match of normalized.matchAll(headingOrFence)) {
    const [line, fence, rest = ''] = match;
    if (fence !== undefined) open = fenceAfter(open, fence, rest);
    else if (open === undefined && line[1] !== '#') {
      const end = normalized.indexOf('\n', match.index);
      const title = normalized.slice(match.index + 1, end === -1 ? undefined : end).trim();
      if (title) return title;
    }
  }
  return undefined;
}
