import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../input-error.js';
import { describeThrown } from '../describe-thrown.js';

const TYPESCRIPT = /\.[cm]?tsx?$/;

type TsImport = (specifier: string, parentURL: string) => Promise<Record<string, unknown>>;

/**
 * Imports a user's module (a pipeline) by path. A `.ts` module that Node cannot import itself is loaded through
 * `tsx`, resolved from the module's own folder, so a project that runs TypeScript with tsx needs no build step
 * for `gk echo`/`gk eval`, whether its package.json says `"type": "module"` or not.
 */
export async function importUserModule(path: string, cwd: string): Promise<Record<string, unknown>> {
  const absolute = resolve(cwd, path);
  if (!existsSync(absolute))
    throw new InputError({ code: 'module_not_found', file: path, message: `${path}: no such module` });
  const url = pathToFileURL(absolute).href;
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(url)) as Record<string, unknown>;
  } catch (first) {
    // Node without a TypeScript loader (before 22.18, or a file under node_modules): import it through tsx.
    if (!(TYPESCRIPT.test(absolute) && isUnknownExtension(first))) throw importFailed(path, first);
    const tsImport = await loadTsImport(absolute, path);
    try {
      namespace = await tsImport(url, url);
    } catch (second) {
      throw importFailed(path, second);
    }
  }
  return commonJsExports(namespace);
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

/** A module that exists but throws on import (a syntax error, a missing dependency, a top-level throw). */
function importFailed(path: string, error: unknown): InputError {
  const reason = describeThrown(error);
  return new InputError({
    code: 'module_import_failed',
    file: path,
    message: `${path}: could not be imported: ${reason.slice(0, 400)}`,
    cause: error,
  });
}

/**
 * tsx's `tsImport`, which registers its CommonJS and ESM hooks together under a fresh namespace: a `.ts` file in
 * a package without `"type": "module"` is CommonJS to tsx, and its ESM hooks alone cannot load it.
 */
async function loadTsImport(absolute: string, path: string): Promise<TsImport> {
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
  const { tsImport } = (await import(pathToFileURL(api).href)) as { tsImport: TsImport };
  return tsImport;
}

/** A CommonJS module compiled from ESM (by tsx or tsc) arrives as `{ default: exports }`; its exports are the module. */
function commonJsExports(namespace: Record<string, unknown>): Record<string, unknown> {
  const exports = namespace.default;
  const compiled =
    typeof exports === 'object' &&
    exports !== null &&
    (exports as { __esModule?: unknown }).__esModule === true;
  return compiled ? (exports as Record<string, unknown>) : namespace;
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
