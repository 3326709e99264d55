import { describe, expectTypeOf, it } from 'vitest';
import { createLogger, type LoggerOptions } from './create-logger.js';
import { createOpwire, type OpwireOptions } from './create-opwire.js';
import type { Logger, LogLevel } from './logger.js';

// This package compiles with exactOptionalPropertyTypes, as a project `tsc --init` made does: there an optional
// field refuses an explicit `undefined` unless its type names it, and an app passing what it read from its
// configuration (`string | undefined`) would not compile.

/** Every optional field of `T` given as `undefined`. */
type OptionalAsUndefined<T> = { [K in keyof T as {} extends Pick<T, K> ? K : never]-?: undefined };

describe('options an app fills from its configuration take an explicit undefined', () => {
  it('createLogger: level, destination and base', () => {
    expectTypeOf<OptionalAsUndefined<LoggerOptions>>().toExtend<LoggerOptions>();
    createLogger({ level: process.env.LOG_LEVEL as LogLevel | undefined });
  });

  it('createOpwire: logger, audit, transactions and the rest', () => {
    expectTypeOf<OptionalAsUndefined<OpwireOptions> & { operations: [] }>().toExtend<OpwireOptions>();
    const logger: Logger | undefined = process.env.QUIET ? undefined : createLogger();
    createOpwire({ operations: [], logger });
  });
});
