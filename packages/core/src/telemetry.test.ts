import { describe, expect, it } from 'vitest';
import { formatTraceparent, parseTraceparent } from './telemetry.js';

describe('traceparent', () => {
  it('round-trips a valid header', () => {
    const header = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect(formatTraceparent(parseTraceparent(header)!)).toBe(header);
  });

  it.each([
    '',
    'garbage',
    '00-00000000000000000000000000000000-b7ad6b7169203331-01',
    '01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331',
  ])('ignores %j', (header) => {
    expect(parseTraceparent(header)).toBeUndefined();
  });
});
