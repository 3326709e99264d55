import { Ajv, type ValidateFunction } from 'ajv';
import qdrantOpenApi from './__fixtures__/qdrant-openapi.json' with { type: 'json' };
import type { OpenApiDocument, OpenApiOperation } from './openapi-subset.js';

/** Checks requests and answers against Qdrant's OpenAPI document; each check returns its problems. */
export interface OpenApiValidator {
  /** Problems of a request: unknown query parameters, parameter values and the JSON body. */
  checkRequest(operation: string, query: Readonly<Record<string, string>>, body: unknown): readonly string[];
  /** Problems of an answer's JSON body for its status. */
  checkResponse(operation: string, status: number, body: unknown): readonly string[];
}

const documentId = 'qdrant-openapi.json';

// Whole numbers within the Rust type's range; 2 ** 63 and 2 ** 64 are exact doubles, so the bounds are exact.
const unsigned = (bits: number) => (value: number) =>
  Number.isInteger(value) && value >= 0 && value < 2 ** bits;
const signed = (bits: number) => (value: number) =>
  Number.isInteger(value) && value >= -(2 ** (bits - 1)) && value < 2 ** (bits - 1);
const numberFormats: Record<string, (value: number) => boolean> = {
  uint: unsigned(64),
  uint64: unsigned(64),
  uint32: unsigned(32),
  uint16: unsigned(16),
  uint8: unsigned(8),
  int64: signed(64),
  float: Number.isFinite,
  double: Number.isFinite,
};
const uuid = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

// OpenAPI 3.0's `nullable` becomes JSON Schema's `null` type, and every object schema that lists its properties
// is closed: a misspelt request field fails here as it would against Qdrant's own parser, and an answer field the
// stand-in makes up (one Qdrant's document does not name) fails too.
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => toJsonSchema(item));
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const converted: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(rest)) {
    converted[key] =
      key === 'properties' && inner && typeof inner === 'object'
        ? Object.fromEntries(Object.entries(inner).map(([name, schema]) => [name, toJsonSchema(schema)]))
        : key === 'example' || key === 'default'
          ? inner
          : toJsonSchema(inner);
  }
  if (typeof converted.$ref === 'string') converted.$ref = converted.$ref.replace(/^#\//, `${documentId}#/`);
  if (converted.properties && converted.additionalProperties === undefined) {
    converted.additionalProperties = false;
  }
  if (nullable !== true) return converted;
  const meaningful = Object.keys(converted).filter(
    (key) => !['description', 'default', 'example', 'deprecated'].includes(key),
  );
  return meaningful.length === 0 ? { type: 'null' } : { anyOf: [converted, { type: 'null' }] };
}

function createAjv(document: OpenApiDocument): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  for (const [name, test] of Object.entries(numberFormats))
    ajv.addFormat(name, { type: 'number', validate: test });
  ajv.addFormat('uuid', uuid);
  for (const name of ['date-time', 'partial-date-time', 'uri']) ajv.addFormat(name, () => true);
  ajv.addSchema({ $id: documentId, components: toJsonSchema(document.components) as object });
  return ajv;
}

const coerce = (text: string): unknown => {
  if (text === 'true' || text === 'false') return text === 'true';
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
};

/** Loads the stored subset of Qdrant's OpenAPI document (server 1.19) and compiles its schemas. */
export function createOpenApiValidator(): OpenApiValidator {
  // Imported as JSON, so the build carries it to dist/ beside this module.
  const document = qdrantOpenApi as unknown as OpenApiDocument;
  const ajv = createAjv(document);
  const compiled = new Map<string, ValidateFunction>();
  const compile = (key: string, schema: unknown) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema) as object);
      compiled.set(key, validate);
    }
    return validate;
  };
  const operationOf = (operation: string): OpenApiOperation => {
    const [method, path] = operation.split(' ') as [string, string];
    const found = document.paths[path]?.[method];
    if (!found) throw new Error(`the stand-in serves no ${operation}`);
    return found;
  };
  const problems = (validate: ValidateFunction, value: unknown, where: string): string[] =>
    validate(value)
      ? []
      : (validate.errors ?? []).map(
          (error) => `${where}${error.instancePath} ${error.message ?? 'is invalid'}`,
        );

  return {
    checkRequest(operation, query, body) {
      const spec = operationOf(operation);
      const found: string[] = [];
      const declared = new Map(
        (spec.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p]),
      );
      for (const [name, text] of Object.entries(query)) {
        const parameter = declared.get(name);
        if (!parameter) found.push(`query parameter "${name}" is not in Qdrant's API`);
        else if (parameter.schema !== undefined) {
          const validate = compile(`request ${operation} ?${name}`, parameter.schema);
          found.push(...problems(validate, coerce(text), `query ${name}`));
        }
      }
      const schema = spec.requestBody?.content['application/json']?.schema;
      if (schema === undefined) {
        if (body !== undefined) found.push('the operation takes no body');
      } else if (body === undefined) found.push('the operation needs a JSON body');
      else found.push(...problems(compile(`request ${operation}`, schema), body, 'body'));
      return found;
    },
    checkResponse(operation, status, body) {
      const spec = operationOf(operation);
      const key = String(status);
      const answer = spec.responses[key] ?? spec.responses[`${key[0]}XX`] ?? spec.responses.default;
      const schema = answer?.content?.['application/json']?.schema;
      if (schema === undefined) return [`Qdrant's API has no ${status} answer for ${operation}`];
      return problems(compile(`response ${operation} ${key}`, schema), body, 'answer');
    },
  };
}
