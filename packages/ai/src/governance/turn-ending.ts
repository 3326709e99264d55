import { coreErrors } from '@opwire/core';
import type { StoredSource, StoredTurnEnding } from './conversation-store.js';

const outcomes: ReadonlySet<string> = new Set(['completed', 'failed', 'stopped']);

/** At most this many sources are kept with a turn (a context hook's passages are a handful). */
const maxSources = 1000;

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value !== '' && value.length <= max;

const isSource = (source: unknown): source is StoredSource => {
  if (typeof source !== 'object' || source === null) return false;
  const { sourceId, title, url } = source as Record<string, unknown>;
  return (
    isText(sourceId, 1000) &&
    typeof title === 'string' &&
    title.length <= 10_000 &&
    (url === undefined || isText(url, 10_000))
  );
};

/**
 * The sources a store keeps (see `checkTurnEnding`): a chat turn stores these and leaves out any other its
 * `context` hook gave, so an odd source never costs the turn its messages.
 */
export function storableSources(sources: readonly StoredSource[]): StoredSource[] {
  return sources.filter(isSource).slice(0, maxSources);
}

/**
 * A turn ending as a store keeps it: its outcome and, when given, its code (at most 100 characters) and its
 * sources (each with a `sourceId` of 1 to 1,000 characters, a `title` of at most 10,000 and a `url` of 1 to
 * 10,000 when given; at most 1,000 of them; none kept as absent). Anything else fails with `INVALID_FORMAT` on
 * `ending`.
 */
export function checkTurnEnding(ending: StoredTurnEnding): StoredTurnEnding {
  const { outcome, code, sources } = ending;
  if (
    !outcomes.has(outcome) ||
    (code !== undefined && !isText(code, 100)) ||
    (sources !== undefined &&
      (!Array.isArray(sources) || sources.length > maxSources || !sources.every(isSource)))
  ) {
    throw coreErrors.INVALID_FORMAT({
      field: 'ending',
      params: {
        expected: {
          en: 'an outcome of completed, failed or stopped, with a code of 1 to 100 characters or none, and sources (at most 1,000, each a sourceId, a title and an optional url) or none',
          'zh-CN':
            'completed、failed 或 stopped 之一的结果，代码为 1 到 100 个字符或不填，来源（至多 1,000 条，每条含 sourceId、title 及可选的 url）或不填',
        },
      },
    });
  }
  const kept = sources?.map(({ sourceId, title, url }) =>
    url === undefined ? { sourceId, title } : { sourceId, title, url },
  );
  return {
    outcome,
    ...(code === undefined ? {} : { code }),
    ...(kept === undefined || kept.length === 0 ? {} : { sources: kept }),
  };
}
