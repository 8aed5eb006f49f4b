import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

// Read through one reference: these are script settings, not inputs of a cached turbo task.
const environment = process.env;

/**
 * The npm CLI script of the npm on PATH, so another Node binary can run the same npm
 * (`node22 npm-cli.js install` checks engines against Node 22, not against the Node that started the matrix).
 */
export function npmCli() {
  const fromEnv = environment['npm_execpath'];
  if (fromEnv && /npm-cli\.js$/.test(fromEnv) && existsSync(fromEnv)) return fromEnv;
  const onPath = realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
  const cli = onPath.endsWith('.js')
    ? onPath
    : join(dirname(onPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  if (!existsSync(cli)) throw new Error(`cannot find npm-cli.js next to ${onPath}`);
  return cli;
}
