import type { UIMessageChunk } from 'ai';

/**
 * Where running chat turns are kept for readers in other processes of the same app, and where a stop reaches the
 * process running a turn (`createChatStreams({ store })`): what the AI SDK's `resumable-stream` keeps in Redis.
 * The process running a turn opens it, appends its chunks in order, beats while it runs (learning of stops asked
 * elsewhere and of readers elsewhere) and ends it; any process finds an owner's running turn of a chat, reads its
 * chunks from any position and asks it to stop. A turn counts as running until it is ended or its process has not
 * beaten for the store's stale time (the process died): then it reads as ended. The running process removes its
 * turn a few seconds after its end; `open` deletes turns ended (or dead) for ten minutes, which it left. `owner` is an opaque key of the caller (principal and tenant): a turn is found by its owner only.
 */
export interface ChatStreamStore {
  /** A turn of the chat `chatId` starts running in this process; resolves to its key. */
  open(turn: { readonly chatId: string; readonly owner: string }): Promise<string>;
  /**
   * Stores `chunks` as the turn's chunks from position `from` (0 for its first): appended in order, without a gap;
   * a position stored already is kept.
   */
  append(key: string, from: number, chunks: readonly UIMessageChunk[]): Promise<void>;
  /**
   * The turns `keys` still run in this process. Resolves to those of them a stop was asked for (`requestStop`)
   * and those another process read since their previous beat (`read`).
   */
  beat(
    keys: readonly string[],
  ): Promise<{ readonly stop: readonly string[]; readonly read: readonly string[] }>;
  /** The turn ended (its last chunk is appended): readers elsewhere end after it. */
  end(key: string): Promise<void>;
  /** The key of the owner's newest running turn of the chat, or `undefined` when none runs. */
  find(chatId: string, owner: string): Promise<string | undefined>;
  /**
   * The turn's chunks from position `from` (in order; a store may return a page of them), and whether it has ended
   * (or its process died, or it is unknown): noted as a read by another process for the turn's next beat. Once a
   * read said `ended`, a read after it has every chunk the turn appended.
   */
  read(
    key: string,
    from: number,
  ): Promise<{ readonly chunks: readonly UIMessageChunk[]; readonly ended: boolean }>;
  /** Asks the owner's newest running turn of the chat to stop; resolves to its key, or `undefined` when none runs. */
  requestStop(chatId: string, owner: string): Promise<string | undefined>;
  /** Whether the turn has ended (or its process died, or it is unknown), without counting as a read. */
  ended(key: string): Promise<boolean>;
  /** Deletes the turn and its chunks: a read then finds it ended, with no chunks. */
  remove(key: string): Promise<void>;
}

/** Options for `createMemoryChatStreamStore`. */
export interface ChatStreamStoreOptions {
  /** How long a turn whose process stopped beating counts as running, in milliseconds (default 10 000). */
  readonly staleMs?: number | undefined;
}

/** How long a turn ended (or dead) and not removed is kept before a new turn's `open` deletes it. */
export const endedTurnsKeptMs = 10 * 60_000;

interface StoredTurn {
  readonly chatId: string;
  readonly owner: string;
  readonly chunks: UIMessageChunk[];
  beatAt: number;
  endedAt: number | undefined;
  stopAsked: boolean;
  readElsewhere: boolean;
}

/**
 * A `ChatStreamStore` in this process's memory: for tests, and for several `createChatStreams` in one process.
 * Processes share nothing through it; use `@opwire/postgres/ai`'s `createPostgresChatStreamStore` for that.
 */
export function createMemoryChatStreamStore(options: ChatStreamStoreOptions = {}): ChatStreamStore {
  const staleMs = checkStaleMs(options.staleMs);
  const turns = new Map<string, StoredTurn>();
  const running = (turn: StoredTurn | undefined, now = Date.now()): turn is StoredTurn =>
    turn !== undefined && turn.endedAt === undefined && turn.beatAt > now - staleMs;
  const newest = (chatId: string, owner: string) => {
    let found: string | undefined;
    for (const [key, turn] of turns)
      if (turn.chatId === chatId && turn.owner === owner && running(turn)) found = key;
    return found;
  };
  return {
    async open({ chatId, owner }) {
      const now = Date.now();
      for (const [key, turn] of turns) {
        if ((turn.endedAt ?? turn.beatAt) < now - endedTurnsKeptMs) turns.delete(key);
      }
      const key = crypto.randomUUID();
      turns.set(key, {
        chatId,
        owner,
        chunks: [],
        beatAt: now,
        endedAt: undefined,
        stopAsked: false,
        readElsewhere: false,
      });
      return key;
    },
    async append(key, from, chunks) {
      const turn = turns.get(key);
      if (turn === undefined) return;
      // Positions stored already are kept (a write tried again).
      for (const chunk of chunks.slice(Math.max(0, turn.chunks.length - from)))
        turn.chunks.push(structuredClone(chunk));
    },
    async beat(keys) {
      const stop: string[] = [];
      const read: string[] = [];
      for (const key of keys) {
        const turn = turns.get(key);
        if (turn === undefined || turn.endedAt !== undefined) continue;
        turn.beatAt = Date.now();
        if (turn.stopAsked) stop.push(key);
        if (turn.readElsewhere) read.push(key);
        turn.readElsewhere = false;
      }
      return { stop, read };
    },
    async end(key) {
      const turn = turns.get(key);
      if (turn !== undefined && turn.endedAt === undefined) turn.endedAt = Date.now();
    },
    async find(chatId, owner) {
      return newest(chatId, owner);
    },
    async read(key, from) {
      const turn = turns.get(key);
      if (turn === undefined) return { chunks: [], ended: true };
      const ended = !running(turn);
      if (!ended) turn.readElsewhere = true;
      return { chunks: turn.chunks.slice(Math.max(0, from)).map((chunk) => structuredClone(chunk)), ended };
    },
    async requestStop(chatId, owner) {
      const key = newest(chatId, owner);
      const turn = key === undefined ? undefined : turns.get(key);
      if (turn !== undefined) turn.stopAsked = true;
      return key;
    },
    async ended(key) {
      return !running(turns.get(key));
    },
    async remove(key) {
      turns.delete(key);
    },
  };
}

/** The stale time in milliseconds, checked: a whole number from 1 to a day. */
export function checkStaleMs(staleMs: number | undefined): number {
  const value = staleMs ?? 10_000;
  if (!Number.isSafeInteger(value) || value < 1 || value > 86_400_000) {
    throw new TypeError(`staleMs must be a whole number of milliseconds from 1 to 86400000; got ${value}`);
  }
  return value;
}
