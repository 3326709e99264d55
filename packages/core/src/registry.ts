import { Compile } from 'typebox/compile';
import { coreErrors } from './errors/core-errors.js';
import { isErrorEntry } from './errors/error-registry.js';
import { type AnyOperation, type Exposure, isOperationId } from './operation.js';
import { schemaProblem } from './validation/schema-problem.js';

/** The operations an app serves, checked once at startup. */
export interface Registry {
  readonly operations: readonly AnyOperation[];
  get(id: string): AnyOperation | undefined;
  /**
   * Operations served on a surface; `internal` ones are never offered to `ai` or `mcp`, nor streaming
   * ones (a tool call answers once).
   */
  exposedTo(surface: Exposure): AnyOperation[];
}

const surfaces: readonly Exposure[] = ['http', 'ai', 'mcp'];
const stabilities = ['stable', 'experimental', 'internal'];

/** Builds the registry, failing fast and naming the culprit on any malformed declaration. */
export function createRegistry(operations: readonly AnyOperation[]): Registry {
  const byId = new Map<string, AnyOperation>();
  for (const [index, operation] of operations.entries()) {
    const name = typeof operation?.id === 'string' ? `"${operation.id}"` : `#${index}`;
    const fail = (reason: string): never => {
      throw coreErrors.INVALID_CONFIGURATION({ params: { reason: `operation ${name}: ${reason}` } });
    };
    if (!operation || typeof operation !== 'object') fail('is not an operation');
    if (!isOperationId(operation.id))
      fail('id must look like "resource.verb" (lower camel or kebab segments)');
    if (byId.has(operation.id)) fail('id is declared twice');
    if (typeof operation.handle !== 'function') fail('has no handle function');
    checkSchema(operation.request, 'request', fail);
    checkSchema(operation.response, 'response', fail);
    if ((operation.request as { type?: unknown }).type !== 'object') fail('request schema must be an object');
    for (const surface of operation.expose) {
      if (!surfaces.includes(surface)) fail(`unknown surface "${surface}" in expose`);
    }
    if (!stabilities.includes(operation.stability)) fail(`unknown stability "${operation.stability}"`);
    if (operation.permission !== undefined && !/^\S+$/.test(operation.permission)) {
      fail('permission must be a non-empty name without spaces');
    }
    for (const entry of operation.errors) {
      if (!isErrorEntry(entry))
        fail(`declares an error that is not a catalogue entry (${JSON.stringify(entry)})`);
    }
    for (const layer of operation.use) {
      if (typeof layer?.run !== 'function' || typeof layer.name !== 'string')
        fail('uses a middleware not made by defineMiddleware');
    }
    if (operation.stream && (operation.expose.includes('ai') || operation.expose.includes('mcp'))) {
      fail('is a stream: it can be exposed to http only (a tool call answers once)');
    }
    byId.set(operation.id, operation);
  }
  const list = [...byId.values()];
  return {
    operations: list,
    get: (id) => byId.get(id),
    exposedTo: (surface) =>
      list.filter(
        (operation) =>
          operation.expose.includes(surface) &&
          (surface === 'http' || (operation.stability !== 'internal' && !operation.stream)),
      ),
  };
}

function checkSchema(schema: unknown, which: string, fail: (reason: string) => never): void {
  if (typeof schema !== 'object' || schema === null) fail(`${which} schema is missing`);
  const problem = schemaProblem(schema);
  if (problem) fail(`${which} schema is invalid at ${problem}`);
  try {
    Compile(schema as never);
  } catch (error) {
    fail(`${which} schema is invalid: ${error instanceof Error ? error.message : String(error)}`);
  }
}
