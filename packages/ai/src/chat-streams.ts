import type { Caller } from '@opwire/core';
import type { UIMessageChunk } from 'ai';
import type { ChatStreamStore } from './chat-stream-store.js';

/** Options for `createChatStreams`. */
export interface ChatStreamsOptions {
  /**
   * How long a turn nobody reads any more keeps running for a reader to come back (a reloaded page), in
   * milliseconds; then it is stopped, and recorded as stopped, as a turn whose client went away is without
   * resumable streams. Defaults to 30 000; `0` stops it as soon as its last reader leaves.
   */
  readonly keepRunningMs?: number | undefined;
  /**
   * Where running turns are also kept for the app's other processes (`createPostgresChatStreamStore` of
   * `@opwire/postgres/ai`): a resume or a stop that lands on another process than the one running the turn
   * reads it, or stops it, through the store. Without it a turn is reached only in the process that runs it.
   */
  readonly store?: ChatStreamStore | undefined;
  /**
   * With a `store`: how often, in milliseconds, a running turn's new chunks are written to it (and stops asked
   * elsewhere are looked for), and how often a reader in another process looks for new chunks. Defaults to 200.
   */
  readonly pollMs?: number | undefined;
}

/**
 * The running turns of `POST /api/chat` that a second request may read, in this process: what
 * `useChat({ resume: true })` reconnects to after a reload. Hand the same value to `chatUiRoute` and to
 * `chatUiResumeRoute`. Each running turn keeps the chunks it sent so far (a reader that comes back reads the
 * answer from its start) until it ends. A turn runs in the process that answered its `POST`: without a `store`
 * another process answers the resume `204` (none running here) and its stop `false`; with one, it reads the
 * turn's chunks from the store and passes the stop on.
 */
export interface ChatStreams {
  /**
   * Notes that a turn of the chat `chatId` of `caller` was asked for and is starting (its request was read, its
   * first chunk is not out yet): the caller's `stop` until then stops it as soon as it runs. The caller's newer
   * request of the chat replaces the note (anyone else's is a note of their own); one whose turn never runs
   * (refused) is forgotten after a minute.
   */
  expect(chatId: string, caller: Caller | undefined): void;
  /**
   * Starts reading a turn's chunks for the chat `chatId` of `caller`; returns the first reader's stream. The
   * turn goes on when that reader leaves, for `keepRunningMs` without any reader.
   */
  run(
    chatId: string,
    caller: Caller | undefined,
    source: ReadableStream<UIMessageChunk>,
  ): ReadableStream<UIMessageChunk>;
  /**
   * A new reader of the chat's running turn, from its first chunk, when it runs for the same caller (principal
   * and tenant) here, or with a `store` in another process; `undefined` when none does.
   */
  follow(chatId: string, caller: Caller | undefined): Promise<ReadableStream<UIMessageChunk> | undefined>;
  /**
   * Stops the chat's running turns here that are the same caller's (what a stop button asks, reaching an older
   * turn a second tab's newer one replaced for `follow` too: with resumable
   * streams a client going away is a disconnect, not a stop); it is recorded as stopped, as a turn whose client
   * went away is without resumable streams. Resolves once its readers have had their last chunk: `true`, or
   * `false` when no such turn runs here. The caller's turn of the chat asked for but not started yet (`expect`)
   * is stopped as soon as it runs: then `true`, without waiting for it. With a `store`, the caller's turn running
   * in another process is asked to stop there; resolves `true` once it has ended.
   */
  stop(chatId: string, caller: Caller | undefined): Promise<boolean>;
  /** How many turns are running here (read or kept for a reader). */
  readonly size: number;
  /**
   * Stops every running turn here (a server shutting down); they are recorded as stopped, and with a `store`
   * written to it as ended.
   */
  close(): Promise<void>;
}

/** One running turn: its chunks so far, its readers, and the timer that stops it when nobody reads. */
class RunningTurn {
  readonly chunks: UIMessageChunk[] = [];
  readonly readers = new Set<ReadableStreamDefaultController<UIMessageChunk>>();
  ended = false;
  idle: ReturnType<typeof setTimeout> | undefined;
  /** Stopped before it started: stopped once its first chunk is out, so its readers see which turn it was. */
  stopWhenStarted = false;
  /** Settles when the turn's chunks have all been read (it ended, failed or was stopped), and written to the store. */
  pumped: Promise<void> = Promise.resolve();
  /** With a store: the turn's key there (`undefined` when the store failed to open it). */
  key: Promise<string | undefined> = Promise.resolve(undefined);
  /** With a store: how many chunks are written to it, and the writes in order. */
  written = 0;
  writes: Promise<void> = Promise.resolve();
  /** With a store: when a beat last told of a reader in another process. */
  readElsewhereAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly chatId: string,
    readonly owner: string,
    readonly source: ReadableStreamDefaultReader<UIMessageChunk>,
  ) {}
}

/** A turn asked for (`expect`) and not started yet: whether a stop came first. */
interface ExpectedTurn {
  stopped: boolean;
  readonly forget: ReturnType<typeof setTimeout>;
}

/** How long a note of a turn asked for is kept when the turn never runs (refused before its first chunk). */
const expectedForMs = 60_000;

/** The longest keep time a timer can wait (about 24.8 days). */
const maxKeepRunningMs = 2 ** 31 - 1;

/** Creates the running turns of one process (see `ChatStreams`). */
export function createChatStreams(options: ChatStreamsOptions = {}): ChatStreams {
  const keepRunningMs = options.keepRunningMs ?? 30_000;
  // A timer longer than 2^31 - 1 ms would fire at once (Node clamps it to 1 ms).
  if (!Number.isSafeInteger(keepRunningMs) || keepRunningMs < 0 || keepRunningMs > maxKeepRunningMs) {
    throw new TypeError(
      `keepRunningMs must be a whole number of milliseconds from 0 to ${maxKeepRunningMs}; got ${keepRunningMs}`,
    );
  }
  const pollMs = options.pollMs ?? 200;
  if (!Number.isSafeInteger(pollMs) || pollMs < 1 || pollMs > 60_000) {
    throw new TypeError(`pollMs must be a whole number of milliseconds from 1 to 60000; got ${pollMs}`);
  }
  const store = options.store;
  // A reader elsewhere is known through the beats: it counts as reading for a few beats after it was seen.
  const readElsewhereForMs = Math.max(keepRunningMs, 4 * pollMs);
  // How long an ended turn stays in the store for readers elsewhere to read its last chunks.
  const removeEndedAfterMs = Math.max(5000, 10 * pollMs);
  // The newest turn of each chat: the one a reader comes back to.
  const running = new Map<string, RunningTurn>();
  // Every turn running here, the older ones of a chat too (a second tab asked while the first was answering):
  // a stop, and a shutdown, reach each.
  const live = new Set<RunningTurn>();
  // This process's turns in the store, by key, until their end is written.
  const stored = new Map<string, RunningTurn>();
  let beating: ReturnType<typeof setInterval> | undefined;
  // Keyed by owner and chat: someone else's request for the chat (refused later) neither replaces nor sees it.
  const expected = new Map<string, ExpectedTurn>();
  const noteKey = (chatId: string, owner: string) => JSON.stringify([owner, chatId]);
  const forgetExpected = (key: string) => {
    const note = expected.get(key);
    if (note !== undefined) clearTimeout(note.forget);
    expected.delete(key);
    return note;
  };

  const stop = (turn: RunningTurn) => {
    if (turn.idle !== undefined) clearTimeout(turn.idle);
    turn.idle = undefined;
    // Cancelling the source stops the turn: the operation sees its stream no longer read.
    return turn.source.cancel().catch(() => undefined);
  };

  /** Stops the turn once nobody has read it, here or elsewhere, for the keep time; waits `wait` ms first. */
  const stopWhenIdle = (turn: RunningTurn, wait: number) => {
    if (wait <= 0) {
      const left = turn.readElsewhereAt + readElsewhereForMs - Date.now();
      if (left <= 0) return void stop(turn);
      return stopWhenIdle(turn, left);
    }
    turn.idle = setTimeout(() => {
      turn.idle = undefined;
      if (turn.readers.size === 0 && !turn.ended) stopWhenIdle(turn, 0);
    }, wait);
    // A turn kept for a reader does not keep the process alive.
    turn.idle.unref?.();
  };

  const reader = (turn: RunningTurn): ReadableStream<UIMessageChunk> => {
    let own: ReadableStreamDefaultController<UIMessageChunk> | undefined;
    return new ReadableStream<UIMessageChunk>({
      start(controller) {
        own = controller;
        for (const chunk of turn.chunks) controller.enqueue(chunk);
        if (turn.ended) {
          controller.close();
          return;
        }
        turn.readers.add(controller);
        if (turn.idle !== undefined) clearTimeout(turn.idle);
        turn.idle = undefined;
      },
      cancel() {
        if (own === undefined || !turn.readers.delete(own) || turn.readers.size > 0 || turn.ended) return;
        stopWhenIdle(turn, keepRunningMs);
      },
    });
  };

  /** Writes the turn's chunks not in the store yet, after the writes before; a failing store is left be. */
  const write = (turn: RunningTurn) => {
    turn.writes = turn.writes
      .then(async () => {
        const key = await turn.key;
        if (key === undefined || store === undefined) return;
        const from = turn.written;
        if (from < turn.chunks.length) {
          const batch = turn.chunks.slice(from);
          await store.append(key, from, batch);
          turn.written = from + batch.length;
        }
      })
      .catch(() => undefined);
    return turn.writes;
  };

  /** Each beat: new chunks to the store; stops asked elsewhere, and readers elsewhere, from it. */
  let ticking = false;
  const beat = async () => {
    if (ticking || store === undefined) return;
    ticking = true;
    try {
      const turns = [...stored.entries()].filter(([, turn]) => !turn.ended);
      await Promise.all(turns.map(([, turn]) => write(turn)));
      if (turns.length === 0) return;
      const heard = await store.beat(turns.map(([key]) => key));
      const now = Date.now();
      for (const key of heard.read) {
        const turn = stored.get(key);
        if (turn !== undefined) turn.readElsewhereAt = now;
      }
      for (const key of heard.stop) {
        const turn = stored.get(key);
        if (turn !== undefined && !turn.ended) void stop(turn);
      }
    } catch {
      // The store failed this beat: the turn runs on for this process's readers; the next beat tries again.
    } finally {
      ticking = false;
    }
  };

  const pump = async (chatId: string, turn: RunningTurn) => {
    try {
      for (;;) {
        const { done, value } = await turn.source.read();
        if (done) break;
        turn.chunks.push(value);
        for (const controller of turn.readers) controller.enqueue(value);
        if (turn.stopWhenStarted) {
          turn.stopWhenStarted = false;
          void stop(turn);
        }
      }
    } catch {
      // The source failed after it started (the UI stream turns the turn's own failures into an error chunk).
    } finally {
      turn.ended = true;
      if (turn.idle !== undefined) clearTimeout(turn.idle);
      for (const controller of turn.readers) {
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      }
      turn.readers.clear();
      live.delete(turn);
      if (running.get(chatId) === turn) running.delete(chatId);
    }
    if (store === undefined) return;
    // Readers elsewhere end after the last chunk (or, when the store failed to take it, at the end).
    await write(turn);
    const key = await turn.key;
    if (key === undefined) return;
    await store.end(key).catch(() => undefined);
    stored.delete(key);
    // Readers elsewhere read the end within a poll: then the chunks (the conversation's words) go.
    const remove = setTimeout(() => void store.remove(key).catch(() => undefined), removeEndedAfterMs);
    remove.unref?.();
    if (stored.size === 0 && beating !== undefined) {
      clearInterval(beating);
      beating = undefined;
    }
  };

  /** A reader of a turn another process runs, through the store, from its first chunk to its end. */
  const readElsewhere = (from: ChatStreamStore, key: string): ReadableStream<UIMessageChunk> => {
    let next = 0;
    let cancelled = false;
    return new ReadableStream<UIMessageChunk>({
      async pull(controller) {
        while (!cancelled) {
          // A store failing mid-read ends the reader (the page then shows the stored conversation).
          const { chunks, ended } = await from.read(key, next).catch(() => ({ chunks: [], ended: true }));
          if (chunks.length > 0) {
            next += chunks.length;
            for (const chunk of chunks) controller.enqueue(chunk);
            return;
          }
          if (ended) {
            // Chunks appended just before the end may have been missed by the read that saw it: one more read.
            const last = await from.read(key, next).catch(() => ({ chunks: [] }));
            for (const chunk of last.chunks) controller.enqueue(chunk);
            return controller.close();
          }
          await delay(pollMs);
        }
      },
      cancel() {
        cancelled = true;
      },
    });
  };

  return {
    expect(chatId, caller) {
      const key = noteKey(chatId, ownerOf(caller));
      forgetExpected(key);
      const forget = setTimeout(() => expected.delete(key), expectedForMs);
      forget.unref?.();
      expected.set(key, { stopped: false, forget });
    },
    run(chatId, caller, source) {
      const turn = new RunningTurn(chatId, ownerOf(caller), source.getReader());
      const note = forgetExpected(noteKey(chatId, turn.owner));
      // A newer turn of the same chat is the one a reader comes back to; the older one still runs.
      running.set(chatId, turn);
      live.add(turn);
      if (store !== undefined) {
        turn.key = store.open({ chatId, owner: turn.owner }).then(
          (key) => {
            stored.set(key, turn);
            beating ??= setInterval(beat, pollMs);
            beating.unref?.();
            return key;
          },
          () => undefined,
        );
      }
      const first = reader(turn);
      // Stopped before its first chunk was out: it stops once that chunk is, recorded as stopped.
      turn.stopWhenStarted = note?.stopped === true;
      turn.pumped = pump(chatId, turn);
      return first;
    },
    async follow(chatId, caller) {
      const owner = ownerOf(caller);
      const turn = running.get(chatId);
      if (turn !== undefined && !turn.ended && turn.owner === owner) return reader(turn);
      if (store === undefined) return undefined;
      const key = await store.find(chatId, owner).catch(() => undefined);
      // A turn of this process found there has ended here; its end is being written.
      if (key === undefined || stored.has(key)) return undefined;
      return readElsewhere(store, key);
    },
    async stop(chatId, caller) {
      const owner = ownerOf(caller);
      // A turn of the chat still starting is stopped once it starts; one running is stopped now.
      const note = expected.get(noteKey(chatId, owner));
      if (note !== undefined) note.stopped = true;
      // Every turn of the chat the caller has running here: two tabs may each have asked one.
      const turns = [...live].filter((turn) => turn.chatId === chatId && turn.owner === owner && !turn.ended);
      if (turns.length > 0) {
        await Promise.all(turns.map((turn) => stop(turn).then(() => turn.pumped)));
        return true;
      }
      if (store === undefined) return note !== undefined;
      // Another process's turn stops at its next beat; this answers once it has ended (or that process died).
      const key = await store.requestStop(chatId, owner).catch(() => undefined);
      if (key === undefined || stored.has(key)) return note !== undefined;
      while (!(await store.ended(key).catch(() => true))) await delay(pollMs);
      return true;
    },
    get size() {
      return live.size;
    },
    async close() {
      for (const key of [...expected.keys()]) forgetExpected(key);
      await Promise.all([...live].map((turn) => stop(turn).then(() => turn.pumped)));
      // Turns that ended here but whose end is still being written to the store.
      await Promise.all([...stored.values()].map((turn) => turn.pumped));
      if (beating !== undefined) clearInterval(beating);
      beating = undefined;
    },
  };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whose a turn is: principal and tenant (JSON, so no separator can be forged into either). */
function ownerOf(caller: Caller | undefined): string {
  return JSON.stringify([caller?.principalId ?? null, caller?.tenant ?? null]);
}
