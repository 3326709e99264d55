import { DataError } from './data-error.js';

/**
 * Throws a `DataError` when the Qdrant server answers that `name` does not exist, so a reading command never
 * creates a collection (opening the store would). An unreachable server or a malformed address is left for the store to report.
 */
export async function requireQdrantCollection(options: {
  readonly url: string;
  readonly apiKey?: string | undefined;
  readonly name: string;
  readonly collection: string;
}): Promise<void> {
  let exists: unknown;
  try {
    const base = `${options.url.replace(/\/*$/, '')}/`;
    const address = new URL(`collections/${encodeURIComponent(options.name)}/exists`, base);
    const response = await fetch(address, {
      headers: options.apiKey ? { 'api-key': options.apiKey } : {},
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return;
    exists = ((await response.json()) as { result?: { exists?: unknown } }).result?.exists;
  } catch {
    return;
  }
  if (exists === false) {
    throw new DataError(
      `Qdrant collection ${options.name} does not exist (ingest into it first: opwire ingest <dir> --store qdrant --collection ${options.collection})`,
    );
  }
}
