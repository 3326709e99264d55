import type { Caller } from '@opwire/core';
import type { UIMessageChunk } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChatStreamStore, createMemoryChatStreamStore } from './chat-stream-store.js';
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
    for (const pollMs of [0, -1, 1.5, Number.NaN, 60_001]) {
      expect(() => createChatStreams({ pollMs })).toThrow(/pollMs must be a whole number/);
    }
  });

  it('gives a follower every chunk from the first, then the live ones, to the end; after the end, none', async () => {
    const streams = createChatStreams();
    const source = turnSource();
    const first = streams.run('chat-1', ada, source.stream);
    source.send('a');
    source.send('b');
    await turnOf();
    const follower = await streams.follow('chat-1', ada);
    expect(follower).toBeDefined();
    source.send('c');
    source.end();
    expect(await readAll(follower as ReadableStream<UIMessageChunk>)).toEqual(['a', 'b', 'c']);
    expect(await readAll(first)).toEqual(['a', 'b', 'c']);
    expect(await streams.follow('chat-1', ada)).toBeUndefined();
    expect(streams.size).toBe(0);
  });

  it('is not followed by anyone but its caller: another principal, or the same one in another tenant', async () => {
    const streams = createChatStreams();
    const source = turnSource();
    streams.run('chat-1', ada, source.stream);
    expect(await streams.follow('chat-1', bob)).toBeUndefined();
    expect(await streams.follow('chat-1', adaElsewhere)).toBeUndefined();
    expect(await streams.follow('chat-1', undefined)).toBeUndefined();
    expect(await streams.follow('chat-2', ada)).toBeUndefined();
    expect(await streams.follow('chat-1', ada)).toBeDefined();
    source.end();
  });

  it('with keepRunningMs 0 stops the turn as soon as its last reader leaves', async () => {
    const streams = createChatStreams({ keepRunningMs: 0 });
    const source = turnSource();
    const first = streams.run('chat-1', ada, source.stream);
    const second = (await streams.follow('chat-1', ada)) as ReadableStream<UIMessageChunk>;
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
    const back = await streams.follow('kept', ada);
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
    const follower = (await streams.follow('chat-1', ada)) as ReadableStream<UIMessageChunk>;
    newer.end();
    expect(await readAll(follower)).toEqual(['new']);
  });

  it('stops both turns of a chat asked from two tabs, the older one too, and each on close', async () => {
    const streams = createChatStreams({ keepRunningMs: 60_000 });
    const older = turnSource();
    const newer = turnSource();
    streams.run('chat-1', ada, older.stream);
    streams.run('chat-1', ada, newer.stream);
    older.send('old');
    newer.send('new');
    await turnOf();
    expect(streams.size).toBe(2);
    expect(await streams.stop('chat-1', bob)).toBe(false);
    expect(await streams.stop('chat-1', ada)).toBe(true);
    expect([older.state.cancelled, newer.state.cancelled]).toEqual([true, true]);
    expect(streams.size).toBe(0);
    expect(await streams.stop('chat-1', ada)).toBe(false);
    // A shutdown reaches an older turn of a chat as well.
    const first = turnSource();
    const second = turnSource();
    streams.run('chat-2', ada, first.stream);
    streams.run('chat-2', ada, second.stream);
    await streams.close();
    expect([first.state.cancelled, second.state.cancelled]).toEqual([true, true]);
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
    expect(await streams.follow('chat-1', ada)).toBeUndefined();
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

/** Waits until `check` passes, polling every few milliseconds (the registries beat on real timers here). */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('createChatStreams with a store: two processes of one app (two registries on one memory store)', () => {
  const pollMs = 10;
  const twoProcesses = (keepRunningMs = 60_000, store: ChatStreamStore = createMemoryChatStreamStore()) => ({
    store,
    here: createChatStreams({ keepRunningMs, store, pollMs }),
    there: createChatStreams({ keepRunningMs, store, pollMs }),
  });

  it('gives a reader in the other process every chunk from the first, then the live ones, to the end', async () => {
    const { here, there } = twoProcesses();
    const source = turnSource();
    const first = here.run('chat-1', ada, source.stream);
    const read = readAll(first);
    source.send('a');
    source.send('b');
    const follower = await waitFor(() => there.follow('chat-1', ada));
    // Only its caller finds it there too.
    expect(await there.follow('chat-1', bob)).toBeUndefined();
    expect(await there.follow('chat-1', adaElsewhere)).toBeUndefined();
    expect(await there.follow('chat-2', ada)).toBeUndefined();
    source.send('c');
    source.end();
    expect(await readAll(follower)).toEqual(['a', 'b', 'c']);
    expect(await read).toEqual(['a', 'b', 'c']);
    await until(async () => (await there.follow('chat-1', ada)) === undefined);
    expect(here.size).toBe(0);
  });

  it("stops the other process's turn for its caller alone; answers once it has ended there", async () => {
    const { here, there } = twoProcesses();
    const source = turnSource();
    const first = here.run('chat-1', ada, source.stream);
    source.send('a');
    const read = readAll(first);
    await waitFor(() => there.follow('chat-1', ada));
    expect(await there.stop('chat-1', bob)).toBe(false);
    expect(await there.stop('chat-1', adaElsewhere)).toBe(false);
    expect(source.state.cancelled).toBe(false);
    expect(await there.stop('chat-1', ada)).toBe(true);
    expect(source.state.cancelled).toBe(true);
    expect(await read).toEqual(['a']);
    expect(here.size).toBe(0);
    expect(await there.stop('chat-1', ada)).toBe(false);
    expect(await here.stop('chat-1', ada)).toBe(false);
  });

  it('keeps a turn running while a reader in the other process reads it, then stops it keepRunningMs after that reader left', async () => {
    const keepRunningMs = 150;
    const { here, there } = twoProcesses(keepRunningMs);
    const source = turnSource();
    const first = here.run('chat-1', ada, source.stream);
    source.send('a');
    const follower = await waitFor(() => there.follow('chat-1', ada));
    const reading = follower.getReader();
    expect(await reading.read()).toMatchObject({ value: { delta: 'a' } });
    // The page went away here and reads there: for several keep times the turn runs on.
    await first.cancel();
    for (let beat = 0; beat < 4; beat++) {
      source.send(`${beat}`);
      expect(await reading.read()).toMatchObject({ value: { delta: `${beat}` } });
      await new Promise((resolve) => setTimeout(resolve, keepRunningMs / 2));
    }
    expect(source.state.cancelled).toBe(false);
    const left = Date.now();
    await reading.cancel();
    await until(() => source.state.cancelled);
    expect(Date.now() - left).toBeGreaterThanOrEqual(keepRunningMs - pollMs);
  });

  it('ends a reader, and finds nothing running, once the running process stops beating (it died)', async () => {
    const store = createMemoryChatStreamStore({ staleMs: 100 });
    const there = createChatStreams({ store, pollMs });
    // A process that opened a turn, wrote a chunk, and died: no beat, no end.
    const key = await store.open({ chatId: 'chat-1', owner: JSON.stringify(['ada', 'acme']) });
    await store.append(key, 0, [{ type: 'text-delta', id: 't', delta: 'a' }]);
    const follower = await there.follow('chat-1', ada);
    expect(follower).toBeDefined();
    expect(await readAll(follower as ReadableStream<UIMessageChunk>)).toEqual(['a']);
    expect(await there.follow('chat-1', ada)).toBeUndefined();
    expect(await there.stop('chat-1', ada)).toBe(false);
  });

  it('writes its turns as ended on close, so readers elsewhere end', async () => {
    const { here, there } = twoProcesses();
    const source = turnSource();
    here.run('chat-1', ada, source.stream);
    source.send('a');
    const follower = await waitFor(() => there.follow('chat-1', ada));
    await here.close();
    expect(source.state.cancelled).toBe(true);
    expect(await readAll(follower)).toEqual(['a']);
  });

  it('reads once more after a read that saw the end, for chunks that read missed (written just before the end)', async () => {
    const memory = createMemoryChatStreamStore();
    let missed = false;
    // A store whose read saw the end but not the last chunks (a database read racing the end's write), once.
    const racing: ChatStreamStore = {
      ...memory,
      async read(key, from) {
        const read = await memory.read(key, from);
        // While the turn runs its reads show the first chunk alone; the read that sees the end shows none.
        if (!read.ended) return { chunks: read.chunks.slice(0, Math.max(0, 1 - from)), ended: false };
        if (missed) return read;
        missed = true;
        return { chunks: [], ended: true };
      },
    };
    const { here, there } = twoProcesses(60_000, racing);
    const source = turnSource();
    here.run('chat-1', ada, source.stream);
    source.send('a');
    const follower = await waitFor(() => there.follow('chat-1', ada));
    const reading = follower.getReader();
    expect(await reading.read()).toMatchObject({ value: { delta: 'a' } });
    source.send('b');
    source.end();
    const rest: string[] = [];
    for (let next = await reading.read(); !next.done; next = await reading.read()) {
      if (next.value.type === 'text-delta') rest.push(next.value.delta);
    }
    expect(missed).toBe(true);
    expect(rest).toEqual(['b']);
  });

  it('writes the end even when the store refused the last chunks, so readers elsewhere end at once', async () => {
    // A turn whose end is never written would read as running for a minute.
    const memory = createMemoryChatStreamStore({ staleMs: 60_000 });
    let refuse = false;
    const flaky: ChatStreamStore = {
      ...memory,
      append: (key, from, chunks) =>
        refuse ? Promise.reject(new Error('store down')) : memory.append(key, from, chunks),
    };
    const { here, there } = twoProcesses(60_000, flaky);
    const source = turnSource();
    const read = readAll(here.run('chat-1', ada, source.stream));
    source.send('a');
    const follower = await waitFor(() => there.follow('chat-1', ada));
    const reading = follower.getReader();
    expect(await reading.read()).toMatchObject({ value: { delta: 'a' } });
    refuse = true;
    source.send('b');
    source.end();
    expect(await read).toEqual(['a', 'b']);
    // Well before the store's stale time the reader there has ended, with what the store had.
    const stillOpen = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 2000).unref());
    expect(await Promise.race([reading.read(), stillOpen])).toEqual({ done: true, value: undefined });
  });

  it("removes an ended turn's chunks from the store a few seconds after its end", async () => {
    vi.useFakeTimers();
    const store = createMemoryChatStreamStore();
    const here = createChatStreams({ store, pollMs });
    const source = turnSource();
    const read = readAll(here.run('chat-1', ada, source.stream));
    source.send('a');
    await vi.advanceTimersByTimeAsync(3 * pollMs);
    const key = (await store.find('chat-1', JSON.stringify(['ada', 'acme']))) as string;
    expect(key).toBeDefined();
    source.end();
    expect(await read).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(3 * pollMs);
    // Ended, and still there for readers elsewhere to read its last chunks...
    expect(await store.read(key, 0)).toEqual({
      chunks: [{ type: 'text-delta', id: 't', delta: 'a' }],
      ended: true,
    });
    // ...then gone.
    await vi.advanceTimersByTimeAsync(5000);
    expect(await store.read(key, 0)).toEqual({ chunks: [], ended: true });
  });

  it("runs a turn for this process's readers when the store fails", async () => {
    const failing = new Proxy({} as ChatStreamStore, {
      get: () => () => Promise.reject(new Error('store down')),
    });
    const streams = createChatStreams({ store: failing, pollMs });
    const source = turnSource();
    const first = streams.run('chat-1', ada, source.stream);
    source.send('a');
    await new Promise((resolve) => setTimeout(resolve, 3 * pollMs));
    const follower = (await streams.follow('chat-1', ada)) as ReadableStream<UIMessageChunk>;
    source.send('b');
    source.end();
    expect(await readAll(first)).toEqual(['a', 'b']);
    expect(await readAll(follower)).toEqual(['a', 'b']);
    expect(await streams.follow('chat-2', ada)).toBeUndefined();
    expect(await streams.stop('chat-2', ada)).toBe(false);
  });
});

/** The stream `follow` resolves to once it does (the turn's start is written at the next beat). */
async function waitFor(
  follow: () => Promise<ReadableStream<UIMessageChunk> | undefined>,
): Promise<ReadableStream<UIMessageChunk>> {
  let found: ReadableStream<UIMessageChunk> | undefined;
  await until(async () => {
    found = await follow();
    return found !== undefined;
  });
  return found as ReadableStream<UIMessageChunk>;
}
