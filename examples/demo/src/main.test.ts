import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { DemoRun } from './demo-run.js';

const run = promisify(execFile);
const main = fileURLToPath(new URL('./main.ts', import.meta.url));
// Offline whatever the machine has set: the demo must not reach a network model here.
const env = { ...process.env, OPENAI_API_KEY: '', NO_COLOR: '1' };

async function demo(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['--import', 'tsx', main, ...args], { env, maxBuffer: 64 * 1024 * 1024 });
}

describe('the demo command', () => {
  it('prints with --json one JSON document and nothing else: answers, shown citations and counts', async () => {
    const { stdout } = await demo('--json', 'Must I state changes I made to the 2.0 Apache License code?');
    const result = JSON.parse(stdout) as DemoRun;
    expect(result.schemaVersion).toBe(1);
    expect(result.run).toMatchObject({ offline: true, policy: 'drop-claims', support: true, topK: 5 });
    expect(result.demonstration).toBeNull();
    expect(result.summary).toMatchObject({
      questions: 1,
      answered: 1,
      abstained: 0,
      rejected: 0,
      claimsRejected: 0,
    });
    const [answer] = result.answers;
    expect(answer?.mentionedLicences).toEqual(['Apache-2.0']);
    const citation = answer!.claims[0]!.citations[0]!;
    expect(citation).toMatchObject({ documentId: 'Apache-2.0', narrowed: false });
    expect(citation.claimAt).not.toBeNull();
  }, 120_000);

  it('prints JSON when npm passes its own --json on (npm run demo --json sets npm_config_json)', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', main, 'Is MIT software sold with a warranty?'],
      {
        env: { ...env, npm_config_json: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    expect((JSON.parse(stdout) as DemoRun).answers[0]?.mentionedLicences).toEqual(['MIT']);
  }, 120_000);

  it('carries the careless-model demonstration and the summary of the built-in run in --json', async () => {
    const { stdout } = await demo('--json');
    const result = JSON.parse(stdout) as DemoRun;
    expect(result.summary.questions).toBe(result.answers.length);
    expect(result.summary.answered + result.summary.abstained + result.summary.rejected).toBe(
      result.answers.length,
    );
    expect(result.demonstration?.description).toContain('careless claims');
    expect(result.demonstration?.answer.rejected.map((claim) => claim.code)).toEqual([
      'unsupported',
      'unknown_identifier',
      'no_marker',
    ]);
  }, 120_000);

  it('prints each answer on the terminal as it streams: the claims first, then the outcome and the rejections', async () => {
    const { stdout } = await demo('Must I state changes I made to Apache-2.0 code?');
    const lines = stdout.split('\n');
    const at = (pattern: RegExp): number => lines.findIndex((line) => pattern.test(line));
    const order = [
      at(/^1\/1 {2}Must I state changes/),
      at(/^ {2}Answer$/),
      at(/prominent notices stating that You changed/),
      at(/^ {4}answered · 5 passages from Apache-2.0/),
      at(/^ {2}Rejected claims$/),
      at(/^Summary/),
    ];
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  }, 120_000);

  it('refuses a bad option with exit code 2 and the usage', async () => {
    await expect(demo('--top-k', '0')).rejects.toMatchObject({ code: 2 });
    await expect(demo('--nonsense')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage'),
    });
  }, 120_000);
});
