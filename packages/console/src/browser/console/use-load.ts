import { useCallback, useEffect, useRef, useState } from 'react';

/** What `useLoad` holds: the last value, the last error, whether a load is running, and a way to load again. */
export interface Loaded<T> {
  readonly value: T | undefined;
  readonly error: Error | undefined;
  readonly loading: boolean;
  reload(): void;
}

/**
 * Runs `load` whenever `key` changes; an answer that arrives after a newer load started is dropped. An
 * undefined key means there is nothing to ask for (a range the page refuses, saying why): nothing is shown.
 * While a new key loads, the last value stays on screen; if that load fails, the value (of another
 * key: other filters, another range) is dropped rather than shown under the error as if it answered it.
 */
export function useLoad<T>(load: () => Promise<T>, key: string | undefined): Loaded<T> {
  const [value, setValue] = useState<T | undefined>();
  const valueKey = useRef<string | undefined>(undefined);
  const [error, setError] = useState<Error | undefined>();
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` say when to load again.
  useEffect(() => {
    const run = ++latest.current;
    if (key === undefined) {
      valueKey.current = undefined;
      setValue(undefined);
      setError(undefined);
      setLoading(false);
      return;
    }
    setLoading(true);
    loadRef.current().then(
      (loaded) => {
        if (run !== latest.current) return;
        valueKey.current = key;
        setValue(loaded);
        setError(undefined);
        setLoading(false);
      },
      (failed: unknown) => {
        if (run !== latest.current) return;
        if (valueKey.current !== key) setValue(undefined);
        setError(failed instanceof Error ? failed : new Error(String(failed)));
        setLoading(false);
      },
    );
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { value, error, loading, reload };
}
