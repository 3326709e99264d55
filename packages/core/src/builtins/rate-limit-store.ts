/** The count of one key in its current window. */
export interface RateLimitCount {
  /** Hits in the window, this one included. */
  readonly count: number;
  /** When the window ends (epoch milliseconds). */
  readonly resetAt: number;
}

/** The port that counts hits per key in fixed windows; several processes sharing a store share the counts. */
export interface RateLimitStore {
  /** Counts one hit of `key` in the window of `windowMs` that contains `now` (epoch milliseconds). */
  hit(key: string, windowMs: number, now: number): Promise<RateLimitCount>;
}

/** Counts hits in this process's memory (one process, or tests); windows that ended are dropped as they go. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { start: number; count: number; resetAt: number }>();
  let sweptAt = 0;
  return {
    async hit(key, windowMs, now) {
      const start = now - (now % windowMs);
      if (now - sweptAt > windowMs) {
        sweptAt = now;
        for (const [stored, window] of windows) if (window.resetAt <= now) windows.delete(stored);
      }
      const current = windows.get(key);
      const window =
        current && current.start === start ? current : { start, count: 0, resetAt: start + windowMs };
      window.count++;
      windows.set(key, window);
      return { count: window.count, resetAt: window.resetAt };
    },
  };
}
