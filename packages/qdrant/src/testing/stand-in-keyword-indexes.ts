import type { StandInPoint } from './stand-in-filter.js';

type Json = Record<string, unknown>;

/**
 * A collection's points with its keyword payload indexes, as Qdrant keeps them (value → point ids), so a
 * filter that requires one value of an indexed field reads only those points.
 */
export function createKeywordIndexes(points: Map<string | number, StandInPoint>) {
  const indexes = new Map<string, Map<unknown, Set<string | number>>>();
  const indexPoint = (point: StandInPoint, add: boolean) => {
    for (const [field, index] of indexes) {
      const value = point.payload[field];
      if (typeof value !== 'string') continue;
      const ids = index.get(value) ?? new Set();
      if (add) index.set(value, ids.add(point.id));
      else ids.delete(point.id);
    }
  };
  return {
    /** Starts indexing a keyword field, existing points included. */
    add(field: string) {
      if (indexes.has(field)) return;
      indexes.set(field, new Map());
      for (const point of points.values()) indexPoint(point, true);
    },
    /** Stores a point, replacing the one with its id. */
    store(point: StandInPoint) {
      const previous = points.get(point.id);
      if (previous) indexPoint(previous, false);
      points.set(point.id, point);
      indexPoint(point, true);
    },
    /** Changes a stored point's payload and keeps the indexes in step. */
    update(point: StandInPoint, change: () => void) {
      indexPoint(point, false);
      change();
      indexPoint(point, true);
    },
    drop(point: StandInPoint) {
      indexPoint(point, false);
      points.delete(point.id);
    },
    /** The points a filter can match: those of the rarest indexed value its `must` requires, else all. */
    candidates(filter: Json | null | undefined): StandInPoint[] {
      const must = filter
        ? Array.isArray(filter.must)
          ? filter.must
          : filter.must
            ? [filter.must]
            : []
        : [];
      let fewest: Set<string | number> | undefined;
      for (const condition of must as Json[]) {
        const index = indexes.get(condition.key as string);
        const match = condition.match as Json | undefined;
        if (!index || !match || typeof match.value !== 'string') continue;
        const ids = index.get(match.value) ?? new Set();
        if (!fewest || ids.size < fewest.size) fewest = ids;
      }
      return fewest ? [...fewest].map((id) => points.get(id)!) : [...points.values()];
    },
  };
}
