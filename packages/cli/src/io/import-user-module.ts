import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
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
  if (TYPESCRIPT.test(absolute)) await registerTypeScript(absolute, path);
  try {
    return (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
  } catch (error) {
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

async function registerTypeScript(absolute: string, path: string): Promise<void> {
  const global = globalThis as Record<symbol, unknown>;
  if (global[REGISTERED] === true) return;
  let api: string;
  try {
    api = createRequire(absolute).resolve('tsx/esm/api');
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
