import { StandInError } from './stand-in-error.js';

type Json = Record<string, unknown>;

// What makes a field condition (`{ "key": … }`) a condition: Qdrant refuses one that sets none of them.
const conditionFields = [
  'match',
  'range',
  'datetime_range',
  'geo_bounding_box',
  'geo_radius',
  'geo_polygon',
  'values_count',
  'is_empty',
  'is_null',
];

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A body Qdrant parses but its validation refuses: 422, `Validation error in JSON body: [<field>: <why>]`.
const invalid = (field: string, why: string) =>
  new StandInError(422, `Validation error in JSON body: [${field}: ${why}]`);

function checkConditions(conditions: unknown, path: string): void {
  const list = Array.isArray(conditions) ? conditions : conditions == null ? [] : [conditions];
  list.forEach((condition, index) => {
    const at = Array.isArray(conditions) ? `${path}[${index}]` : path;
    if (!isObject(condition)) return;
    if (typeof condition.key === 'string') {
      if (conditionFields.every((field) => condition[field] == null))
        throw invalid(`${at}.match`, 'At least one field condition must be specified');
    } else if (isObject(condition.nested)) checkFilter(condition.nested.filter, `${at}.nested.filter`);
    else checkFilter(condition, at);
  });
}

function checkFilter(filter: unknown, path: string): void {
  if (!isObject(filter)) return;
  for (const clause of ['must', 'should', 'must_not']) checkConditions(filter[clause], `${path}.${clause}`);
  if (isObject(filter.min_should)) {
    checkConditions(filter.min_should.conditions, `${path}.min_should.conditions`);
  }
}

function checkSparse(vector: unknown, path: string): void {
  if (!isObject(vector) || !Array.isArray(vector.indices) || !Array.isArray(vector.values)) return;
  if (vector.indices.length !== vector.values.length)
    throw invalid(`${path}.values`, 'must be the same length as indices');
  if (new Set(vector.indices).size !== vector.indices.length)
    throw invalid(`${path}.indices`, 'must be unique');
}

// A query request, or one of its prefetches: its filter, the filter of its IDF corpus, a sparse query.
function checkQuery(request: Json, path: string): void {
  checkFilter(request.filter, `${path}filter`);
  const params = isObject(request.params) ? request.params : {};
  if (isObject(params.idf)) checkFilter(params.idf.corpus, `${path}params.idf.corpus`);
  const query = isObject(request.query) && 'nearest' in request.query ? request.query.nearest : request.query;
  checkSparse(query, `${path}query`);
  const prefetches = Array.isArray(request.prefetch) ? request.prefetch : [request.prefetch];
  prefetches.forEach((prefetch, index) => {
    if (isObject(prefetch)) checkQuery(prefetch, `${path}prefetch[${index}].`);
  });
}

/**
 * Refuses, as Qdrant's validation does (422), a body that matches Qdrant's OpenAPI document but breaks a rule it
 * cannot state: a field condition without a condition (`{ "key": "a" }`), a sparse vector with an index twice or
 * values of another length, in a point or a query.
 */
export function checkQdrantValidation(operation: string, body: Json): void {
  if (operation === 'put /collections/{collection_name}/points' && Array.isArray(body.points)) {
    body.points.forEach((point: unknown, index) => {
      const vectors = isObject(point) && isObject(point.vector) ? point.vector : {};
      for (const [name, vector] of Object.entries(vectors))
        checkSparse(vector, `points[${index}].vector.${name}`);
    });
  } else checkQuery(body, '');
}
