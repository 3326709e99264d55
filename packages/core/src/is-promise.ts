/**
 * Whether a pipeline step gave a promise to wait for rather than a value to use now. Steps and
 * adapters that wait return native promises (as async functions do); a plain `instanceof` keeps
 * the check off the response object's properties.
 */
export function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}
