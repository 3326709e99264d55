import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shutDownOnSignals } from './shut-down-on-signals.js';

describe('shutDownOnSignals', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(close: () => Promise<void>) {
    const signals = new EventEmitter();
    const exits: number[] = [];
    const lines: string[] = [];
    shutDownOnSignals({
      close,
      deadlineMs: 15_000,
      signals,
      exit: (code) => exits.push(code),
      log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    });
    return { signals, exits, lines };
  }

  it('closes, then exits 0', async () => {
    const { signals, exits, lines } = start(async () => {});
    signals.emit('SIGTERM');
    await vi.advanceTimersByTimeAsync(0);
    expect(exits).toEqual([0]);
    expect(lines).toEqual([
      'SIGTERM received: finishing in-flight requests, then closing the database (a second SIGINT or SIGTERM exits at once).',
    ]);
  });

  it('exits 1 at once on a second signal while the close still runs', async () => {
    const { signals, exits, lines } = start(() => new Promise(() => {}));
    signals.emit('SIGTERM');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(exits).toEqual([]);
    signals.emit('SIGINT');
    expect(exits).toEqual([1]);
    expect(lines[1]).toBe('SIGINT received during shutdown: exiting now, without waiting for it to finish.');
  });

  it('exits 1 when the close has not finished by the deadline (a database that never answers)', async () => {
    const { signals, exits, lines } = start(() => new Promise(() => {}));
    signals.emit('SIGINT');
    await vi.advanceTimersByTimeAsync(14_999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
    expect(lines[1]).toBe(
      'Shutdown still running 15 s after SIGINT (the database or another resource did not close): exiting.',
    );
  });

  it('exits 1 when the close fails', async () => {
    const { signals, exits } = start(async () => {
      throw new Error('no');
    });
    signals.emit('SIGTERM');
    await vi.advanceTimersByTimeAsync(0);
    expect(exits).toEqual([1]);
  });
});
