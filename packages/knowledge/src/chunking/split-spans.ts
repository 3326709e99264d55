/** A half-open range `[start, end)` of a text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Cuts a span of `text` after every match of `boundary`, so the pieces cover the span exactly. */
export function splitSpan(text: string, span: Span, boundary: RegExp): Span[] {
  const pieces: Span[] = [];
  let start = span.start;
  const pattern = new RegExp(
    boundary.source,
    boundary.flags.includes('g') ? boundary.flags : `${boundary.flags}g`,
  );
  for (const match of text.slice(span.start, span.end).matchAll(pattern)) {
    const cut = span.start + match.index + match[0].length;
    if (cut > start && cut < span.end) {
      pieces.push({ start, end: cut });
      start = cut;
    }
  }
  pieces.push({ start, end: span.end });
  return pieces;
}

/** Cuts a span before every line that starts a Markdown heading. */
export function splitSections(text: string, span: Span): Span[] {
  const pieces: Span[] = [];
  let start = span.start;
  for (const match of text.slice(span.start, span.end).matchAll(/^#{1,6}[ \t]/gm)) {
    const cut = span.start + match.index;
    if (cut > start) {
      pieces.push({ start, end: cut });
      start = cut;
    }
  }
  pieces.push({ start, end: span.end });
  return pieces;
}
