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

  it('skips a line holding an object key longer than 1,024 characters as invalid_report, before parsing it', async () => {
    // r15 finding 5: many long keys of one length made JSON.parse and the duplicate-key scan quadratic (V8 hashes a
    // string over 16,383 characters by its length alone); gk verify writes short key names only.
    const dir = temporaryFolder();
    const line = await verifiedLine(dir);
    const record = JSON.parse(line) as Record<string, unknown>;
    const keyed = (length: number, count: number): string =>
      JSON.stringify({
        ...record,
        extra: Object.fromEntries(Array.from({ length: count }, (_, i) => [`${'k'.repeat(length)}${i}`, 1])),
      });
    writeFileSync(join(dir, 'v.jsonl'), `${line}\n${keyed(17_000, 3)}\n${keyed(1_023, 3)}\n`);
    const input = await readReportInput('v.jsonl', { cwd: dir, maxAnswers: 10 });
    if (input.kind !== 'verifications') throw new Error('expected verifications');
    expect(input.summary).toMatchObject({ lines: 3, answers: 2, invalidLines: 1 });
    expect(input.issues).toEqual([
      {
        line: 2,
        code: 'invalid_report',
        message:
          'an object key of 17001 characters is longer than 1024; gk verify writes short key names; not read',
      },
    ]);
  });

  it('skips a line whose numeric id is not a safe integer, as gk verify refuses it', async () => {
    // JSON.parse rounds 9007199254740993 to ...992 and String(1e21) is "1e+21": the page would name another line.
    const dir = temporaryFolder();
    const line = await verifiedLine(dir);
    const withId = (id: string): string => line.replace(/^\{"id":"q1"/, `{"id":${id}`);
    expect(withId('7')).not.toBe(line);
    writeFileSync(
      join(dir, 'v.jsonl'),
      `${withId('9007199254740993')}\n${withId('1e21')}\n${withId('-9007199254740991')}\n${withId('1.5')}\n`,
    );
    const input = await readReportInput('v.jsonl', { cwd: dir, maxAnswers: 10 });
    if (input.kind !== 'verifications') throw new Error('expected verifications');
    expect(input.summary).toMatchObject({ lines: 4, answers: 1, invalidLines: 3 });
    expect(input.lines.map((verified) => verified.id)).toEqual([-9007199254740991]);
    expect(input.issues.map((issue) => [issue.line, issue.code, issue.field])).toEqual([
      [1, 'wrong_type', 'id'],
      [2, 'wrong_type', 'id'],
      [4, 'wrong_type', 'id'],
    ]);
    expect(input.issues[0]!.message).toContain('quote the id');
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
