/** A locale Opwire has messages for. */
export type Locale = 'en' | 'zh-CN';

/** Text in each supported locale, or one string (English unless a group says otherwise). */
export type LocalizedText = string | { readonly en?: string; readonly 'zh-CN'?: string };

/** Resolves localized text for a locale, falling back to English, then to any text there is. */
export function localizeText(text: LocalizedText | undefined, locale: Locale): string | undefined {
  if (text === undefined || typeof text === 'string') return text;
  return text[locale] ?? text.en ?? text['zh-CN'];
}

/** The locales Opwire ships messages in, the first being the default. */
export const supportedLocales: readonly Locale[] = ['en', 'zh-CN'];

/** Picks the supported locale that best matches an `Accept-Language` style list, defaulting to `en`. */
export function resolveLocale(preference: string | undefined | null): Locale {
  if (!preference) return 'en';
  const ranked = preference
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.find((parameter) => parameter.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), quality: q ? Number(q.trim().slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag.length > 0 && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
  }
  return 'en';
}
