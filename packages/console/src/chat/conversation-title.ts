/**
 * A new conversation's title: the first 80 characters of its question, cut between user-perceived
 * characters (a UTF-16 cut could split an emoji's surrogate pair, which the server refuses).
 */
export function titleOf(question: string): string {
  let title = '';
  let count = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(question)) {
    if (count++ === 80) break;
    title += segment;
  }
  return title;
}
