import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../input-error.js';

const TYPESCRIPT = /\.[cm]?tsx?$/;
const REGISTERED = Symbol.for('@gk/cli.typescriptLoader');

/**
 * Imports a user's module (a pipeline) by path. A `.ts` module is loaded through `tsx`, resolved from the
 * module's own folder, so a project that runs TypeScript with tsx needs no build step for `gk echo`/`gk eval`.
 */
export async function importUserModule(path: string, cwd: string): Promise<Record<string, unknown>> {
  const absolute = resolve(cwd, path);
  if (!existsSync(absolute))
    throw new InputError({ code: 'module_not_found', file: path, message: `${path}: no such module` });
  const url = pathToFileURL(absolute).href;
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (first) {
    let error = first;
    // Node without a TypeScript loader: register tsx and try once more (a fresh URL, as the failure is cached).
    if (TYPESCRIPT.test(absolute) && isUnknownExtension(first)) {
      await registerTypeScript(absolute, path);
      try {
        return (await import(`${url}?typescript`)) as Record<string, unknown>;
      } catch (second) {
        error = second;
      }
    }
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new InputError({
      code: 'module_not_found',
      file: path,
      message: `${path}: could not be imported: ${reason.slice(0, 400)}`,
      cause: error,
    });
  }
}

/** The function a module exports under `name`, else `pipeline`, else its default export. */
export function pickExport(
  module: Record<string, unknown>,
  path: string,
  name?: string,
): (...args: never[]) => unknown {
  const candidates = name === undefined ? ['pipeline', 'default'] : [name];
  for (const key of candidates) {
    const value = module[key];
    if (typeof value === 'function') return value as (...args: never[]) => unknown;
  }
  const found = Object.keys(module).join(', ') || 'nothing';
  throw new InputError({
    code: 'no_pipeline',
    file: path,
    message: `${path}: expected a function exported as ${candidates.map((key) => `"${key}"`).join(' or ')}; it exports ${found}`,
  });
}

function isUnknownExtension(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_UNKNOWN_FILE_EXTENSION' || code === 'ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING';
}

async function registerTypeScript(absolute: string, path: string): Promise<void> {
  const global = globalThis as Record<symbol, unknown>;
  if (global[REGISTERED] === true) return;
  let api: string;
  try {
    api = resolveEsmEntry(createRequire(absolute).resolve('tsx/package.json'), './esm/api');
  } catch (error) {
    throw new InputError({
      code: 'typescript_loader_missing',
      file: path,
      message: `${path}: a TypeScript module needs tsx (npm install -D tsx), or pass the compiled .js file`,
      cause: error,
    });
  }
  const { register } = (await import(pathToFileURL(api).href)) as { register: () => unknown };
  register();
  global[REGISTERED] = true;
}

/** The file a package's `exports[subpath]` names for `import`, read from its package.json. */
function resolveEsmEntry(manifestPath: string, subpath: string): string {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports?: Record<string, unknown> };
  let target: unknown = manifest.exports?.[subpath];
  for (const condition of ['import', 'default']) {
    if (typeof target === 'object' && target !== null && condition in target)
      target = (target as Record<string, unknown>)[condition];
  }
  if (typeof target !== 'string') throw new Error(`no ESM entry for ${subpath} in ${manifestPath}`);
  return resolve(dirname(manifestPath), target);
}
