import { StandInError, unsupported } from './stand-in-error.js';
import { matchesQdrantFilter, type StandInPoint } from './stand-in-filter.js';
import { createKeywordIndexes } from './stand-in-keyword-indexes.js';
import {
  compareIds,
  fuseReciprocalRanks,
  type StandInHit,
  type StandInVectors,
  searchNearest,
  storedDense,
} from './stand-in-scoring.js';

type Json = Record<string, unknown>;

/** One collection of the stand-in: its settings, points and payload indexes, and the operations on them. */
export interface StandInCollection {
  readonly vectors: StandInVectors;
  /** `GET /collections/{name}`: a `CollectionInfo`. */
  info(): Json;
  createIndex(body: Json): Json;
  upsert(body: Json): Json;
  setPayload(body: Json): Json;
  deletePoints(body: Json): Json;
  scroll(body: Json): Json;
  query(body: Json): Json;
}

const listOf = <T>(value: T | T[] | null | undefined): T[] =>
  value == null ? [] : Array.isArray(value) ? value : [value];

const normalizeId = (id: unknown): string | number =>
  typeof id === 'string' ? id.toLowerCase() : (id as number);

// Qdrant's default dense name is the empty string; named vectors come as an object.
function readVectors(body: Json): StandInVectors {
  const dense = new Map<string, { size: number; distance: string }>();
  const vectors = body.vectors as Json | undefined;
  if (vectors && typeof vectors.size === 'number') dense.set('', vectors as never);
  else for (const [name, params] of Object.entries(vectors ?? {})) dense.set(name, params as never);
  const sparse = new Map<string, { modifier: 'none' | 'idf' }>();
  for (const [name, params] of Object.entries((body.sparse_vectors as Json | undefined) ?? {})) {
    sparse.set(name, { modifier: ((params as Json | null)?.modifier as 'idf' | null) ?? 'none' });
  }
  return { dense, sparse };
}

const selectPayload = (payload: Json, selector: unknown): Json | null => {
  if (selector === undefined || selector === null || selector === false) return null;
  if (selector === true) return payload;
  if (Array.isArray(selector))
    return Object.fromEntries(selector.filter((key) => key in payload).map((key) => [key, payload[key]]));
  throw unsupported('payload selectors other than true, false or a list of keys');
};

/** Creates an empty collection from a `CreateCollection` body. */
export function createStandInCollection(created: Json): StandInCollection {
  const vectors = readVectors(created);
  const points = new Map<string | number, StandInPoint>();
  const payloadSchema: Record<string, Json> = {};
  const indexes = createKeywordIndexes(points);
  let operation = 0;
  const { candidates } = indexes;
  const done = () => ({ operation_id: operation++, status: 'completed' });
  const selected = (body: Json): StandInPoint[] => {
    if (Array.isArray(body.points)) {
      return body.points.flatMap((id) => points.get(normalizeId(id)) ?? []);
    }
    if (body.filter)
      return [...points.values()].filter((point) => matchesQdrantFilter(point, body.filter as Json));
    throw new StandInError(400, 'Wrong input: either points or filter is required');
  };
  const toPoint = (raw: Json): StandInPoint => {
    const vector = raw.vector as Json | number[];
    const named = Array.isArray(vector) ? { '': vector } : vector;
    const dense = new Map<string, Float32Array>();
    const sparse = new Map<string, Map<number, number>>();
    for (const [name, value] of Object.entries(named)) {
      const denseSettings = vectors.dense.get(name);
      if (Array.isArray(value) && denseSettings) {
        if (value.length !== denseSettings.size) {
          throw new StandInError(
            400,
            `Wrong input: Vector dimension error: expected dim: ${denseSettings.size}, got ${value.length}`,
          );
        }
        dense.set(name, storedDense(value as number[], denseSettings.distance));
      } else if (value && typeof value === 'object' && !Array.isArray(value) && vectors.sparse.has(name)) {
        // Unique indices, one value each: checked with the rest of Qdrant's validation, before any point is read.
        const { indices, values } = value as { indices: number[]; values: number[] };
        sparse.set(name, new Map(indices.map((index, position) => [index, values[position]!])));
      } else throw new StandInError(400, `Wrong input: Not existing vector name error: ${name}`);
    }
    return {
      id: normalizeId(raw.id),
      dense,
      sparse,
      payload: { ...((raw.payload as Json) ?? {}) },
      version: operation,
    };
  };

  const prefetchHits = (prefetch: Json, outerFilter: Json | null | undefined): StandInHit[] => {
    if (prefetch.prefetch != null) throw unsupported('nested prefetches');
    const filter =
      outerFilter && prefetch.filter
        ? { must: [outerFilter, prefetch.filter] }
        : (prefetch.filter ?? outerFilter);
    const query = prefetch.query as Json | number[];
    return searchNearest({
      points: [...points.values()],
      vectors,
      using: (prefetch.using as string | null) ?? '',
      query: !Array.isArray(query) && query && 'nearest' in query ? query.nearest : query,
      filter: filter as Json | null,
      limit: (prefetch.limit as number | null) ?? 10,
      scoreThreshold: prefetch.score_threshold as number | null,
      idf: (prefetch.params as Json | null)?.idf,
    });
  };

  return {
    vectors,
    info: () => ({
      status: 'green',
      optimizer_status: 'ok',
      segments_count: 1,
      points_count: points.size,
      indexed_vectors_count: 0,
      config: {
        params: {
          vectors: vectors.dense.has('') ? vectors.dense.get('') : Object.fromEntries(vectors.dense),
          shard_number: 1,
          replication_factor: 1,
          write_consistency_factor: 1,
          on_disk_payload: true,
          sparse_vectors: Object.fromEntries(vectors.sparse),
        },
        hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10_000 },
        optimizer_config: { default_segment_number: 0, flush_interval_sec: 5 },
        wal_config: { wal_capacity_mb: 32, wal_segments_ahead: 0 },
      },
      payload_schema: payloadSchema,
    }),
    createIndex(body) {
      const schema = body.field_schema as Json | string;
      const type = typeof schema === 'string' ? schema : (schema?.type as string);
      if (type === 'keyword') indexes.add(body.field_name as string);
      payloadSchema[body.field_name as string] = {
        data_type: type,
        ...(typeof schema === 'object' && schema ? { params: schema } : {}),
        points: points.size,
      };
      return done();
    },
    upsert(body) {
      if (!Array.isArray(body.points)) throw unsupported('batch upserts');
      // Checked whole first: Qdrant rejects a batch with one bad point without writing any.
      const incoming = (body.points as Json[]).map(toPoint);
      for (const point of incoming) indexes.store(point);
      return done();
    },
    setPayload(body) {
      if (body.key != null) throw unsupported('set_payload with a key');
      for (const point of selected(body)) {
        indexes.update(point, () => {
          point.payload = { ...point.payload, ...(body.payload as Json) };
          point.version = operation;
        });
      }
      return done();
    },
    deletePoints(body) {
      for (const point of selected(body)) indexes.drop(point);
      return done();
    },
    scroll(body) {
      if (body.order_by != null) throw unsupported('scroll with order_by');
      const limit = (body.limit as number | null) ?? 10;
      const offset = body.offset == null ? undefined : normalizeId(body.offset);
      const matching = candidates(body.filter as Json | null)
        .filter((point) => matchesQdrantFilter(point, body.filter as Json | null))
        .filter((point) => offset === undefined || compareIds(point.id, offset) >= 0)
        .sort((left, right) => compareIds(left.id, right.id));
      const page = matching.slice(0, limit);
      return {
        points: page.map((point) => ({
          id: point.id,
          payload: selectPayload(point.payload, body.with_payload ?? true),
        })),
        next_page_offset: matching[limit]?.id ?? null,
      };
    },
    query(body) {
      if (body.with_vector) throw unsupported('returning vectors');
      const limit = (body.limit as number | null) ?? 10;
      const offset = (body.offset as number | null) ?? 0;
      const prefetches = listOf(body.prefetch as Json | Json[] | null);
      let hits: StandInHit[];
      const query = body.query as Json | null;
      if (prefetches.length > 0) {
        const lists = prefetches.map((prefetch) => prefetchHits(prefetch, body.filter as Json | null));
        if (query && (query.fusion === 'rrf' || 'rrf' in query)) {
          const rrf = (query.rrf as Json | undefined) ?? {};
          hits = fuseReciprocalRanks(lists, {
            k: (rrf.k as number | null) ?? 2,
            weights: rrf.weights as number[] | null,
            limit: limit + offset,
          });
        } else throw unsupported('queries over prefetches other than RRF fusion');
      } else {
        hits = prefetchHits({ ...body, limit: limit + offset }, undefined);
      }
      return {
        points: hits.slice(offset).map((hit) => ({
          id: hit.point.id,
          version: hit.point.version,
          score: hit.score,
          payload: selectPayload(hit.point.payload, body.with_payload ?? false),
        })),
      };
    },
  };
}
