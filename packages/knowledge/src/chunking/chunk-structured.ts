import { countTokens, countTokensUpTo, tokenSpans } from '../analysis/count-tokens.js';
import { isHeadingsOnly, type Span, splitSections, splitSpan } from './split-spans.js';

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

type Counted = Span & { tokens: number };

const levels = [
  (text: string, span: Span) => splitSpan(text, span, paragraphBoundary),
  (text: string, span: Span) => splitSpan(text, span, sentenceBoundary),
];

function leaves(text: string, span: Span, level: number, maxTokens: number, out: Counted[]) {
  // A span over the limit is split whatever its length: counting stops just past the limit.
  const tokens = countTokensUpTo(text.slice(span.start, span.end), maxTokens);
  if (tokens <= maxTokens) {
    out.push({ ...span, tokens });
    return;
  }
  const split = levels[level];
  const pieces = split ? split(text, span) : cutByTokens(text, span, maxTokens);
  if (split && pieces.length === 1) return leaves(text, span, level + 1, maxTokens, out);
  for (const piece of pieces) leaves(text, piece, split ? level + 1 : level, maxTokens, out);
}

const counted = (text: string, start: number, end: number): Counted => ({
  start,
  end,
  tokens: countTokens(text.slice(start, end)),
});

/** Cuts the start of `piece` that fits in `budget` tokens (paragraphs, then sentences, then tokens) from the rest. */
function cutHead(text: string, piece: Span, budget: number): [Counted, Counted] {
  const parts: Counted[] = [];
  leaves(text, piece, 0, budget, parts);
  let end = piece.start;
  let tokens = 0;
  for (const part of parts) {
    if (tokens + part.tokens > budget) break;
    end = part.end;
    tokens += part.tokens;
  }
  return [counted(text, piece.start, end), counted(text, end, piece.end)];
}

/** Packs the leaves of one section into chunks of at most `maxTokens`; a heading takes what follows it along. */
function pack(text: string, pieces: readonly Counted[], maxTokens: number): string[] {
  const chunks: string[] = [];
  let current: Counted | undefined;
  const flush = () => {
    const chunk = current && text.slice(current.start, current.end).trim();
    if (chunk) chunks.push(chunk);
  };
  for (const piece of pieces) {
    if (current && current.tokens + piece.tokens <= maxTokens) {
      current = { start: current.start, end: piece.end, tokens: current.tokens + piece.tokens };
    } else if (
      current &&
      current.tokens < maxTokens &&
      isHeadingsOnly(text.slice(current.start, current.end))
    ) {
      // A heading is no answer on its own: it goes with as much of the next piece as fits beside it.
      const [head, rest] = cutHead(text, piece, maxTokens - current.tokens);
      current = { start: current.start, end: head.end, tokens: current.tokens + head.tokens };
      flush();
      current = rest;
    } else {
      flush();
      current = piece;
    }
  }
  flush();
  return chunks;
}

/**
 * Splits text at Markdown headings, then paragraphs, then sentences (`.!?` and `。！？`), then tokens, and
 * packs neighbouring pieces of one section into chunks of at most `maxTokens`; blank chunks are dropped. A
 * heading is carried with the text under it, never a chunk alone (unless the text holds nothing else, or the
 * heading alone fills `maxTokens`).
 */
export function chunkStructured(text: string, options: StructuredChunkOptions): string[] {
  const maxTokens = Math.floor(options.maxTokens);
  if (!Number.isFinite(maxTokens) || maxTokens < 1) {
    throw new RangeError(`maxTokens must be at least 1, got ${options.maxTokens}.`);
  }
  const normalized = text.replace(/\r\n?/g, '\n');
  return splitSections(normalized, { start: 0, end: normalized.length }).flatMap((section) => {
    const pieces: Counted[] = [];
    leaves(normalized, section, 0, maxTokens, pieces);
    return pack(normalized, pieces, maxTokens);
  });
}
