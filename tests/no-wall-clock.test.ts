import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every test file of the repository, relative to its root. */
function testFiles(): string[] {
  const files: string[] = [];
  for (const top of ['packages', 'examples', 'tests']) {
    for (const file of readdirSync(join(root, top), { recursive: true, encoding: 'utf8' })) {
      if (file.includes('node_modules') || file.includes('dist')) continue;
      if (file.endsWith('.test.ts')) files.push(join(top, file).replaceAll('\\', '/'));
    }
  }
  return files;
}

/** A read of wall-clock time that can only be there to time something. */
const WALL_CLOCK = /\bperformance\.now\(|\bprocess\.hrtime\b|\bconsole\.time\(/;

// Tests assert behaviour, benchmarks report numbers: a bound on wall-clock time fails on a loaded machine (CI runs
// test files side by side) though the code did not change. Time bounds read this process's CPU time
// (packages/citations/src/__fixtures__/cpu-time.ts) or its growth from n to 8n (tests/adversarial/growth.ts).
describe('test files', () => {
  it('time nothing by the wall clock', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(300);
    const offenders = files.filter((file) => WALL_CLOCK.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
