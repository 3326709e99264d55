import type { HandleRequestOptions } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Caller } from '@opwire/core';

/** One open MCP session over HTTP: whose it is, when it was last used, how many calls it is running. */
export interface McpSession {
  readonly id: string;
  readonly owner: string;
  /** The protocol version negotiated at initialize, which decides what the session's requests may be. */
  readonly protocolVersion: string;
  lastSeen: number;
  busy: number;
  /** The ids (as JSON) of the session's requests being answered: a second request may not reuse one. */
  readonly inFlight: Set<string>;
  /** Answers one request of the session through its transport. */
  handle(request: Request, options: HandleRequestOptions): Promise<Response>;
  /** Ends the session (its transport and server). */
  close(): Promise<void>;
}

/** Limits of the session table. */
export interface SessionLimits {
  /** A session unused this long (and running no call) is closed; default 30 minutes. */
  readonly idleMs?: number;
  /** Sessions open at once; past it a new session is refused (503). Default 1000. */
  readonly max?: number;
  /** Sessions one caller may hold; past it the caller's least recently used idle one is closed. Default 20. */
  readonly maxPerCaller?: number;
}

/** The open sessions, each bound to the caller that opened it. */
export interface SessionTable {
  readonly size: number;
  /** The session with this id, if `caller` opened it; anyone else's looks exactly like an unknown id. */
  find(id: string, caller: Caller): McpSession | undefined;
  /** Holds a place for a new session of `caller`; `undefined` when the table is full. Call the result once done. */
  reserve(caller: Caller): (() => void) | undefined;
  add(session: McpSession): void;
  remove(id: string): void;
  /** Closes the sessions idle past the limit. */
  sweep(): Promise<void>;
  /** Stops the sweeping timer and closes every session. */
  close(): Promise<void>;
}

/** Whose a session is: the tenant and principal, so a refreshed token of the same user keeps its session. */
export function ownerOf(caller: Caller): string {
  return JSON.stringify([caller.tenant, caller.principalId]);
}

/** Creates the table, sweeping idle sessions on an unref'd timer. */
export function createSessionTable(limits: SessionLimits = {}, now: () => number = Date.now): SessionTable {
  const idleMs = limits.idleMs ?? 30 * 60_000;
  const max = limits.max ?? 1000;
  const maxPerCaller = limits.maxPerCaller ?? 20;
  const sessions = new Map<string, McpSession>();
  let reserved = 0;
  const idle = (session: McpSession, at: number) => session.busy === 0 && at - session.lastSeen >= idleMs;

  const closeSession = (session: McpSession) => {
    sessions.delete(session.id);
    return session.close().catch(() => undefined);
  };
  const sweep = async () => {
    const at = now();
    await Promise.all([...sessions.values()].filter((session) => idle(session, at)).map(closeSession));
  };
  const timer = setInterval(() => void sweep(), Math.min(idleMs, 60_000));
  timer.unref();

  return {
    get size() {
      return sessions.size;
    },
    find(id, caller) {
      const session = sessions.get(id);
      if (!session || session.owner !== ownerOf(caller)) return undefined;
      if (idle(session, now())) {
        void closeSession(session);
        return undefined;
      }
      session.lastSeen = now();
      return session;
    },
    reserve(caller) {
      const at = now();
      for (const session of sessions.values()) if (idle(session, at)) void closeSession(session);
      const owner = ownerOf(caller);
      const own = [...sessions.values()].filter((session) => session.owner === owner);
      if (own.length >= maxPerCaller) {
        const oldest = own.filter((session) => session.busy === 0).sort((a, b) => a.lastSeen - b.lastSeen)[0];
        if (!oldest) return undefined;
        void closeSession(oldest);
      }
      if (sessions.size + reserved >= max) return undefined;
      reserved++;
      let released = false;
      return () => {
        if (!released) reserved--;
        released = true;
      };
    },
    add(session) {
      sessions.set(session.id, session);
    },
    remove(id) {
      sessions.delete(id);
    },
    sweep,
    async close() {
      clearInterval(timer);
      await Promise.all([...sessions.values()].map(closeSession));
    },
  };
}
