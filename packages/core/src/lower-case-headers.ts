import type { RequestHeaders } from './context.js';

const upperCase = /[A-Z]/;

/**
 * Request headers given in process (`app.invoke(op, input, { headers })`) with their names in lower case, as a
 * surface hands them over and middleware reads them: `{ 'Idempotency-Key': key }` would otherwise be read as no
 * key at all. The headers themselves when every name already is; a name given twice in two spellings is refused.
 */
export function lowerCaseHeaders(headers: RequestHeaders): RequestHeaders {
  let lowered: Record<string, string | undefined> | undefined;
  for (const name in headers) {
    if (upperCase.test(name)) {
      lowered = {};
      break;
    }
  }
  if (!lowered) return headers;
  const spelled = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    const earlier = spelled.get(lower);
    if (earlier !== undefined) {
      throw new TypeError(`headers name "${lower}" twice, as "${earlier}" and "${name}": give it once`);
    }
    spelled.set(lower, name);
    lowered[lower] = value;
  }
  return lowered;
}
