import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { whyUnreadable } from './why-unreadable.js';

const textExtensions = ['.md', '.markdown', '.txt'];

/** The text files under a folder, the links it did not follow, and the folders it could not list. */
export interface TextFiles {
  /** Paths of `.md`, `.markdown` and `.txt` files, sorted. */
  readonly files: readonly string[];
  /** `<path in the folder>: <why>` for each link left out (broken, or to a folder already listed), sorted. */
  readonly skipped: readonly string[];
  /** Each folder under `root` that could not be listed (a name that is not UTF-8), with why, by path. */
  readonly unlisted: ReadonlyArray<{ readonly folder: string; readonly why: string }>;
}

/**
 * Lists the text files under `root`, following symbolic links to files and folders; a folder is listed once
 * (by its real path), so a link back up the tree ends instead of looping. A folder under `root` that cannot be
 * listed is reported in `unlisted`, and the rest is still listed.
 */
export async function listTextFiles(root: string): Promise<TextFiles> {
  const files: string[] = [];
  const skipped: string[] = [];
  const unlisted: Array<{ folder: string; why: string }> = [];
  const listed = new Set<string>();
  const walk = async (folder: string): Promise<void> => {
    let entries: Dirent[];
    try {
      const real = await realpath(folder);
      if (listed.has(real)) return void skipped.push(`${relative(root, folder)}: a folder already listed`);
      listed.add(real);
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (folder === root) throw error;
      return void unlisted.push({ folder: relative(root, folder), why: whyUnreadable(folder, error) });
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      const target = entry.isSymbolicLink() ? await stat(path).catch(() => undefined) : entry;
      if (!target) {
        skipped.push(`${relative(root, path)}: a broken link`);
      } else if (target.isDirectory()) {
        await walk(path);
      } else if (target.isFile() && textExtensions.includes(extname(entry.name).toLowerCase())) {
        files.push(path);
      }
    }
  };
  await walk(root);
  const byFolder = (left: { folder: string }, right: { folder: string }) =>
    left.folder < right.folder ? -1 : left.folder > right.folder ? 1 : 0;
  return { files: files.sort(), skipped: skipped.sort(), unlisted: unlisted.sort(byFolder) };
}
