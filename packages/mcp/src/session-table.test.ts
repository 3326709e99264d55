import { describe, expect, it } from 'vitest';
import { createSessionTable, type McpSession, ownerOf } from './session-table.js';
import { noteCallers } from './test-support.js';

function session(id: string, owner: string, at: number, closed: string[]): McpSession {
  return {
    id,
    owner,
    protocolVersion: '2025-11-25',
    lastSeen: at,
    busy: 0,
    inFlight: new Set(),
    handle: async () => new Response(null),
    close: async () => {
      closed.push(id);
    },
  };
}

describe('the session table', () => {
  it('closes a session idle past the limit, unless it is running a call', async () => {
    let now = 0;
    const closed: string[] = [];
    const table = createSessionTable({ idleMs: 1000 }, () => now);
    const reader = ownerOf(noteCallers.reader);
    table.add(session('idle', reader, 0, closed));
    const busy = session('busy', reader, 0, closed);
    busy.busy = 1;
    table.add(busy);
    now = 999;
    await table.sweep();
    expect(closed).toEqual([]);
    now = 1000;
    await table.sweep();
    expect(closed).toEqual(['idle']);
    expect(table.find('idle', noteCallers.reader)).toBeUndefined();
    expect(table.find('busy', noteCallers.reader)?.id).toBe('busy');
    await table.close();
    expect(closed).toEqual(['idle', 'busy']);
  });

  it('treats a session past its idle limit as gone even before the sweep', () => {
    let now = 0;
    const closed: string[] = [];
    const table = createSessionTable({ idleMs: 1000 }, () => now);
    table.add(session('a', ownerOf(noteCallers.reader), 0, closed));
    now = 500;
    expect(table.find('a', noteCallers.reader)?.lastSeen).toBe(500);
    now = 1499;
    expect(table.find('a', noteCallers.reader)).toBeDefined();
    now = 2600;
    expect(table.find('a', noteCallers.reader)).toBeUndefined();
    expect(closed).toEqual(['a']);
    void table.close();
  });

  it('finds a session only for the caller who owns it (tenant and principal)', () => {
    const table = createSessionTable();
    table.add(session('a', ownerOf(noteCallers.reader), Date.now(), []));
    expect(table.find('a', noteCallers.reader)).toBeDefined();
    expect(table.find('a', { ...noteCallers.reader, permissions: ['*'] })).toBeDefined();
    expect(table.find('a', noteCallers.writer)).toBeUndefined();
    expect(table.find('a', { ...noteCallers.reader, tenant: 'globex' })).toBeUndefined();
    void table.close();
  });

  it('counts reservations toward the limit until they are released', () => {
    const table = createSessionTable({ max: 1 });
    const release = table.reserve(noteCallers.reader);
    expect(release).toBeTypeOf('function');
    expect(table.reserve(noteCallers.writer)).toBeUndefined();
    release?.();
    release?.();
    expect(table.reserve(noteCallers.writer)).toBeTypeOf('function');
    void table.close();
  });
});
