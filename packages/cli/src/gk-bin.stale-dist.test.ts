// Which code bin/gk.js runs in a source checkout: dist/ when it is current, the sources when any is newer.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from './__fixtures__/run-gk.js';

const bin = fileURLToPath(new URL('../bin/gk.js', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/tsx', import.meta.url));
const LIBRARIES = ['citations', 'eval-schema', 'echo-check'];
const HOUR = 3600;

/** A file with its modification time `age` seconds before now. */
function file(path: string, text: string, age: number): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  touch(path, age);
}

function touch(path: string, age: number): void {
  const time = Date.now() / 1000 - age;
  utimesSync(path, time, time);
}

/** A built source checkout of the cli (whose src/ and dist/ say which ran) with stand-ins for the libraries. */
function checkout(): string {
  const root = temporaryFolder('gk-stale-dist-');
  const cli = join(root, 'cli');
  mkdirSync(join(cli, 'bin'), { recursive: true });
  copyFileSync(bin, join(cli, 'bin', 'gk.js'));
  writeFileSync(join(cli, 'package.json'), '{ "type": "module" }');
  writeFileSync(join(cli, 'tsconfig.source.json'), '{}');
  file(join(cli, 'src', 'cli.ts'), "process.stdout.write('source\\n');\n", 2 * HOUR);
  file(join(cli, 'src', 'io', 'open-input.ts'), 'export {};\n', 2 * HOUR);
  file(join(cli, 'dist', 'cli.js'), "process.stdout.write('dist\\n');\n", HOUR);
  const modules = join(cli, 'node_modules');
  for (const name of LIBRARIES) {
    const folder = join(modules, '@gk', name);
    file(
      join(folder, 'package.json'),
      '{ "type": "module", "exports": { ".": "./dist/index.js", "./package.json": "./package.json" } }',
      HOUR,
    );
    file(join(folder, 'src', 'index.ts'), 'export {};\n', 2 * HOUR);
    file(join(folder, 'dist', 'index.js'), 'export {};\n', HOUR);
  }
  symlinkSync(tsx, join(modules, 'tsx'), 'dir');
  return cli;
}

function gk(cli: string, env: Record<string, string> = {}): { stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(cli, 'bin', 'gk.js')], {
    encoding: 'utf8',
    env: { ...process.env, GK_FROM_SOURCE: '', ...env },
  });
  return { stdout: run.stdout, stderr: run.stderr };
}

describe('bin/gk.js in a source checkout', () => {
  it('runs dist/ when it is newer than every source file, tests and fixtures aside', () => {
    const cli = checkout();
    expect(gk(cli)).toEqual({ stdout: 'dist\n', stderr: '' });
    file(join(cli, 'src', 'io', 'open-input.test.ts'), '', 0);
    file(join(cli, 'src', '__fixtures__', 'pipeline.ts'), '', 0);
    expect(gk(cli)).toEqual({ stdout: 'dist\n', stderr: '' });
    expect(gk(cli, { GK_FROM_SOURCE: '1' }).stdout).toBe('source\n');
  });

  it('runs the sources when a file of its src/ is newer than dist/ (a git pull since the build)', () => {
    const cli = checkout();
    touch(join(cli, 'src', 'io', 'open-input.ts'), 0);
    expect(gk(cli)).toEqual({ stdout: 'source\n', stderr: '' });
  });

  it('runs the sources when a library it imports has a source newer than its build', () => {
    const cli = checkout();
    touch(join(cli, 'node_modules', '@gk', 'echo-check', 'src', 'index.ts'), 0);
    expect(gk(cli)).toEqual({ stdout: 'source\n', stderr: '' });
  });

  it('runs dist/ with one warning line when it is stale and tsx is not installed', () => {
    const cli = checkout();
    touch(join(cli, 'src', 'cli.ts'), 0);
    rmSync(join(cli, 'node_modules', 'tsx'));
    expect(gk(cli)).toEqual({
      stdout: 'dist\n',
      stderr: 'gk: dist/ is older than src/ and tsx is not installed to run src/; run `npm run build`.\n',
    });
  });
});
