import { type AnyOperation, type Locale, localizeText } from '@opwire/core';
import { requiresApproval } from './requires-approval.js';

const labels = {
  en: { errors: 'May fail with', approval: 'Runs only after the user approves it.' },
  'zh-CN': { errors: '可能返回的错误码', approval: '需要用户批准后才会执行。' },
} as const;

/** The description a model reads: summary, description, approval note and the error codes it may return. */
export function describeOperationTool(operation: AnyOperation, locale: Locale): string {
  const label = labels[locale] ?? labels.en;
  const parts = [localizeText(operation.summary, locale), localizeText(operation.description, locale)]
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .map((part) => (/[.。!?！？]$/.test(part) ? part : `${part}.`));
  if (parts.length === 0) parts.push(`${operation.id}.`);
  if (requiresApproval(operation)) parts.push(label.approval);
  if (operation.errors.length > 0) parts.push(`${label.errors}: ${operation.errors.join(', ')}.`);
  return parts.join(' ');
}
