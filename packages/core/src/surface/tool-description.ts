import type { AnyErrorEntry } from '../errors/define-errors.js';
import type { Locale } from '../errors/locale.js';
import { localizeText } from '../errors/locale.js';
import type { AnyOperation } from '../operation.js';

// Each language's own punctuation: Chinese ends a sentence with "。" and writes a full-width colon.
const labels = {
  en: { errors: 'May fail with', approval: 'Runs only after the user approves it.', stop: '.', colon: ': ' },
  'zh-CN': { errors: '可能返回的错误码', approval: '需要用户批准后才会执行。', stop: '。', colon: '：' },
} as const;

// A sentence is punctuated in its own script, not the locale's: an app's English summary read in Chinese ends
// with ".", then a space; after a full-width stop no space follows.
const endsInCjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const endsInFullWidth = /[\u3000-\u303f\uff00-\uffef]$/;

/** What a tool's description adds to its operation's own words. */
export interface ToolDescriptionOptions {
  /** The codes the call may fail with (the operation's and its middleware's: `app.errorsOf(operation)`). */
  readonly errors?: readonly AnyErrorEntry[];
  /** Whether a model's call waits for the user's approval. */
  readonly requiresApproval?: boolean;
}

/** The description a model reads: summary, description, approval note and the error codes it may return. */
export function describeOperationTool(
  operation: AnyOperation,
  locale: Locale,
  options: ToolDescriptionOptions = {},
): string {
  const label = labels[locale] ?? labels.en;
  const parts = [localizeText(operation.summary, locale), localizeText(operation.description, locale)]
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .map(endSentence);
  if (parts.length === 0) parts.push(endSentence(operation.id));
  if (options.requiresApproval) parts.push(label.approval);
  const codes = [...new Set((options.errors ?? operation.errors).map((entry: AnyErrorEntry) => entry.code))];
  if (codes.length > 0) parts.push(`${label.errors}${label.colon}${codes.join(', ')}${label.stop}`);
  return parts.reduce((text, part) => `${text}${endsInFullWidth.test(text) ? '' : ' '}${part}`);
}

/** A sentence ended with the full stop of its own script, unless it ends in one already. */
function endSentence(text: string): string {
  if (/[.。!?！？]$/.test(text)) return text;
  return `${text}${endsInCjk.test(text) ? '。' : '.'}`;
}
