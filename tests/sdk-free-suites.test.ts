import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SDK_FREE_SUITES } from '../scripts/matrix/sdk-free-suites.js';

const root = fileURLToPath(new URL('..', import.meta.url));

const isSdk = (path: string): boolean =>
  path === 'ai' || path.startsWith('ai/') || path.startsWith('@ai-sdk/');

/** `@gk/<package>[/<entry>]` to its source file, as the test configuration aliases it. */
function sourceOf(specifier: string): string {
  const [, name, entry] = /^@gk\/([^/]+)(?:\/(.+))?$/.exec(specifier) ?? [];
  const folder = join(root, 'packages', name ?? '', 'src');
  const candidates =
    entry === undefined
      ? [join(folder, 'index.ts')]
      : [join(folder, entry, 'index.ts'), join(folder, `${entry}.ts`)];
  const found = candidates.find((file) => existsSync(file));
  if (found === undefined) throw new Error(`no source for ${specifier}`);
  return found;
}

/** Every import of the AI SDK that `entry` reaches, directly or through the modules it imports. */
async function sdkImports(entry: string): Promise<string[]> {
  const found: string[] = [];
  const record: Plugin = {
    name: 'record-ai-sdk',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, (args) => {
        if (isSdk(args.path)) {
          found.push(`${args.path} (imported by ${args.importer})`);
          return { path: args.path, external: true };
        }
        if (args.path.startsWith('@gk/')) return { path: sourceOf(args.path) };
        if (args.path === 'vitest' || args.path.startsWith('node:'))
          return { path: args.path, external: true };
        return undefined;
      });
    },
  };
  await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    plugins: [record],
  });
  return found;
}

// The AI SDK 7 run of the runtime matrix leaves these suites out (ADR 0052): that is sound only while nothing of the
// AI SDK is on their path, so a suite that starts to reach it must leave the list and run on both majors.
describe('the suites the AI SDK 7 run leaves out', () => {
  it.each(SDK_FREE_SUITES)('%s reaches nothing of the AI SDK', async (suite) => {
    expect(await sdkImports(suite)).toEqual([]);
  });

  it('would see a suite that reaches the AI SDK', async () => {
    const found = await sdkImports('packages/synthesis/src/synthesize/synthesize.perf.test.ts');
    expect(found.some((line) => line.startsWith('ai '))).toBe(true);
  });
});
