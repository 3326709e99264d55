import type { RequestHeaders } from '../context.js';
import { type Locale, resolveLocale } from '../errors/locale.js';

const namesSupportedLanguage = /(?:^|[\s,])(?:en|zh)(?:[-;,\s]|$)/i;

/** The locale an `Accept-Language` header asks for, or `undefined` when it names none we have (`*`). */
export function requestedLocale(headers: RequestHeaders): Locale | undefined {
  const accept = headers['accept-language'];
  return accept && namesSupportedLanguage.test(accept) ? resolveLocale(accept) : undefined;
}
