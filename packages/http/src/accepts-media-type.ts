/**
 * Whether an `Accept` header allows a media type (`type/subtype`, lower case): no header (or an empty one) allows
 * anything; otherwise the most specific range that matches it (`type/subtype`, `type/*`, `*\/*`) decides, and
 * allows it unless its weight is `q=0` (RFC 9110, section 12.5.1).
 */
export function acceptsMediaType(accept: string | undefined, mediaType: string): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  const [type] = mediaType.split('/');
  let best = -1;
  let weight = 0;
  for (const range of accept.split(',')) {
    const [name = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const specificity = name === mediaType ? 2 : name === `${type}/*` ? 1 : name === '*/*' ? 0 : -1;
    if (specificity <= best) continue;
    best = specificity;
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter));
    weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
  }
  return best >= 0 && weight > 0;
}
