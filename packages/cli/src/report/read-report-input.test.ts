import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { passage, runGk, temporaryFolder } from '../__fixtures__/run-gk.js';
import { readReportInput } from './read-report-input.js';

// Files named big.jsonl report a size past what gk reads whole (256 MiB), without writing that much in a test.
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const stat = async (path: Parameters<typeof fs.stat>[0]) => {
    const info = await fs.stat(path);
    return String(path).endsWith('big.jsonl')
      ? Object.defineProperty(Object.create(info), 'size', { value: 300 * 1024 * 1024 })
      : info;
  };
  return { ...fs, stat };
});

async function verifiedLine(dir: string): Promise<string> {
  writeFileSync(
    join(dir, 'log.jsonl'),
    `${JSON.stringify({ id: 'q1', answer: 'Water boils at 100 °C [1].', passages: [passage('p', 'Water boils at 100 °C.')] })}\n`,
  );
  const run = await runGk(['verify', 'log.jsonl', '--with-input'], { cwd: dir });
  return run.stdout.trim();
}

describe('readReportInput', () => {
  it('reads a large verifications file whose first line is broken as JSONL, reporting that line', async () => {
    const dir = temporaryFolder();
    writeFileSync(join(dir, 'big.jsonl'), `{"broken": \n${await verifiedLine(dir)}\n`);
    const input = await readReportInput('big.jsonl', { cwd: dir, maxAnswers: 10 });
    expect(input.kind).toBe('verifications');
    if (input.kind !== 'verifications') return;
    expect(input.summary.answers).toBe(1);
    expect(input.issues).toMatchObject([{ line: 1, code: 'not_json' }]);
  });

  it('refuses a maxAnswers that is not a positive integer with a coded usage error', async () => {
    const dir = temporaryFolder();
    writeFileSync(join(dir, 'v.jsonl'), `${await verifiedLine(dir)}\n`);
    for (const maxAnswers of [Number.NaN, 0, 1.5]) {
      await expect(readReportInput('v.jsonl', { cwd: dir, maxAnswers })).rejects.toThrow(
        expect.objectContaining({ code: 'usage', field: 'maxAnswers' }),
      );
    }
  });
});
