import { readdir, realpath, stat } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';

const textExtensions = ['.md', '.markdown', '.txt'];

/** The text files under a folder, and the links it did not follow with why. */
export interface TextFiles {
  /** Paths of `.md`, `.markdown` and `.txt` files, sorted. */
  readonly files: readonly string[];
  /** `<path in the folder>: <why>` for each link left out (broken, or to a folder already listed), sorted. */
  readonly skipped: readonly string[];
}

/**
 * Lists the text files under `root`, following symbolic links to files and folders; a folder is listed once
 * (by its real path), so a link back up the tree ends instead of looping.
 */
export async function listTextFiles(root: string): Promise<TextFiles> {
  const files: string[] = [];
  const skipped: string[] = [];
  const listed = new Set<string>();
  const walk = async (folder: string): Promise<void> => {
    listed.add(await realpath(folder));
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const target = entry.isSymbolicLink() ? await stat(path).catch(() => undefined) : entry;
      if (!target) {
        skipped.push(`${relative(root, path)}: a broken link`);
      } else if (target.isDirectory()) {
        if (listed.has(await realpath(path)))
          skipped.push(`${relative(root, path)}: a folder already listed`);
        else await walk(path);
      } else if (target.isFile() && textExtensions.includes(extname(entry.name).toLowerCase())) {
        files.push(path);
      }
    }
  };
  await walk(root);
  return { files: files.sort(), skipped: skipped.sort() };
}
