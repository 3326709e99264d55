import { describe, expect, it } from 'vitest';
import { pointId, uuidV5 } from './point-id.js';

describe('point ids', () => {
  it('computes RFC 4122 version 5 UUIDs (the published python.org vector)', () => {
    const dns = Buffer.from('6ba7b8109dad11d180b400c04fd430c8', 'hex');
    expect(uuidV5('python.org', dns)).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
  });

  it('gives one chunk of one version the same id every time, and another tenant, chunk or version another', () => {
    const id = pointId('acme', 'returns.md', 0, 'v1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pointId('acme', 'returns.md', 0, 'v1')).toBe(id);
    const others = [
      pointId('', 'returns.md', 0, 'v1'),
      pointId('acme', 'returns.md', 1, 'v1'),
      pointId('acme', 'returns.md', 0, 'v2'),
      pointId('acme', 'returns.md#0', 0, 'v1'),
    ];
    expect(new Set([id, ...others]).size).toBe(5);
  });
});
