// The `gk` executable itself: the build, and the sources through tsx as in a fresh clone before `npm run build`.
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { passage } from './__fixtures__/run-gk.js';

const bin = fileURLToPath(new URL('../bin/gk.js', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));
const water = passage('physics.md', 'Water boils at 100 °C at sea level.');
const input = Array.from(
  { length: 40 },
  (_, i) =>
    `${JSON.stringify({ id: `q${i}`, answer: i % 2 ? 'Water boils [1].' : 'Water boils [2].', passages: [water] })}\n`,
).join('');

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
});
