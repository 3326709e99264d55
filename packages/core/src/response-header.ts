/** A header name: an RFC 9110 token (section 5.6.2). */
const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Whether a text is a header name (an RFC 9110 token), such as a request header a middleware reads. */
export function isHeaderName(name: string): boolean {
  return tokenPattern.test(name);
}

/**
 * A field value (RFC 9110, section 5.5): visible ASCII with spaces and tabs inside. No control character (CR and
 * LF would split the header), no space or tab at either end (the fetch handler's `Headers` would trim it, the
 * node server send it), and no character past ASCII: RFC 9110 leaves such octets (obs-text) opaque, and a
 * JavaScript string has no bytes, so each server would pick its own encoding. Text beyond ASCII is sent
 * percent-encoded (`encodeURIComponent`, or RFC 8187's `UTF-8''caf%C3%A9` in a parameter).
 */
const valuePattern = /^(?:[\x21-\x7e](?:[\t\x20-\x7e]*[\x21-\x7e])?)?$/;

/**
 * Headers the HTTP surface writes itself: the body's type, length and framing, the connection, the request id.
 * Setting one would contradict the answer (or send it twice), so it is refused.
 */
const ownedHeaders: ReadonlySet<string> = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'keep-alive',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'x-request-id',
]);

/**
 * Refuses, with a `TypeError` naming it, a response header name that is not an HTTP token or that the surface
 * writes itself; `where` says who named it (`middleware "limit"`).
 */
export function checkResponseHeaderName(name: string, where: string): void {
  if (!tokenPattern.test(name)) {
    throw new TypeError(
      `${where}: response header name ${JSON.stringify(name)} is not an HTTP token (letters, digits and !#$%&'*+-.^_\`|~).`,
    );
  }
  if (ownedHeaders.has(name.toLowerCase())) {
    throw new TypeError(
      `${where}: response header "${name}" is written by the surface itself and cannot be set.`,
    );
  }
}

/** Refuses, with a `TypeError`, a response header whose name or value no server could send as given. */
export function checkResponseHeader(name: string, value: string, where: string): void {
  checkResponseHeaderName(name, where);
  if (typeof value !== 'string' || !valuePattern.test(value)) {
    throw new TypeError(
      `${where}: the value of response header "${name}" must be visible ASCII, spaces and tabs only inside (RFC 9110).`,
    );
  }
}
