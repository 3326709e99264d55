import type { Caller } from '@opwire/core';
import type { UIMessageChunk } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatStreams } from './chat-streams.js';

const ada: Caller = { principalId: 'ada', tenant: 'acme', roles: [], permissions: [] };
const adaElsewhere: Caller = { principalId: 'ada', tenant: 'globex', roles: [], permissions: [] };
const bob: Caller = { principalId: 'bob', tenant: 'acme', roles: [], permissions: [] };

/** A turn's UI stream the test writes to, and whether (and why) its reader cancelled it. */
function turnSource() {
  let controller!: ReadableStreamDefaultController<UIMessageChunk>;
  const state = { cancelled: false };
  const stream = new ReadableStream<UIMessageChunk>({
    start(own) {
      controller = own;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return {
    stream,
    state,
    send: (delta: string) => controller.enqueue({ type: 'text-delta', id: 't', delta }),
    end: () => controller.close(),
  };
}

async function readAll(stream: ReadableStream<UIMessageChunk>): Promise<string[]> {
  const seen: string[] = [];
  for await (const chunk of stream) if (chunk.type === 'text-delta') seen.push(chunk.delta);
  return seen;
}

const turnOf = async () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('createChatStreams', () => {
  it('refuses a keep time that is not a whole number of milliseconds a timer can wait, 0 to 2^31 - 1', () => {
    for (const keepRunningMs of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31]) {
      expect(() => createChatStreams({ keepRunningMs })).toThrow(/keepRunningMs must be a whole number/);
    }
    expect(() => createChatStreams({ keepRunningMs: 0 })).not.toThrow();
    expect(() => createChatStreams({ keepRunningMs: 2 ** 31 - 1 })).not.toThrow();
  });

  it('gives a follower every chunk from the first, then the live ones, to the end; after the end, none', async () => {
    const streams = createChatStreams();
    const source = turnSource();
    const first = streams.run('chat-1', ada, source.stream);
    source.send('a');
    source.send('b');
    await turnOf();
    const follower = streams.follow('chat-1', ada);
    expect(follower).toBeDefined();
    source.send('c');
    source.end();
    expect(await readAll(follower as ReadableStream<UIMessageChunk>)).toEqual(['a', 'b', 'c']);
    expect(await readAll(first)).toEqual(['a', 'b', 'c']);
    expect(streams.follow('chat-1', ada)).toBeUndefined();
    expect(streams.size).toBe(0);
  });

  it('is not followed by anyone but its caller: another principal, or the same one in another tenant', async () => {
    const streams = createChatStreams();
    const source = turnSource();
    streams.run('chat-1', ada, source.stream);
    expect(streams.follow('chat-1', bob)).toBeUndefined();
    expect(streams.follow('chat-1', adaElsewhere)).toBeUndefined();
    expect(streams.follow('chat-1', undefined)).toBeUndefined();
    expect(streams.follow('chat-2', ada)).toBeUndefined();
    expect(streams.follow('chat-1', ada)).toBeDefined();
    source.end();
  });

  it('with keepRunningMs 0 stops the turn as soon as its last reader leaves', async () => {
    const streams = createChatStreams({ keepRunningMs: 0 });
    const source = turnSource();
    const first = streams.run('chat-1', ada, source.stream);
    const second = streams.follow('chat-1', ada) as ReadableStream<UIMessageChunk>;
    await first.cancel();
    await turnOf();
    expect(source.state.cancelled).toBe(false);
    await second.cancel();
    await turnOf();
    expect(source.state.cancelled).toBe(true);
    expect(streams.size).toBe(0);
  });

  it('keeps a turn nobody reads for keepRunningMs, then stops it; a reader coming back in time keeps it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const streams = createChatStreams({ keepRunningMs: 1000 });
    const kept = turnSource();
    await streams.run('kept', ada, kept.stream).cancel();
    vi.advanceTimersByTime(900);
    const back = streams.follow('kept', ada);
    expect(back).toBeDefined();
    vi.advanceTimersByTime(5000);
    expect(kept.state.cancelled).toBe(false);

    const left = turnSource();
    await streams.run('left', ada, left.stream).cancel();
    vi.advanceTimersByTime(999);
    expect(left.state.cancelled).toBe(false);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(left.state.cancelled).toBe(true));
    kept.end();
  });

  it('answers a follower with the newest turn of a chat', async () => {
    const streams = createChatStreams();
    const older = turnSource();
    const newer = turnSource();
    streams.run('chat-1', ada, older.stream);
    streams.run('chat-1', ada, newer.stream);
    older.send('old');
    newer.send('new');
    older.end();
    await turnOf();
    const follower = streams.follow('chat-1', ada) as ReadableStream<UIMessageChunk>;
    newer.end();
    expect(await readAll(follower)).toEqual(['new']);
  });

  it('stops a turn for its caller alone, at once, even with readers; its readers end with what they had', async () => {
    const streams = createChatStreams({ keepRunningMs: 60_000 });
    const source = turnSource();
    const first = streams.run('chat-1', ada, source.stream);
    source.send('a');
    await turnOf();
    const read = readAll(first);
    // Anyone else, or a chat with no running turn, stops nothing.
    expect(await streams.stop('chat-1', bob)).toBe(false);
    expect(await streams.stop('chat-1', adaElsewhere)).toBe(false);
    expect(await streams.stop('chat-2', ada)).toBe(false);
    expect(source.state.cancelled).toBe(false);
    expect(await streams.stop('chat-1', ada)).toBe(true);
    expect(source.state.cancelled).toBe(true);
    expect(await read).toEqual(['a']);
    expect(streams.size).toBe(0);
    expect(streams.follow('chat-1', ada)).toBeUndefined();
    expect(await streams.stop('chat-1', ada)).toBe(false);
  });

  it('keeps a stop asked before the turn started for the turn, and for its caller alone', async () => {
    const streams = createChatStreams({ keepRunningMs: 60_000 });
    streams.expect('chat-1', ada);
    // Someone else's stop is not kept; the owner's is, and said done.
    expect(await streams.stop('chat-1', bob)).toBe(false);
    expect(await streams.stop('chat-1', ada)).toBe(true);
    const source = turnSource();
    const first = streams.run('chat-1', ada, source.stream);
    await turnOf();
    // It is stopped once its first chunk is out, which its readers get: they see which turn it was.
    expect(source.state.cancelled).toBe(false);
    source.send('a');
    await turnOf();
    expect(source.state.cancelled).toBe(true);
    expect(await readAll(first)).toEqual(['a']);
    expect(streams.size).toBe(0);
    // The note went with the turn it was for: the chat's next turn runs.
    streams.expect('chat-1', ada);
    const next = turnSource();
    streams.run('chat-1', ada, next.stream);
    next.send('a');
    next.end();
    await turnOf();
    expect(next.state.cancelled).toBe(false);
  });

  it('forgets a stop for a turn that was asked for again, or never ran', async () => {
    vi.useFakeTimers();
    const streams = createChatStreams({ keepRunningMs: 60_000 });
    streams.expect('chat-1', ada);
    expect(await streams.stop('chat-1', ada)).toBe(true);
    // A newer request of the chat replaces the note: its turn is not the one stopped.
    streams.expect('chat-1', ada);
    const source = turnSource();
    streams.run('chat-1', ada, source.stream);
    // Its first chunk is out, and it runs on.
    source.send('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(source.state.cancelled).toBe(false);
    source.end();
    await vi.advanceTimersByTimeAsync(0);
    // A note whose turn never ran (refused before its first chunk) is gone after a minute.
    streams.expect('chat-2', ada);
    expect(await streams.stop('chat-2', ada)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await streams.stop('chat-2', ada)).toBe(false);
  });

  it("keeps each caller's note of a coming turn apart: someone else's request neither replaces nor stops it", async () => {
    const streams = createChatStreams({ keepRunningMs: 60_000 });
    streams.expect('chat-1', ada);
    // Another caller's request for the same chat id (refused later, as not theirs) notes a turn of their own.
    streams.expect('chat-1', bob);
    expect(await streams.stop('chat-1', bob)).toBe(true);
    expect(await streams.stop('chat-1', ada)).toBe(true);
    const source = turnSource();
    streams.run('chat-1', ada, source.stream);
    source.send('a');
    await turnOf();
    expect(source.state.cancelled).toBe(true);
    // A stop also stops the caller's turn running while another of the chat starts.
    const running = turnSource();
    streams.run('chat-2', ada, running.stream);
    running.send('b');
    streams.expect('chat-2', ada);
    expect(await streams.stop('chat-2', ada)).toBe(true);
    expect(running.state.cancelled).toBe(true);
  });

  it('stops every running turn on close', async () => {
    const streams = createChatStreams();
    const one = turnSource();
    const two = turnSource();
    streams.run('chat-1', ada, one.stream);
    streams.run('chat-2', bob, two.stream);
    await streams.close();
    expect([one.state.cancelled, two.state.cancelled]).toEqual([true, true]);
  });
});
