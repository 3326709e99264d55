import type { PageLocale } from './page-config.js';
import { localeNames, sharedTexts } from './shared-text.js';

/** The pages' language switch (the console's header has Mantine's own): a labelled `select` of the page locales. */
export function LanguageSelect({
  locale,
  className,
  onChange,
}: {
  readonly locale: PageLocale;
  readonly className: string;
  readonly onChange: (locale: PageLocale) => void;
}) {
  return (
    <label className={className}>
      <span>{sharedTexts[locale].language}</span>
      <select value={locale} onChange={(event) => onChange(event.target.value as PageLocale)}>
        {(Object.keys(localeNames) as PageLocale[]).map((each) => (
          <option key={each} value={each}>
            {localeNames[each]}
          </option>
        ))}
      </select>
    </label>
  );
}
