import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  VALIDATORS,
  findDependents,
  findModelDependencies,
  findNodeBuiltinImports,
  findPrivateImports,
  findPrivateRuntimeDependencies,
  readWorkspaces,
} from './dependency-rules.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
const folder = (name: string): string => name.replace('@gk/', '');

describe('dependency rules', () => {
  it('keeps the validators free of ai and @ai-sdk/*, directly and through workspace packages', () => {
    const workspaces = readWorkspaces(root);
    for (const name of VALIDATORS) expect(workspaces.has(name)).toBe(true);
    expect(findModelDependencies(workspaces, VALIDATORS)).toEqual([]);
  });

  it('reports a validator that reaches ai, directly, through another workspace package or a bundled kit', () => {
    const workspaces = readWorkspaces(join(fixtures, 'wrong-workspace'));
    expect(findModelDependencies(workspaces, VALIDATORS)).toEqual([
      '@gk/citations -> @ai-sdk/openai',
      '@gk/eval-schema -> ai',
      '@gk/eval-schema -> @gk/model-kit -> ai',
      '@gk/echo-check -> @gk/citations -> @ai-sdk/openai',
      '@gk/echo-check -> @gk/eval-schema -> ai',
      '@gk/echo-check -> @gk/eval-schema -> @gk/model-kit -> ai',
    ]);
  });

  it('lets a model-free private kit be bundled into a validator', () => {
    const workspaces = readWorkspaces(root);
    expect(workspaces.get('@gk/citations')?.devDependencies).toHaveProperty('@gk/internal');
    expect(findModelDependencies(workspaces, ['@gk/citations'])).toEqual([]);
  });

  it.each(VALIDATORS)(
    'bundles the built main entry of %s for the browser without a Node built-in',
    async (name) => {
      const entry = join(root, 'packages', folder(name), 'dist', 'index.js');
      expect(await findNodeBuiltinImports(entry)).toEqual([]);
    },
  );

  it('finds a Node built-in imported through a relative module', async () => {
    const found = await findNodeBuiltinImports(join(fixtures, 'node-import', 'index.js'));
    expect(found).toEqual([expect.stringContaining('node:fs')]);
  });

  it('bundles the private kits into each published package instead of depending on them', () => {
    expect(findPrivateRuntimeDependencies(root)).toEqual([]);
    const workspaces = readWorkspaces(root);
    const kits = [...workspaces.values()].filter((manifest) => manifest.private).map(({ name }) => name);
    expect(kits).toEqual(expect.arrayContaining(['@gk/internal', '@gk/model-kit']));
    const published = [...workspaces.keys()].filter((name) => !kits.includes(name));
    const distFiles = new Map<string, string>();
    for (const name of published) {
      const dist = join(root, 'packages', folder(name), 'dist');
      for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
        if (/\.(?:js|d\.ts)$/.test(file))
          distFiles.set(`${name}/dist/${file}`, readFileSync(join(dist, file), 'utf8'));
      }
    }
    expect(distFiles.size).toBeGreaterThan(published.length);
    expect(findPrivateImports(distFiles, kits)).toEqual([]);
  });

  it('reports a published package that depends on the private kit, and a build that imports it', () => {
    expect(findPrivateRuntimeDependencies(join(fixtures, 'wrong-workspace'))).toEqual([
      '@gk/echo-check -> @gk/internal',
    ]);
    const leaky = new Map([['x/dist/index.d.ts', "import { GroundkitError } from '@gk/internal';"]]);
    expect(findPrivateImports(leaky, ['@gk/internal'])).toEqual(['x/dist/index.d.ts imports @gk/internal']);
  });

  it('keeps @gk/cli a leaf: it may depend on every package, no package depends on it', () => {
    const workspaces = readWorkspaces(root);
    expect(workspaces.has('@gk/cli')).toBe(true);
    expect(findDependents(workspaces, '@gk/cli')).toEqual([]);
    const wrong = new Map([
      ...workspaces,
      ['@gk/judge', { name: '@gk/judge', dependencies: { '@gk/cli': '^0.1.0' } }],
    ]);
    expect(findDependents(wrong, '@gk/cli')).toEqual(['@gk/judge -> @gk/cli']);
  });
});
