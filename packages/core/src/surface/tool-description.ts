import type { AnyErrorEntry } from '../errors/define-errors.js';
import type { Locale } from '../errors/locale.js';
import { localizeText } from '../errors/locale.js';
import type { AnyOperation } from '../operation.js';

// Each language's own punctuation: Chinese ends a sentence with "。", puts no space between sentences and
// writes a full-width colon.
const labels = {
  en: {
    errors: 'May fail with',
    approval: 'Runs only after the user approves it.',
    stop: '.',
    space: ' ',
    colon: ': ',
  },
  'zh-CN': {
    errors: '可能返回的错误码',
    approval: '需要用户批准后才会执行。',
    stop: '。',
    space: '',
    colon: '：',
  },
} as const;

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
    .map((part) => (/[.。!?！？]$/.test(part) ? part : `${part}${label.stop}`));
  if (parts.length === 0) parts.push(`${operation.id}${label.stop}`);
  if (options.requiresApproval) parts.push(label.approval);
  const codes = [...new Set((options.errors ?? operation.errors).map((entry: AnyErrorEntry) => entry.code))];
  if (codes.length > 0) parts.push(`${label.errors}${label.colon}${codes.join(', ')}${label.stop}`);
  return parts.join(label.space);
}
