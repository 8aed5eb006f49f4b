// Supply chain: no workspace package runs code at install time, the validators pull in nothing at run time
// but zod (and each other), zod itself has no dependencies, and every locked package carries an integrity hash.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare'];
const VALIDATORS = ['@gk/citations', '@gk/eval-schema', '@gk/echo-check'];

interface Manifest {
  name: string;
  private?: boolean;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifests = new Map<string, Manifest>();
for (const folder of ['packages', 'examples']) {
  for (const entry of readdirSync(join(root, folder))) {
    const file = join(root, folder, entry, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      manifests.set(manifest.name, manifest);
    }
  }
}
const published = [...manifests.values()].filter((m) => m.private !== true);

describe('supply chain', () => {
  it('finds the six published packages', () => {
    expect(published.map((m) => m.name).sort()).toEqual([
      '@gk/citations',
      '@gk/cli',
      '@gk/echo-check',
      '@gk/eval-schema',
      '@gk/judge',
      '@gk/synthesis',
    ]);
  });

  it('has no install-time scripts in any workspace package or the root', () => {
    const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
    const offenders = [rootManifest, ...manifests.values()].flatMap((m) =>
      Object.keys(m.scripts ?? {})
        .filter((script) => INSTALL_SCRIPTS.includes(script))
        .map((script) => `${m.name}: ${script}`),
    );
    expect(offenders).toEqual([]);
  });

  it('gives the validators no runtime dependency outside the workspace but zod', () => {
    const external = new Set<string>();
    const seen = new Set<string>();
    const walk = (name: string): void => {
      if (seen.has(name)) return;
      seen.add(name);
      const m = manifests.get(name)!;
      for (const dependency of Object.keys({
        ...m.dependencies,
        ...m.peerDependencies,
        ...m.optionalDependencies,
      })) {
        if (manifests.has(dependency)) walk(dependency);
        else external.add(dependency);
      }
    };
    for (const validator of VALIDATORS) walk(validator);
    expect([...external]).toEqual(['zod']);
  });

  it('locks zod with no dependencies of its own and no install script', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<
        string,
        { dependencies?: object; hasInstallScript?: boolean; integrity?: string; link?: boolean }
      >;
    };
    const zod = lock.packages['node_modules/zod']!;
    expect([zod.dependencies, zod.hasInstallScript]).toEqual([undefined, undefined]);
    const unhashed = Object.entries(lock.packages)
      .filter(([path, entry]) => path.includes('node_modules/') && entry.link !== true)
      .filter(([, entry]) => !entry.integrity?.startsWith('sha512-'))
      .map(([path]) => path);
    expect(unhashed).toEqual([]);
  });

  it('commits the lockfile, and CI installs from it with npm ci', () => {
    const tracked = execFileSync('git', ['ls-files', 'package-lock.json'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    expect(tracked).toBe('package-lock.json');
    expect(readFileSync(join(root, '.ci', 'run'), 'utf8')).toMatch(/^npm ci\b/m);
  });
});
