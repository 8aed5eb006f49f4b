import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../__fixtures__/run-gk.js';
import { readJsonFile } from './read-json-file.js';

describe('readJsonFile', () => {
  it('refuses a key longer than 1,024 characters before parsing, and a key held twice after', async () => {
    // r15 finding 5: a report of many 17,000-character keys took 24 s to parse (34 MB); none that gk reads has one.
    const cwd = temporaryFolder();
    const keys = (length: number) =>
      JSON.stringify({
        kind: 'eval',
        extra: { [`${'k'.repeat(length)}1`]: 1, [`${'k'.repeat(length)}2`]: 2 },
      });
    writeFileSync(join(cwd, 'long.json'), keys(1_024));
    await expect(readJsonFile('long.json', { cwd, code: 'invalid_report' })).rejects.toMatchObject({
      code: 'invalid_report',
      message: 'long.json: an object key of 1025 characters is longer than 1024',
    });
    writeFileSync(join(cwd, 'ok.json'), keys(1_023));
    await expect(readJsonFile('ok.json', { cwd, code: 'invalid_report' })).resolves.toMatchObject({
      kind: 'eval',
    });
    writeFileSync(join(cwd, 'twice.json'), '{"a":1,"a":2}');
    await expect(readJsonFile('twice.json', { cwd, code: 'invalid_summary' })).rejects.toMatchObject({
      code: 'invalid_summary',
      message: 'twice.json: key "a" appears twice in one object',
    });
    writeFileSync(join(cwd, 'broken.json'), `{"${'k'.repeat(2_000)}"`);
    await expect(readJsonFile('broken.json', { cwd, code: 'invalid_summary' })).rejects.toMatchObject({
      code: 'not_json',
    });
  });
});
