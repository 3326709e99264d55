import { countTokens, tokenSpans } from '../analysis/count-tokens.js';
import { type Span, splitSections, splitSpan } from './split-spans.js';

/** Settings for structure-aware chunking; sizes are in tokens (see `countTokens`). */
export interface StructuredChunkOptions {
  readonly maxTokens: number;
}

const paragraphBoundary = /\n[ \t]*\n\s*/;
// Latin sentence ends need following space; Chinese ones (。！？；) do not; closing quotes stay with the sentence.
const sentenceBoundary = /[.!?]+["'”’)\]]*\s+|[。！？；]+[」』”’）]*\s*|\n/;

const cutByTokens = (text: string, span: Span, maxTokens: number): Span[] => {
  const tokens = tokenSpans(text.slice(span.start, span.end));
  const pieces: Span[] = [];
  let start = span.start;
  for (let index = maxTokens; index < tokens.length; index += maxTokens) {
    const cut = span.start + tokens[index]!.start;
    pieces.push({ start, end: cut });
    start = cut;
  }
  pieces.push({ start, end: span.end });
  return pieces;
};

const levels = [
  (text: string, span: Span) => splitSpan(text, span, paragraphBoundary),
  (text: string, span: Span) => splitSpan(text, span, sentenceBoundary),
];

function leaves(
  text: string,
  span: Span,
  level: number,
  maxTokens: number,
  out: Array<Span & { tokens: number }>,
) {
  const tokens = countTokens(text.slice(span.start, span.end));
  if (tokens <= maxTokens) {
    out.push({ ...span, tokens });
    return;
  }
  const split = levels[level];
  const pieces = split ? split(text, span) : cutByTokens(text, span, maxTokens);
  if (split && pieces.length === 1) return leaves(text, span, level + 1, maxTokens, out);
  for (const piece of pieces) leaves(text, piece, split ? level + 1 : level, maxTokens, out);
}

/**
 * Splits text at Markdown headings, then paragraphs, then sentences (`.!?` and `。！？`), then tokens, and
 * packs neighbouring pieces of one section into chunks of at most `maxTokens`; blank chunks are dropped.
 */
export function chunkStructured(text: string, options: StructuredChunkOptions): string[] {
  const maxTokens = Math.floor(options.maxTokens);
  if (!Number.isFinite(maxTokens) || maxTokens < 1) {
    throw new RangeError(`maxTokens must be at least 1, got ${options.maxTokens}.`);
  }
  const normalized = text.replace(/\r\n?/g, '\n');
  const chunks: string[] = [];
  for (const section of splitSections(normalized, { start: 0, end: normalized.length })) {
    const pieces: Array<Span & { tokens: number }> = [];
    leaves(normalized, section, 0, maxTokens, pieces);
    let current: (Span & { tokens: number }) | undefined;
    const flush = () => {
      const chunk = current && normalized.slice(current.start, current.end).trim();
      if (chunk) chunks.push(chunk);
    };
    for (const piece of pieces) {
      if (current && current.tokens + piece.tokens <= maxTokens) {
        current = { start: current.start, end: piece.end, tokens: current.tokens + piece.tokens };
      } else {
        flush();
        current = piece;
      }
    }
    flush();
  }
  return chunks;
}
