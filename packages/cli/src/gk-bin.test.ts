// The `gk` executable itself: the build, and the sources through tsx as in a fresh clone before `npm run build`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { passage, temporaryFolder } from './__fixtures__/run-gk.js';

const bin = fileURLToPath(new URL('../bin/gk.js', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));
const water = passage('physics.md', 'Water boils at 100 °C at sea level.');
const input = Array.from(
  { length: 40 },
  (_, i) =>
    `${JSON.stringify({ id: `q${i}`, answer: i % 2 ? 'Water boils [1].' : 'Water boils [2].', passages: [water] })}\n`,
).join('');

const TYPESCRIPT_PIPELINE = `import { extractiveModel, synthesize } from '@gk/synthesis';

type Input = { question: string; passages: Parameters<typeof synthesize>[0]['passages'] };
export const pipeline = ({ question, passages }: Input) =>
  synthesize({ model: extractiveModel(), question, passages, policy: 'drop-claims' });
`;

/** A project outside the workspace with tsx and @gk/synthesis installed and a `.ts` pipeline. */
function typescriptProject(manifest: string | undefined): string {
  const dir = temporaryFolder('gk-ts-pipeline-');
  mkdirSync(join(dir, 'node_modules', '@gk'), { recursive: true });
  symlinkSync(join(root, 'node_modules', 'tsx'), join(dir, 'node_modules', 'tsx'), 'dir');
  symlinkSync(join(root, 'packages', 'synthesis'), join(dir, 'node_modules', '@gk', 'synthesis'), 'dir');
  if (manifest !== undefined) writeFileSync(join(dir, 'package.json'), manifest);
  writeFileSync(join(dir, 'pipeline.ts'), TYPESCRIPT_PIPELINE);
  return dir;
}

function gk(args: string[], env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, [bin, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

describe('bin/gk.js', () => {
  it('is linked as node_modules/.bin/gk by npm install', () => {
    expect(readlinkSync(join(root, 'node_modules', '.bin', 'gk'))).toMatch(/cli\/bin\/gk\.js$/);
  });

  it('runs from the sources (with worker threads) exactly as from the build', { timeout: 120_000 }, () => {
    const built = gk(['verify', '-', '--workers', '2']);
    const source = gk(['verify', '-', '--workers', '2'], { GK_FROM_SOURCE: '1' });
    expect(source).toBe(built);
    expect(source.trim().split('\n')).toHaveLength(40);
    expect(gk(['--version'], { GK_FROM_SOURCE: '1' }).trim()).toBe(gk(['--version']).trim());
  });

  it('loads a .ts pipeline through tsx in a project with no package.json or one without "type"', {
    timeout: 240_000,
  }, () => {
    for (const manifest of [undefined, '{ "name": "app", "private": true }']) {
      const dir = typescriptProject(manifest);
      for (const file of ['pipeline.ts']) {
        for (const env of [{}, { GK_FROM_SOURCE: '1' }]) {
          const run = spawnSync(process.execPath, [bin, 'echo', file, '--cases', '1', '--out', 'e.json'], {
            cwd: dir,
            encoding: 'utf8',
            env: { ...process.env, ...env },
          });
          expect({ file, manifest, env, stderr: run.stderr, code: run.status }).toMatchObject({
            stderr: expect.stringContaining('1 cases: 1 grounded'),
            code: 0,
          });
        }
      }
    }
  });
});
