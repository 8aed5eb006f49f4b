import { lstat, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

// Links followed before giving up, as the system does (Linux's ELOOP limit).
const MAX_LINKS = 40;

/**
 * The file an output path names, through any symbolic link, so that renaming a temporary file onto it keeps the
 * link a link: `realpath` for a path that exists, and for one that does not, each link followed to the path it
 * names (a link to a file not written yet). A path that is no link, or a loop, is returned as it is.
 */
export async function resolveOutputPath(path: string): Promise<string> {
  const real = await realpath(path).catch(() => undefined);
  if (real !== undefined) return real;
  let current = path;
  for (let hop = 0; hop < MAX_LINKS; hop++) {
    const info = await lstat(current).catch(() => undefined);
    if (info === undefined || !info.isSymbolicLink()) return realFolder(current);
    current = resolve(dirname(current), await readlink(current));
  }
  return path;
}

/** `path` with its folder read through its links (`alias/x.json` is `real/x.json`), when the folder exists. */
async function realFolder(path: string): Promise<string> {
  const folder = await realpath(dirname(path)).catch(() => undefined);
  return folder === undefined ? path : join(folder, basename(path));
}
