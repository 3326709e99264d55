import { StandInError, unsupported } from './stand-in-error.js';
import { matchesQdrantFilter, type StandInPoint } from './stand-in-filter.js';

type Json = Record<string, unknown>;

/** A collection's vector settings, as created. */
export interface StandInVectors {
  readonly dense: ReadonlyMap<string, { readonly size: number; readonly distance: string }>;
  readonly sparse: ReadonlyMap<string, { readonly modifier: 'none' | 'idf' }>;
}

/** One scored point of a search. */
export interface StandInHit {
  readonly point: StandInPoint;
  readonly score: number;
}

/** Qdrant's order of point ids: numbers before UUIDs, UUIDs by their bytes. */
export const compareIds = (left: string | number, right: string | number): number => {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'number') return -1;
  if (typeof right === 'number') return 1;
  return left < right ? -1 : left > right ? 1 : 0;
};

const norm = (vector: ArrayLike<number>) => {
  let sum = 0;
  for (let index = 0; index < vector.length; index++) sum += vector[index]! * vector[index]!;
  return Math.sqrt(sum);
};

/** Stores a dense vector as Qdrant does: float32, and unit length for cosine. */
export function storedDense(values: readonly number[], distance: string): Float32Array {
  const length = distance === 'Cosine' ? norm(values) : 1;
  return Float32Array.from(values, (value) => (length === 0 ? value : value / length));
}

// Higher is better for cosine and dot; Euclid and Manhattan are distances, lower is better.
const scoreDense = (distance: string, query: Float32Array, stored: Float32Array): number => {
  let total = 0;
  for (let index = 0; index < query.length; index++) {
    const left = query[index]!;
    const right = stored[index]!;
    if (distance === 'Euclid') total += (left - right) ** 2;
    else if (distance === 'Manhattan') total += Math.abs(left - right);
    else total += left * right;
  }
  return distance === 'Euclid' ? Math.sqrt(total) : total;
};

const better = (distance: string) => (distance === 'Euclid' || distance === 'Manhattan' ? 1 : -1);

const sortHits = (hits: StandInHit[], direction: number) =>
  hits.sort(
    (left, right) => direction * (left.score - right.score) || compareIds(left.point.id, right.point.id),
  );

/** A search of one vector name, within the points the filter passes, best `limit` first. */
export interface NearestSearch {
  readonly points: readonly StandInPoint[];
  readonly vectors: StandInVectors;
  readonly using: string;
  readonly query: unknown;
  readonly filter?: Json | null;
  readonly limit: number;
  readonly scoreThreshold?: number | null;
  /** `params.idf`: `global` or `{ corpus: <filter> }`, the population of the IDF statistics. */
  readonly idf?: unknown;
}

/** Nearest points by a dense vector, or by a sparse vector (dot product, IDF-weighted when configured). */
export function searchNearest(search: NearestSearch): StandInHit[] {
  const query = search.query as Json | number[];
  const candidates = search.points.filter((point) => matchesQdrantFilter(point, search.filter));
  let hits: StandInHit[];
  let direction = -1;
  if (Array.isArray(query)) {
    const settings = search.vectors.dense.get(search.using);
    if (!settings)
      throw new StandInError(400, `Wrong input: Not existing vector name error: ${search.using}`);
    if (query.length !== settings.size) {
      throw new StandInError(
        400,
        `Wrong input: Vector dimension error: expected dim: ${settings.size}, got ${query.length}`,
      );
    }
    const stored = storedDense(query, settings.distance);
    direction = better(settings.distance);
    hits = candidates.flatMap((point) => {
      const vector = point.dense.get(search.using);
      return vector ? [{ point, score: scoreDense(settings.distance, stored, vector) }] : [];
    });
  } else if (query && Array.isArray(query.indices)) {
    hits = searchSparse(search, candidates, query.indices as number[], query.values as number[]);
  } else throw unsupported(`the query ${JSON.stringify(query).slice(0, 80)}`);
  const threshold = search.scoreThreshold;
  if (threshold != null)
    hits = hits.filter((hit) => (direction < 0 ? hit.score > threshold : hit.score < threshold));
  return sortHits(hits, direction).slice(0, search.limit);
}

function searchSparse(
  search: NearestSearch,
  candidates: readonly StandInPoint[],
  indices: readonly number[],
  values: readonly number[],
): StandInHit[] {
  const settings = search.vectors.sparse.get(search.using);
  if (!settings) throw new StandInError(400, `Wrong input: Not existing vector name error: ${search.using}`);
  const weights = [...values];
  if (settings.modifier === 'idf') {
    // Qdrant's `fancy_idf`: ln((n - df + 0.5) / (df + 0.5) + 1), n the points with this sparse vector.
    const idf = search.idf as Json | string | null | undefined;
    const corpusFilter = idf && typeof idf === 'object' ? (idf.corpus as Json) : undefined;
    const corpus = search.points.filter(
      (point) => point.sparse.has(search.using) && matchesQdrantFilter(point, corpusFilter),
    );
    indices.forEach((index, position) => {
      const df = corpus.filter((point) => point.sparse.get(search.using)!.has(index)).length;
      weights[position] = weights[position]! * Math.log((corpus.length - df + 0.5) / (df + 0.5) + 1);
    });
  }
  return candidates.flatMap((point) => {
    const vector = point.sparse.get(search.using);
    if (!vector) return [];
    let score = 0;
    let overlaps = false;
    indices.forEach((index, position) => {
      const value = vector.get(index);
      if (value === undefined) return;
      overlaps = true;
      score += weights[position]! * value;
    });
    return overlaps ? [{ point, score }] : [];
  });
}

/** Qdrant's reciprocal rank fusion: `1 / ((position + 1) / weight + k - 1)` summed per point; ties by id. */
export function fuseReciprocalRanks(
  lists: ReadonlyArray<readonly StandInHit[]>,
  options: { readonly k: number; readonly weights?: readonly number[] | null; readonly limit: number },
): StandInHit[] {
  if (options.weights && options.weights.length !== lists.length) {
    throw new StandInError(
      400,
      `Wrong input: Number of weights in RRF should match number of pre-fetches: got ${options.weights.length}, expected ${lists.length}`,
    );
  }
  const fused = new Map<string | number, { point: StandInPoint; score: number }>();
  lists.forEach((list, source) => {
    const weight = options.weights?.[source] ?? 1;
    list.forEach((hit, position) => {
      const score = weight <= 0 ? 0 : 1 / ((position + 1) / weight + options.k - 1);
      const entry = fused.get(hit.point.id) ?? { point: hit.point, score: 0 };
      entry.score += score;
      fused.set(hit.point.id, entry);
    });
  });
  return sortHits([...fused.values()], -1).slice(0, options.limit);
}
