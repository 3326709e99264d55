/**
 * The seconds a `retry-after` header among an error's headers asks the caller to wait (`RATE_LIMITED`,
 * `BUDGET_EXCEEDED`), for MCP answers that carry no headers; `undefined` when there is none or it is an HTTP date.
 */
export function retryAfterOf(headers: Readonly<Record<string, string>> | undefined): number | undefined {
  const header = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'retry-after');
  const value = header?.[1].trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}
