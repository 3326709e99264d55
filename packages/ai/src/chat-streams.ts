import type { Caller } from '@opwire/core';
import type { UIMessageChunk } from 'ai';

/** Options for `createChatStreams`. */
export interface ChatStreamsOptions {
  /**
   * How long a turn nobody reads any more keeps running for a reader to come back (a reloaded page), in
   * milliseconds; then it is stopped, and recorded as stopped, as a turn whose client went away is without
   * resumable streams. Defaults to 30 000; `0` stops it as soon as its last reader leaves.
   */
  readonly keepRunningMs?: number | undefined;
}

/**
 * The running turns of `POST /api/chat` that a second request may read, in this process: what
 * `useChat({ resume: true })` reconnects to after a reload. Hand the same value to `chatUiRoute` and to
 * `chatUiResumeRoute`. Each running turn keeps the chunks it sent so far (a reader that comes back reads the
 * answer from its start) until it ends. A turn runs in the process that answered its `POST`: another process
 * answers the resume `204` (none running here).
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
   * A new reader of the chat's running turn, from its first chunk, when it runs here for the same caller
   * (principal and tenant); `undefined` when none does.
   */
  follow(chatId: string, caller: Caller | undefined): ReadableStream<UIMessageChunk> | undefined;
  /**
   * Stops the chat's running turn here when it is the same caller's (what a stop button asks: with resumable
   * streams a client going away is a disconnect, not a stop); it is recorded as stopped, as a turn whose client
   * went away is without resumable streams. Resolves once its readers have had their last chunk: `true`, or
   * `false` when no such turn runs here. The caller's turn of the chat asked for but not started yet (`expect`)
   * is stopped as soon as it runs: then `true`, without waiting for it.
   */
  stop(chatId: string, caller: Caller | undefined): Promise<boolean>;
  /** How many turns are running here (read or kept for a reader). */
  readonly size: number;
  /** Stops every running turn (a server shutting down); they are recorded as stopped. */
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
  /** Settles when the turn's chunks have all been read (it ended, failed or was stopped). */
  pumped: Promise<void> = Promise.resolve();

  constructor(
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
  const running = new Map<string, RunningTurn>();
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
        if (keepRunningMs === 0) return void stop(turn);
        turn.idle = setTimeout(() => {
          if (turn.readers.size === 0 && !turn.ended) void stop(turn);
        }, keepRunningMs);
        // A turn kept for a reader does not keep the process alive.
        turn.idle.unref?.();
      },
    });
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
      if (running.get(chatId) === turn) running.delete(chatId);
    }
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
      const turn = new RunningTurn(ownerOf(caller), source.getReader());
      const note = forgetExpected(noteKey(chatId, turn.owner));
      // A newer turn of the same chat is the one a reader comes back to.
      running.set(chatId, turn);
      const first = reader(turn);
      // Stopped before its first chunk was out: it stops once that chunk is, recorded as stopped.
      turn.stopWhenStarted = note?.stopped === true;
      turn.pumped = pump(chatId, turn);
      return first;
    },
    follow(chatId, caller) {
      const turn = running.get(chatId);
      if (turn === undefined || turn.ended || turn.owner !== ownerOf(caller)) return undefined;
      return reader(turn);
    },
    async stop(chatId, caller) {
      const owner = ownerOf(caller);
      // A turn of the chat still starting is stopped once it starts; one running is stopped now.
      const note = expected.get(noteKey(chatId, owner));
      if (note !== undefined) note.stopped = true;
      const turn = running.get(chatId);
      if (turn === undefined || turn.ended || turn.owner !== owner) return note !== undefined;
      await stop(turn);
      await turn.pumped;
      return true;
    },
    get size() {
      return running.size;
    },
    async close() {
      for (const key of [...expected.keys()]) forgetExpected(key);
      await Promise.all([...running.values()].map((turn) => stop(turn)));
    },
  };
}

/** Whose a turn is: principal and tenant (JSON, so no separator can be forged into either). */
function ownerOf(caller: Caller | undefined): string {
  return JSON.stringify([caller?.principalId ?? null, caller?.tenant ?? null]);
}
