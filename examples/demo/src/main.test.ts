import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from './__fixtures__/start-local-server.js';
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

// A local OpenAI-compatible server that refuses the warranty question with an error message full of terminal escapes
// (a screen clear and an OSC 8 link) and answers any other question with a claim from MIT passage #0.
const ESCAPES = 'Bad request \u001b[2J \u001b]8;;https://example.com\u0007click\u001b]8;;\u0007';
const CLAIM =
  'The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software. [1]';
let server: LocalServer;
let baseURL: string;

beforeAll(async () => {
  server = await startLocalServer((body, _request, response) => {
    const { stream } = JSON.parse(body) as { stream?: boolean };
    if (body.includes('warranty')) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: ESCAPES, type: 'invalid_request_error' } }));
      return;
    }
    const choice = { index: 0, finish_reason: 'stop' };
    if (stream !== true) {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          id: 'c',
          object: 'chat.completion',
          created: 0,
          model: 'local-model',
          choices: [{ ...choice, message: { role: 'assistant', content: CLAIM } }],
        }),
      );
      return;
    }
    const chunk = (delta: object, finish: string | null): string =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'local-model', choices: [{ ...choice, delta, finish_reason: finish }] })}\n\n`;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(`${chunk({ role: 'assistant', content: CLAIM }, null)}${chunk({}, 'stop')}data: [DONE]\n\n`);
  });
  baseURL = server.baseURL;
});

afterAll(() => server.close());

/** Runs the demo against `OPENAI_BASE_URL` and returns its exit code and output, whatever the code. */
async function demoWith(
  url: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', main, ...args], {
      env: { ...env, OPENAI_API_KEY: 'sk-local', OPENAI_BASE_URL: url },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('the demo command when a model call fails', () => {
  const failing = 'Is MIT software sold with a warranty?';
  const answered = 'Does the MIT license require me to keep the copyright notice?';

  it("prints with --json one JSON document with the failed call as that answer's error, and exits with 1", async () => {
    const { code, stdout } = await demoWith(baseURL, '--json', failing, answered);
    expect(code).toBe(1);
    const result = JSON.parse(stdout) as DemoRun;
    expect(result.answers[0]).toMatchObject({
      outcome: 'failed',
      claims: [],
      error: { code: 'model_call_failed', message: ESCAPES },
    });
    expect(result.answers[1]).toMatchObject({ outcome: 'answered', error: null });
    expect(result.summary).toMatchObject({ questions: 2, answered: 1, failed: 1 });
  }, 120_000);

  it('says on the terminal which question failed and why, with no raw escape, and goes on to the next', async () => {
    const { code, stdout, stderr } = await demoWith(baseURL, failing, answered);
    expect(code).toBe(1);
    expect(stdout.replace(/\s+/g, ' ')).toContain(
      'The model call failed (model_call_failed): Bad request \ufffd[2J \ufffd]8;;https://example.com\ufffdclick',
    );
    expect(stdout).toMatch(/^2\/2 {2}Does the MIT license/m);
    expect(stdout).toMatch(/^Summary {2}1 answered, 0 abstained, 0 rejected, 1 failed;/m);
    expect(`${stdout}${stderr}`).not.toContain('\u001b');
  }, 120_000);

  it("reports an OPENAI_BASE_URL that is not a URL as each question's failed call", async () => {
    const { code, stdout } = await demoWith('not a url', '--json', answered);
    expect(code).toBe(1);
    const result = JSON.parse(stdout) as DemoRun;
    expect(result.answers[0]?.error).toMatchObject({ code: 'model_call_failed' });
    expect(result.answers[0]?.error?.message).toContain('not a url');
  }, 120_000);
});
