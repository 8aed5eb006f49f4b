import { builtinModules } from 'node:module';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';

/** The packages that must stay model-free and runtime-neutral. */
export const VALIDATORS = ['@gk/citations', '@gk/eval-schema', '@gk/echo-check'] as const;

const FORBIDDEN = (name: string): boolean => name === 'ai' || name.startsWith('@ai-sdk/');

interface Manifest {
  name: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Reads every workspace manifest under `<root>/packages/*`. */
export function readWorkspaces(root: string): Map<string, Manifest> {
  const manifests = new Map<string, Manifest>();
  const dir = join(root, 'packages');
  for (const entry of readdirSync(dir)) {
    const file = join(dir, entry, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    manifests.set(manifest.name, manifest);
  }
  return manifests;
}

/** Every workspace package that depends on `target` in any way (the command-line package is a leaf). */
export function findDependents(workspaces: Map<string, Manifest>, target: string): string[] {
  return [...workspaces.values()]
    .filter((manifest) =>
      [
        manifest.dependencies,
        manifest.peerDependencies,
        manifest.optionalDependencies,
        manifest.devDependencies,
      ].some((list) => list !== undefined && Object.hasOwn(list, target)),
    )
    .map((manifest) => `${manifest.name} -> ${target}`);
}

/**
 * Every path by which a validator reaches `ai` or `@ai-sdk/*` through runtime or peer dependencies, or
 * through a private workspace package it lists as a dev dependency (the build bundles those in).
 */
export function findModelDependencies(
  workspaces: Map<string, Manifest>,
  validators: readonly string[],
): string[] {
  const violations: string[] = [];
  for (const start of validators) {
    const seen = new Set<string>();
    const walk = (name: string, path: string[]): void => {
      if (seen.has(name)) return;
      seen.add(name);
      const manifest = workspaces.get(name);
      if (!manifest) return;
      const bundled = Object.keys(manifest.devDependencies ?? {}).filter(
        (dependency) => workspaces.get(dependency)?.private === true,
      );
      const names = [
        ...Object.keys({
          ...manifest.dependencies,
          ...manifest.peerDependencies,
          ...manifest.optionalDependencies,
        }),
        ...bundled,
      ];
      for (const dependency of names) {
        if (FORBIDDEN(dependency)) violations.push([...path, name, dependency].join(' -> '));
        else if (workspaces.has(dependency)) walk(dependency, [...path, name]);
      }
    };
    walk(start, []);
  }
  return violations;
}

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Bundles an entry for the browser and returns every Node built-in it imports, directly or transitively. */
export async function findNodeBuiltinImports(entry: string): Promise<string[]> {
  const found: string[] = [];
  const recordBuiltins: Plugin = {
    name: 'record-node-builtins',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, (args) => {
        if (builtins.has(args.path) || args.path.startsWith('node:')) {
          found.push(`${args.path} (imported by ${args.importer})`);
          return { path: args.path, external: true };
        }
        return undefined;
      });
    },
  };
  await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
    plugins: [recordBuiltins],
  });
  return found;
}

/** Every published workspace package that lists a private workspace package as a runtime or peer dependency. */
export function findPrivateRuntimeDependencies(root: string): string[] {
  const manifests = readWorkspaces(root);
  const violations: string[] = [];
  for (const manifest of manifests.values()) {
    if (manifest.private) continue;
    const runtime = {
      ...manifest.dependencies,
      ...manifest.peerDependencies,
      ...manifest.optionalDependencies,
    };
    for (const name of Object.keys(runtime)) {
      if (manifests.get(name)?.private) violations.push(`${manifest.name} -> ${name}`);
    }
  }
  return violations;
}

/** Every file under a built `dist` folder that still imports a private workspace package by name. */
export function findPrivateImports(
  distFiles: ReadonlyMap<string, string>,
  privateNames: readonly string[],
): string[] {
  const found: string[] = [];
  for (const [file, text] of distFiles) {
    for (const name of privateNames) {
      if (text.includes(`'${name}'`) || text.includes(`"${name}"`)) found.push(`${file} imports ${name}`);
    }
  }
  return found;
}
