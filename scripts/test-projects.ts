// The workspace's test files in two Vitest projects: the suites that time themselves or feed millions of characters
// run each in a fresh process ("alone"), every other suite shares its worker's module cache ("shared").
//
// Why both (ADR 0068): a fresh process per file re-imports the AI SDK, zod and our sources for each of some 400 files
// and never warms the JIT; sharing a worker ran the synthesis and judge suites in 25 s instead of 72 s. But a shared
// worker is the wrong place for the other two kinds. Time bounds were measured in a fresh process. And V8 stops
// optimizing newly compiled regular expressions once a process has generated enough of them: a worker that had run 35
// suites threw RangeError on `/ +/g` over 4,194,304 spaces, so a long-run suite there tests a state other than the
// one its comment describes.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Where test files live (the root config's `include`). */
export const TEST_FILES = [
  'packages/*/src/**/*.test.ts',
  'examples/*/src/**/*.test.ts',
  'tests/**/*.test.ts',
];

/** Suites named as timing or long-run suites. */
const ALONE_BY_NAME = [
  '**/*.perf.test.ts',
  '**/*long-two-byte-runs.test.ts',
  '**/*long-input.test.ts',
  '**/*number-runs.test.ts',
  '**/*long-runs.test.ts',
];

/**
 * A suite that times itself: the growth harness (imported from another folder, or as `./growth.js` beside it), the
 * CPU-time helper, or its own clock.
 */
const TIMES_ITSELF =
  /adversarial\/growth|\.\/growth\.js|__fixtures__\/cpu-time|process\.cpuUsage\(|performance\.now\(/;

/**
 * A suite that mocks a module (`vi.mock`): in a shared worker a module another suite loaded first stays loaded, and the
 * mock never applies.
 */
const MOCKS_A_MODULE = /\bvi\.mock\(/;

/** Test files (paths from the repository root) under `folder` whose text times itself or mocks a module. */
function aloneSuites(folder: string): string[] {
  const start = join(root, folder);
  let names: string[];
  try {
    names = readdirSync(start, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return names
    .map((name) => name.replaceAll('\\', '/'))
    .filter((name) => name.endsWith('.test.ts') && !name.includes('node_modules/'))
    .filter((name) => {
      const text = readFileSync(join(start, name), 'utf8');
      return TIMES_ITSELF.test(text) || MOCKS_A_MODULE.test(text);
    })
    .map((name) => `${folder}/${name}`);
}

/** Every folder a test file may sit in: each package's and example's `src`, and `tests`. */
function testFolders(): string[] {
  const inside = (parent: string) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}/src`);
  return [...inside('packages'), ...inside('examples'), 'tests'];
}

/** The suites of readers where V8 compiles regular expressions without optimizations (ADR 0068-0070). */
const UNOPTIMIZED = ['**/unoptimized-regexps*.test.ts'];

/** What no project reads. */
export const EXCLUDED = ['**/node_modules/**', '**/dist/**'];

/**
 * The two projects, each inheriting the root config (aliases, timeouts, reporters). The root config names no test
 * files itself: a project extending it would add its `include` to the project's own.
 */
export function testProjects() {
  const alone = [...ALONE_BY_NAME, ...testFolders().flatMap(aloneSuites)];
  return [
    {
      extends: true,
      test: { name: 'alone', include: alone, exclude: [...EXCLUDED, ...UNOPTIMIZED] },
    },
    // Its own workers, started without V8's regexp optimizations: a suite that sets the flag once it runs finds the
    // patterns other code compiled first (a common one, `/^[a-z]+$/`) compiled with them, and passes where they throw.
    {
      extends: true,
      test: {
        name: 'unoptimized',
        include: UNOPTIMIZED,
        exclude: EXCLUDED,
        execArgv: ['--no-regexp-optimization'],
      },
    },
    {
      extends: true,
      test: { name: 'shared', include: TEST_FILES, exclude: [...EXCLUDED, ...alone], isolate: false },
    },
  ];
}
