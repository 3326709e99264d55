import { createOpwire } from '@opwire/core';
import { describe, expectTypeOf, it } from 'vitest';
import { createHttpServer } from './create-http-server.js';
import type { HttpOptions } from './http-options.js';

// This package compiles with exactOptionalPropertyTypes, as a project `tsc --init` made does: there an optional
// field refuses an explicit `undefined` unless its type names it, and an app passing what it read from its
// configuration (`string | undefined`) would not compile.

/** Every optional field of `T` given as `undefined`. */
type OptionalAsUndefined<T> = { [K in keyof T as {} extends Pick<T, K> ? K : never]-?: undefined };

describe('HTTP options an app fills from its configuration take an explicit undefined', () => {
  it('every field of HttpOptions: bodyLimit, timeoutMs, prefix, logger and the rest', () => {
    expectTypeOf<OptionalAsUndefined<HttpOptions>>().toExtend<HttpOptions>();
    const limit = process.env.BODY_LIMIT;
    createHttpServer(createOpwire({ operations: [] }), {
      bodyLimit: limit ? Number(limit) : undefined,
      timeoutMs: undefined,
      logger: undefined,
    });
  });
});
