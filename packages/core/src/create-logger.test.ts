import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger.js';
import { coreErrors } from './errors/core-errors.js';

/** A destination that keeps each JSON line pino writes. */
function lines() {
  const written: Array<Record<string, unknown>> = [];
  return {
    written,
    destination: { write: (line: string) => written.push(JSON.parse(line) as Record<string, unknown>) },
  };
}

describe('createLogger (pino)', () => {
  it('writes one JSON object per line with the level by name, the time, the message and the details', () => {
    const { written, destination } = lines();
    const logger = createLogger({ level: 'debug', destination });
    logger.info?.('request', { method: 'POST', status: 201 });
    logger.debug?.('detail', { step: 1 });
    logger.warn('slow', { ms: 1200 });
    expect(written.map(({ time: _time, ...rest }) => rest)).toEqual([
      { level: 'info', msg: 'request', method: 'POST', status: 201 },
      { level: 'debug', msg: 'detail', step: 1 },
      { level: 'warn', msg: 'slow', ms: 1200 },
    ]);
    expect(typeof written[0]?.time).toBe('number');
  });

  it('leaves out lines below its level', () => {
    const { written, destination } = lines();
    const logger = createLogger({ level: 'warn', destination });
    logger.info?.('request', {});
    logger.debug?.('detail', {});
    logger.error('broken', {});
    expect(written.map((line) => line.level)).toEqual(['error']);
  });

  it('takes an explicit undefined as the default: LOG_LEVEL, else info', () => {
    const { written, destination } = lines();
    const before = process.env.LOG_LEVEL;
    delete process.env.LOG_LEVEL;
    try {
      const logger = createLogger({ level: undefined, destination, base: undefined });
      logger.debug?.('detail', {});
      logger.info?.('request', {});
    } finally {
      if (before !== undefined) process.env.LOG_LEVEL = before;
    }
    expect(written.map((line) => line.level)).toEqual(['info']);
  });

  it('gives a child logger its bindings on every line', () => {
    const { written, destination } = lines();
    const request = createLogger({ destination, base: { service: 'shop' } }).child?.({
      requestId: 'r-1',
      principal: 'alice',
      tenant: 'acme',
    });
    request?.info?.('request', { status: 200 });
    expect(written[0]).toMatchObject({
      service: 'shop',
      requestId: 'r-1',
      principal: 'alice',
      tenant: 'acme',
      status: 200,
    });
  });

  it('writes an error with its name, code, message, stack and cause', () => {
    const { written, destination } = lines();
    const failure = coreErrors.INTERNAL({ cause: new Error('disk full') });
    createLogger({ destination }).error('operation failed', { error: failure });
    expect(written[0]?.error).toMatchObject({
      name: 'OpwireError',
      code: 'INTERNAL',
      cause: { name: 'Error', message: 'disk full' },
    });
    expect(String((written[0]?.error as { stack?: string } | undefined)?.stack)).toContain(
      'create-logger.test.ts',
    );
  });
});
