import { unsupported } from './stand-in-error.js';
import { parsePayloadPath } from './stand-in-json-path.js';

/** A point as the stand-in keeps it. */
export interface StandInPoint {
  readonly id: string | number;
  readonly dense: ReadonlyMap<string, Float32Array>;
  readonly sparse: ReadonlyMap<string, ReadonlyMap<number, number>>;
  payload: Record<string, unknown>;
  version: number;
}

type Json = Record<string, unknown>;

const listOf = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/**
 * The values at a payload path (`a.b`, `a[].b`, `metadata."a.b"`), arrays flattened, as Qdrant's filters read
 * them; a path Qdrant would not parse is refused with its 400.
 */
export function valuesAt(payload: Json, key: string): unknown[] {
  if (/^[A-Za-z0-9_-]+$/.test(key)) return listOf(payload[key]);
  let values: unknown[] = [payload];
  for (const name of parsePayloadPath(key)) {
    values = values.flatMap((value) =>
      value && typeof value === 'object' && !Array.isArray(value) ? listOf((value as Json)[name]) : [],
    );
  }
  return values.flatMap((value) => (Array.isArray(value) ? value : [value]));
}

const sameId = (left: unknown, right: unknown) =>
  typeof left === 'string' && typeof right === 'string'
    ? left.toLowerCase() === right.toLowerCase()
    : left === right;

function matchesField(point: StandInPoint, condition: Json): boolean {
  const key = condition.key as string;
  const values = valuesAt(point.payload, key);
  const match = condition.match as Json | null | undefined;
  const range = condition.range as Json | null | undefined;
  for (const other of ['geo_bounding_box', 'geo_radius', 'geo_polygon', 'values_count']) {
    if (condition[other] != null) throw unsupported(`the "${other}" condition`);
  }
  if (condition.is_empty != null || condition.is_null != null)
    throw unsupported('is_empty/is_null inside a field');
  let passed = match != null || range != null;
  if (match) {
    if ('value' in match) passed &&= values.some((value) => value === match.value);
    else if ('any' in match) passed &&= values.some((value) => (match.any as unknown[]).includes(value));
    else if ('except' in match)
      passed &&= values.some((value) => !(match.except as unknown[]).includes(value));
    else throw unsupported(`the match ${Object.keys(match).join(', ')}`);
  }
  if (range) {
    const inRange = (value: unknown) =>
      typeof value === 'number' &&
      (range.lt == null || value < (range.lt as number)) &&
      (range.gt == null || value > (range.gt as number)) &&
      (range.lte == null || value <= (range.lte as number)) &&
      (range.gte == null || value >= (range.gte as number));
    passed &&= values.some(inRange);
  }
  return passed;
}

function matchesCondition(point: StandInPoint, condition: Json): boolean {
  if ('has_id' in condition) return (condition.has_id as unknown[]).some((id) => sameId(id, point.id));
  if ('is_empty' in condition) {
    const values = valuesAt(point.payload, (condition.is_empty as Json).key as string);
    return values.length === 0 || values.every((value) => value === null);
  }
  if ('is_null' in condition) {
    return valuesAt(point.payload, (condition.is_null as Json).key as string).some((value) => value === null);
  }
  if ('has_vector' in condition) {
    const name = condition.has_vector as string;
    return point.dense.has(name) || point.sparse.has(name);
  }
  if ('nested' in condition) throw unsupported('nested conditions');
  if ('key' in condition) return matchesField(point, condition);
  return matchesQdrantFilter(point, condition);
}

/** Whether a point passes a Qdrant filter: every `must`, one `should` if any, no `must_not`, `min_should`. */
export function matchesQdrantFilter(point: StandInPoint, filter: Json | null | undefined): boolean {
  if (!filter) return true;
  const must = listOf(filter.must) as Json[];
  const should = listOf(filter.should) as Json[];
  const mustNot = listOf(filter.must_not) as Json[];
  if (!must.every((condition) => matchesCondition(point, condition))) return false;
  if (should.length > 0 && !should.some((condition) => matchesCondition(point, condition))) return false;
  if (mustNot.some((condition) => matchesCondition(point, condition))) return false;
  const minimum = filter.min_should as { conditions: Json[]; min_count: number } | null | undefined;
  if (minimum) {
    const passed = minimum.conditions.filter((condition) => matchesCondition(point, condition)).length;
    if (passed < minimum.min_count) return false;
  }
  return true;
}
