import { httpErrors } from './http-errors.js';

/** A `%` not followed by two hexadecimal digits. */
const malformedEscape = /%(?![0-9a-f]{2})/i;
const badEscape = {
  en: 'a "%" must start a percent-encoded byte such as %20',
  'zh-CN': '“%”必须开始一个百分号编码的字节，例如 %20',
};
const notUtf8 = {
  en: 'percent-encoded bytes must spell UTF-8 text (%C3%A9, not %E9)',
  'zh-CN': '百分号编码的字节必须是 UTF-8 文本（如 %C3%A9，而不是 %E9）',
};

/** Why percent-encoded text cannot be decoded (a broken escape, bytes that are not UTF-8); `undefined` when it can. */
export function malformedEscapeReason(text: string): typeof badEscape | undefined {
  if (malformedEscape.test(text)) return badEscape;
  try {
    decodeURIComponent(text);
    return undefined;
  } catch {
    return notUtf8;
  }
}

/**
 * Refuses a request target whose query string has a name or value that cannot be decoded, with
 * `MALFORMED_QUERY` naming the parameter: the router would hand it over undecoded, `%41` beside `%ff` included.
 * Only a query with a `%` in it is looked at.
 */
export function checkQueryEncoding(url: string): void {
  const start = url.indexOf('?');
  if (start === -1 || url.indexOf('%', start) === -1) return;
  for (const pair of url.slice(start + 1).split('&')) {
    if (!pair.includes('%')) continue;
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const reason =
      malformedEscapeReason(name) ??
      (equals === -1 ? undefined : malformedEscapeReason(pair.slice(equals + 1)));
    if (reason === undefined) continue;
    const field =
      malformedEscapeReason(name) === undefined ? decodeURIComponent(name.replace(/\+/g, ' ')) : name;
    throw httpErrors.MALFORMED_QUERY({ field: field.slice(0, 200), params: { reason } });
  }
}
