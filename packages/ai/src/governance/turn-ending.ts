import { coreErrors } from '@opwire/core';
import type { StoredTurnEnding } from './conversation-store.js';

const outcomes: ReadonlySet<string> = new Set(['completed', 'failed', 'stopped']);

/**
 * A turn ending as a store keeps it: its outcome and, when given, its code (at most 100 characters). An
 * unknown outcome, or a code that is not such a string, fails with `INVALID_FORMAT` on `ending`.
 */
export function checkTurnEnding(ending: StoredTurnEnding): StoredTurnEnding {
  const { outcome, code } = ending;
  if (
    !outcomes.has(outcome) ||
    (code !== undefined && (typeof code !== 'string' || code === '' || code.length > 100))
  ) {
    throw coreErrors.INVALID_FORMAT({
      field: 'ending',
      params: {
        expected: {
          en: 'an outcome of completed, failed or stopped, with a code of 1 to 100 characters or none',
          'zh-CN': 'completed、failed 或 stopped 之一的结果，代码为 1 到 100 个字符或不填',
        },
      },
    });
  }
  return code === undefined ? { outcome } : { outcome, code };
}
