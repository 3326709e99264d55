import { expect } from 'vitest';
import type { ScoredRecord } from '../store/knowledge-store.js';

/**
 * How closely an adapter keeps one scoring case of the conformance suite:
 * - `exact`: the same chunks in the same order with the exact scores (the default);
 * - `rank-equivalent`: the same chunks, ordered as the exact scores order them (ties in any order); its own
 *   scores may differ;
 * - `same-top-documents`: the same chunks, in any order, with any scores;
 * - `own-tie-cut`: which of several chunks of equal score survive the `top` cut is the store's choice; the
 *   survivors still come back in record-id order;
 * - `skip`: the case does not apply; the reason is shown in the test name.
 */
export type CasePromise =
  | { readonly kind: 'exact' }
  | {
      readonly kind: 'rank-equivalent' | 'same-top-documents' | 'own-tie-cut' | 'skip';
      readonly reason: string;
    };

/** The scoring cases an adapter may weaken, each with the promise it keeps instead of `exact`. */
export interface CasePromises {
  /** Okapi BM25 scores (Lucene's idf) over the tenant's scope. */
  readonly 'lexical-bm25'?: CasePromise;
  /** `searchHybrid` fuses the store's own dense and lexical lists as `fuseRanks` does. */
  readonly 'hybrid-fusion'?: CasePromise;
  /** Of chunks with equal scores, those first by record id (code-point order) survive the `top` cut. */
  readonly 'tie-cut'?: CasePromise;
}

/** A chunk id and the score the exact computation gives it. */
export interface ExpectedHit {
  readonly id: string;
  readonly score: number;
}

/** The suffix a case's test name carries: the promise kept, and why it is weaker than exact. */
export function promiseLabel(promise: CasePromise): string {
  if (promise.kind === 'exact') return '[exact]';
  if (promise.kind === 'skip') return `[skipped: ${promise.reason}]`;
  return `[promise: ${promise.kind}, because ${promise.reason}]`;
}

/** Asserts `actual` against the exact hits, as strictly as the promise says. */
export function expectPromisedHits(
  promise: CasePromise,
  actual: readonly ScoredRecord[],
  expected: readonly ExpectedHit[],
): void {
  const ids = actual.map((hit) => hit.id);
  if (promise.kind === 'same-top-documents') {
    expect([...ids].sort()).toEqual(expected.map((hit) => hit.id).sort());
    return;
  }
  if (promise.kind === 'exact') {
    expect(ids).toEqual(expected.map((hit) => hit.id));
    actual.forEach((hit, index) => {
      expect(hit.score).toBeCloseTo(expected[index]!.score, 4);
    });
    return;
  }
  expect([...ids].sort()).toEqual(expected.map((hit) => hit.id).sort());
  const exactScore = new Map(expected.map((hit) => [hit.id, hit.score]));
  for (let index = 1; index < ids.length; index++) {
    // Never ranked above a chunk the exact scores put strictly higher (a float32 store may blur exact ties).
    expect(exactScore.get(ids[index - 1]!)! + 1e-6).toBeGreaterThanOrEqual(exactScore.get(ids[index]!)!);
  }
}
