import { countTokens, countTokensUpTo, type TokenSpan, tokenSpans } from '../analysis/count-tokens.js';
import { isBlank } from './is-blank.js';
import { isHeadingsOnly, type Span, splitSections, splitSpan } from './split-spans.js';
import { finishSteps, type Steps } from './steps.js';

/** Settings for structure-aware chunking; sizes are in tokens (see `countTokens`). */
export interface StructuredChunkOptions {
  readonly maxTokens: number;
}

const paragraphBoundary = /\n[ \t]*\n\s*/;
// Latin sentence ends need following space; Chinese ones (。！？；) do not; closing quotes and brackets (straight
// ones too, as in `。"`) stay with the sentence.
const sentenceBoundary = /[.!?]+["'”’)\]]*\s+|[。！？；]+[」』”’）》〉】〕］｝"')\]]*\s*|\n/;

// Marks that end a sentence, or close a quote or bracket: they belong to the text before them.
const closingMark = /^[\p{Pe}\p{Pf}。！？；.!?;…]$/u;
const closesAfterMark = (text: string, token: TokenSpan): boolean =>
  closingMark.test(text.slice(token.start, token.end)) ||
  // A straight quote closes only after such a mark (`。"`); elsewhere it may open the next sentence.
  (/^["']$/.test(text.slice(token.start, token.end)) && closingMark.test(text[token.start - 1] ?? ''));

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
// Wide enough for any emoji sequence (a ZWJ family, a flag, a keycap) around a cut.
const graphemeWindow = 64;

/** The grapheme boundary at or before `cut` (after it when that would reach `start`): never inside an emoji or a base and its marks. */
function graphemeBoundary(text: string, start: number, cut: number): number {
  const from = Math.max(start, cut - graphemeWindow);
  const cluster = graphemes.segment(text.slice(from, cut + graphemeWindow)).containing(cut - from);
  if (!cluster || from + cluster.index === cut) return cut;
  const before = from + cluster.index;
  return before > start ? before : before + cluster.segment.length;
}

/**
 * The token index to cut at, at or before `index` (the `maxTokens`-th after `first`): a mark closing a sentence or a
 * quote goes with the word before it, so the cut moves back before that word; when that would leave the chunk
 * empty (a limit of a token or two), it stays, so no chunk is over the limit.
 */
function cutIndex(text: string, tokens: readonly TokenSpan[], first: number, index: number): number {
  if (!closesAfterMark(text, tokens[index]!)) return index;
  let back = index;
  while (back > first && closesAfterMark(text, tokens[back - 1]!)) back--;
  return back - 1 > first ? back - 1 : index;
}

const cutByTokens = (text: string, span: Span, maxTokens: number): Span[] => {
  const tokens = tokenSpans(text.slice(span.start, span.end));
  const inSpan = text.slice(span.start, span.end);
  const pieces: Span[] = [];
  let start = span.start;
  let first = 0;
  for (let index = maxTokens; index < tokens.length; index = first + maxTokens) {
    const at = cutIndex(inSpan, tokens, first, index);
    if (at >= tokens.length) break;
    const cut = graphemeBoundary(text, start, span.start + tokens[at]!.start);
    if (cut >= span.end) break;
    pieces.push({ start, end: cut });
    start = cut;
    // The next piece counts from the first token ending past the cut (a grapheme boundary may move it off `at`).
    first = at;
    while (first > 0 && span.start + tokens[first - 1]!.end > cut) first--;
    while (first < tokens.length && span.start + tokens[first]!.end <= cut) first++;
  }
  pieces.push({ start, end: span.end });
  return pieces;
};

type Counted = Span & { tokens: number };

const levels = [
  (text: string, span: Span): Steps<Span[]> => splitSpan(text, span, paragraphBoundary),
  (text: string, span: Span): Steps<Span[]> => splitSpan(text, span, sentenceBoundary),
];

/**
 * Adds the leaves of a span to `out`: the span itself when it fits in `maxTokens`, else the leaves of its pieces
 * (paragraphs, then sentences, then tokens), a step after each piece.
 */
function* leaves(text: string, span: Span, level: number, maxTokens: number, out: Counted[]): Steps<void> {
  const fitting = fits(text, span, maxTokens);
  if (fitting) out.push(fitting);
  else yield* splitLeaves(text, span, level, maxTokens, out);
}

function* splitLeaves(
  text: string,
  span: Span,
  level: number,
  maxTokens: number,
  out: Counted[],
): Steps<void> {
  const split = levels[level];
  const pieces = split ? yield* split(text, span) : cutByTokens(text, span, maxTokens);
  if (split && pieces.length === 1) return yield* splitLeaves(text, span, level + 1, maxTokens, out);
  // One grapheme of several tokens (a ZWJ family at a limit of one token) is not cut: over the limit, kept whole.
  if (pieces.length === 1) return void out.push(counted(text, span.start, span.end));
  for (const piece of pieces) {
    const fitting = fits(text, piece, maxTokens);
    if (fitting) out.push(fitting);
    else yield* splitLeaves(text, piece, split ? level + 1 : level, maxTokens, out);
    yield;
  }
}

/** A span with its token count when it fits in `maxTokens`; counting stops just past the limit, whatever its length. */
function fits(text: string, span: Span, maxTokens: number): Counted | undefined {
  const tokens = countTokensUpTo(text.slice(span.start, span.end), maxTokens);
  return tokens <= maxTokens ? { start: span.start, end: span.end, tokens } : undefined;
}

const counted = (text: string, start: number, end: number): Counted => ({
  start,
  end,
  tokens: countTokens(text.slice(start, end)),
});

/** Cuts the start of `piece` that fits in `budget` tokens (paragraphs, then sentences, then tokens) from the rest. */
function cutHead(text: string, piece: Span, budget: number): [Counted, Counted] {
  const parts: Counted[] = [];
  finishSteps(leaves(text, piece, 0, budget, parts));
  let end = piece.start;
  let tokens = 0;
  for (const part of parts) {
    if (tokens + part.tokens > budget) break;
    end = part.end;
    tokens += part.tokens;
  }
  return [counted(text, piece.start, end), counted(text, end, piece.end)];
}

/**
 * Packs the leaves of one section into `chunks`, each of at most `maxTokens`; a heading takes what follows it
 * along. A step each leaf.
 */
function* pack(text: string, pieces: readonly Counted[], maxTokens: number, chunks: string[]): Steps<void> {
  let current: Counted | undefined;
  const flush = () => {
    const chunk = current && text.slice(current.start, current.end).trim();
    if (chunk && !isBlank(chunk)) chunks.push(chunk);
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
    yield;
  }
  flush();
}

/**
 * Splits text at Markdown headings, then paragraphs, then sentences (`.!?` and `。！？`), then tokens, and
 * packs neighbouring pieces of one section into chunks of at most `maxTokens`; blank chunks (`isBlank`) are dropped. A
 * heading is carried with the text under it, never a chunk alone (unless the text holds nothing else, or the
 * heading alone fills `maxTokens`).
 */
export function chunkStructured(text: string, options: StructuredChunkOptions): string[] {
  return finishSteps(chunkStructuredInSteps(text, options));
}

/**
 * `chunkStructured` one piece at a time (internal): it yields after each piece it splits off and each it packs,
 * so an ingest can give the event loop a turn while it chunks a large document.
 */
export function chunkStructuredInSteps(text: string, options: StructuredChunkOptions): Steps<string[]> {
  const maxTokens = Math.floor(options.maxTokens);
  if (!Number.isFinite(maxTokens) || maxTokens < 1) {
    throw new RangeError(`maxTokens must be at least 1, got ${options.maxTokens}.`);
  }
  return chunkSections(text, maxTokens);
}

function* chunkSections(text: string, maxTokens: number): Steps<string[]> {
  const normalized = text.replace(/\r\n?/g, '\n');
  const chunks: string[] = [];
  for (const section of yield* splitSections(normalized, { start: 0, end: normalized.length })) {
    const pieces: Counted[] = [];
    yield* leaves(normalized, section, 0, maxTokens, pieces);
    yield* pack(normalized, pieces, maxTokens, chunks);
  }
  return chunks;
}
