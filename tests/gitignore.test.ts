import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

// `evals/results/` holds run artifacts; keeping them out of git is what lets a schema gain fields without a
// version bump, since no committed artifact can go stale.
describe('.gitignore', () => {
  it.each(['evals/results/latest.json', 'evals/results/echo-latest.json', 'evals/results/nested/run.json'])(
    'ignores %s',
    (path) => {
      const output = execFileSync('git', ['check-ignore', '--no-index', '-v', path], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(output).toContain('evals/results/');
    },
  );

  it('ignores the modules the docs code-block test generates', () => {
    const output = execFileSync(
      'git',
      ['check-ignore', '--no-index', '-v', '.docs-check/123/check/README-md-L1.ts'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(output).toContain('.docs-check/');
  });

  it('does not ignore the sources next to it', () => {
    const run = (): string =>
      execFileSync('git', ['check-ignore', '--no-index', 'evals/README.md'], { cwd: root, encoding: 'utf8' });
    expect(run).toThrow();
  });
});
