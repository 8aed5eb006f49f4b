// What a user's module, pipeline or factory throws reaches the user as a coded input error (exit 2), never as an
// "unexpected error" with a stack, and never as a rejected runCli: an ordinary Error from an eval pipeline's factory,
// and values that cannot be shown as text (`Object.create(null)`, a `toString` or `name` that throws).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGk, temporaryFolder } from '../__fixtures__/run-gk.js';

const UNSHOWABLE = {
  'a null-prototype object': 'Object.create(null)',
  'a value whose toString throws': '{ toString() { throw Object.create(null); } }',
  'an Error whose name throws': `Object.defineProperty(new Error('x'), 'name', { get() { throw Object.create(null); } })`,
};
const SETUP = `({ documents: [{ id: 'water', text: 'Water boils at 100 C.' }], chunks: [{ chunkId: 'water#0', documentId: 'water', start: 0, end: 21 }], config: { chunking: { strategy: 'sentence', unit: 'characters', size: 40, overlap: 0 }, scoreThreshold: null, embedding: null, fusion: null, rerank: null } })`;

function evalProject(pipeline: string): string {
  const dir = temporaryFolder();
  writeFileSync(join(dir, 'pipeline.mjs'), pipeline);
  writeFileSync(
    join(dir, 'questions.jsonl'),
    `${JSON.stringify({ id: 'q', question: 'When does water boil?', gold: [] })}\n`,
  );
  writeFileSync(
    join(dir, 'eval.config.json'),
    JSON.stringify({ pipeline: './pipeline.mjs', questions: './questions.jsonl', out: 'out.json' }),
  );
  return dir;
}

function expectCoded(run: { code: number; stderr: string }, code: string, says: string): void {
  expect(run.code).toBe(2);
  expect(run.stderr).toContain(`gk: ${code}: `);
  expect(run.stderr).toContain(says);
  expect(run.stderr).not.toContain('unexpected error');
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('gk: what user code throws', () => {
  it('files an eval pipeline factory that throws as pipeline_output, with its message and no stack', async () => {
    const dir = evalProject(
      `export function pipeline() { throw new Error('cannot connect to vector store'); }`,
    );
    expectCoded(
      await runGk(['eval', 'eval.config.json'], { cwd: dir }),
      'pipeline_output',
      'the pipeline factory failed: Error: cannot connect to vector store',
    );
    const asynchronous = evalProject(`export async function pipeline() { throw new TypeError('no index'); }`);
    expectCoded(
      await runGk(['eval', 'eval.config.json'], { cwd: asynchronous }),
      'pipeline_output',
      'the pipeline factory failed: TypeError: no index',
    );
  });

  it.each(Object.entries(UNSHOWABLE))('describes %s thrown anywhere by its type', async (_, value) => {
    const dir = temporaryFolder();
    writeFileSync(join(dir, 'top-level.mjs'), `throw ${value};\n`);
    expectCoded(
      await runGk(['echo', 'top-level.mjs', '--cases', '1'], { cwd: dir }),
      'module_import_failed',
      'could not be imported: an object (one that cannot be shown as text)',
    );
    writeFileSync(join(dir, 'echo.mjs'), `export default async () => { throw ${value}; };\n`);
    expectCoded(
      await runGk(['echo', 'echo.mjs', '--cases', '1'], { cwd: dir }),
      'pipeline_output',
      'the pipeline failed: an object (one that cannot be shown as text)',
    );
    for (const pipeline of [
      `export function pipeline() { throw ${value}; }`,
      `export const pipeline = { setup() { throw ${value}; }, answer() {} };`,
      `export const pipeline = { setup: () => ${SETUP}, answer() { throw ${value}; } };`,
    ]) {
      expectCoded(
        await runGk(['eval', 'eval.config.json'], { cwd: evalProject(pipeline) }),
        'pipeline_output',
        'an object (one that cannot be shown as text)',
      );
    }
  });
});
