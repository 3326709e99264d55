import { coreErrors, type OpwireError } from '@opwire/core';
import type { TSchema } from 'typebox';
import { compileParameterCoercer } from './coerce-parameters.js';
import { httpErrors } from './http-errors.js';

type Parameters = Readonly<Record<string, string | undefined>>;

/** Builds an operation's input from what one request carries: its body or query, and its path parameters. */
export interface InputBinder {
  /** Adds the path parameters to a parsed JSON body; a body that repeats one is `UNKNOWN_FIELD`. */
  body(body: unknown, params: Parameters): unknown;
  /** Builds the input from the query string and the path parameters, each coerced to its field's type. */
  query(query: Readonly<Record<string, string | string[]>>, params: Parameters): Record<string, unknown>;
}

/** Compiles the input binding of a route with these path parameters, for a request schema. */
export function compileInputBinder(request: TSchema, names: readonly string[]): InputBinder {
  const coerce = compileParameterCoercer(request);
  return {
    body(body, params) {
      if (names.length === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
      const input = body as Record<string, unknown>;
      for (const name of names) {
        if (Object.hasOwn(input, name)) throw fieldInPath(name);
        input[name] = coerce(name, params[name] as string);
      }
      return input;
    },
    query(query, params) {
      const input: Record<string, unknown> = {};
      for (const key in query) {
        if (key === '__proto__') {
          throw httpErrors.PROTOTYPE_POISONING({ field: `?${key}` });
        }
        if (names.includes(key)) throw fieldInPath(key);
        input[key] = coerce(key, query[key] as string | string[]);
      }
      for (const name of names) input[name] = coerce(name, params[name] as string);
      return input;
    },
  };
}

function fieldInPath(name: string): OpwireError {
  const issue = { code: 'UNKNOWN_FIELD', field: name, pointer: `/${name}` };
  return coreErrors.UNKNOWN_FIELD({ field: name, issues: [issue] });
}
