import { describeError } from './describe-error.js';

/**
 * Why a listed file or folder could not be read. A name the file system holds in another encoding than UTF-8 is
 * listed with U+FFFD in place of its bytes, and so names nothing: said as such, since renaming is the cure.
 */
export function whyUnreadable(path: string, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT' && path.includes('\uFFFD')) return 'its name is not UTF-8 (rename it to ingest it)';
  return `cannot be read (${typeof code === 'string' ? code : describeError(error)})`;
}
