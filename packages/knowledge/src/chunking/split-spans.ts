import type { Steps } from './steps.js';

/** A half-open range `[start, end)` of a text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Matches a step holds at most: the boundaries of a 900,000-character text are found in several steps. */
const matchesPerStep = 512;

/** Cuts a span of `text` after every match of `boundary`, so the pieces cover the span exactly. */
export function* splitSpan(text: string, span: Span, boundary: RegExp): Steps<Span[]> {
  const pieces: Span[] = [];
  let start = span.start;
  const pattern = new RegExp(
    boundary.source,
    boundary.flags.includes('g') ? boundary.flags : `${boundary.flags}g`,
  );
  let matches = 0;
  for (const match of text.slice(span.start, span.end).matchAll(pattern)) {
    const cut = span.start + match.index + match[0].length;
    if (cut > start && cut < span.end) {
      pieces.push({ start, end: cut });
      start = cut;
    }
    if (++matches % matchesPerStep === 0) yield;
  }
  pieces.push({ start, end: span.end });
  return pieces;
}

const headingsOnly = /^(?:[ \t]*\n|#{1,6}[ \t][^\n]*(?:\n|$))*[ \t]*$/;

/** Whether a text holds nothing but Markdown heading lines and blank lines. */
export function isHeadingsOnly(text: string): boolean {
  return headingsOnly.test(text);
}

/** A heading's start, or a line that may open or close a fenced code block: its fence and the rest of the line. */
export const headingOrFence = /^#{1,6}[ \t]|^ {0,3}(`{3,}|~{3,})([^\n]*)/gm;

/** Whether a fence line opens a code block (CommonMark): after backticks, a line holding another is inline code. */
const opensFence = (fence: string, rest: string): boolean => fence[0] !== '`' || !rest.includes('`');

/** Whether a fence line closes the block `open` opened: the same character, at least as many, nothing after. */
const closesFence = (open: string, fence: string, rest: string): boolean =>
  fence[0] === open[0] && fence.length >= open.length && /^[ \t]*$/.test(rest);

/** The fence left open after a fence line: the one it opens, none when it closes `open`, else `open`. */
export function fenceAfter(open: string | undefined, fence: string, rest: string): string | undefined {
  if (open === undefined) return opensFence(fence, rest) ? fence : undefined;
  return closesFence(open, fence, rest) ? undefined : open;
}

/**
 * Cuts a span before every line that starts a Markdown heading, outside fenced code blocks (a `# comment` line in
 * a ```sh block is code; a fence never closed runs to the end). A heading with no text under it stays with the
 * next section (`# FAQ` with its first question), or, at the end, with the section before.
 */
export function* splitSections(text: string, span: Span): Steps<Span[]> {
  const pieces: Span[] = [];
  let start = span.start;
  let matches = 0;
  let open: string | undefined;
  for (const match of text.slice(span.start, span.end).matchAll(headingOrFence)) {
    const [, fence, rest = ''] = match;
    const cut = span.start + match.index;
    if (fence !== undefined) open = fenceAfter(open, fence, rest);
    else if (open === undefined && cut > start && !isHeadingsOnly(text.slice(start, cut))) {
      pieces.push({ start, end: cut });
      start = cut;
    }
    if (++matches % matchesPerStep === 0) yield;
  }
  const previous = pieces.at(-1);
  if (previous && isHeadingsOnly(text.slice(start, span.end)))
    pieces[pieces.length - 1] = { ...previous, end: span.end };
  else pieces.push({ start, end: span.end });
  return pieces;
}
