import { describe, expect, it } from 'vitest';
import { correctText } from './__fixtures__/scripted-pipelines.js';
import { buildEchoCase } from './build-echo-case.js';
import { EchoCheckError } from './echo-check-error.js';
import { type EchoPipeline, runEchoCheck } from './run-echo-check.js';

// Pins the option refusals (messages, the 10 000-case bound) and the final schema check of the report
// (mutation testing).

async function refusal(run: Promise<unknown>): Promise<EchoCheckError> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(EchoCheckError.isInstance(error)).toBe(true);
  return error as EchoCheckError;
}

describe('runEchoCheck (mutation-pinned)', () => {
  it('names the type it received instead of a function', async () => {
    const error = await refusal(runEchoCheck({ answer: 'not a function' as unknown as EchoPipeline }));
    expect(error.code).toBe('invalid_options');
    expect(error.message).toBe('Expected answer to be a function, received string.');
  });

  it('quotes at most 40 characters of an invalid case count', async () => {
    const cases = 'n'.repeat(100) as unknown as number;
    const error = await refusal(runEchoCheck({ answer: correctText, cases }));
    expect(error.code).toBe('invalid_options');
    expect(error.message).toBe(
      `Expected cases to be an integer from 1 to 10000, received ${'n'.repeat(40)}.`,
    );
    const over = await refusal(runEchoCheck({ answer: correctText, cases: 10_001 }));
    expect(over.message).toBe('Expected cases to be an integer from 1 to 10000, received 10001.');
  });

  it('accepts exactly 10 000 cases (the pipeline runs; its own error propagates)', async () => {
    const failure = new Error('pipeline broke on the first case');
    let calls = 0;
    const answer: EchoPipeline = () => {
      calls++;
      throw failure;
    };
    await expect(runEchoCheck({ answer, cases: 10_000 })).rejects.toBe(failure);
    expect(calls).toBe(1);
  });

  it('refuses to return a report that fails its schema, naming the first problem', async () => {
    // Three empty case ids (invalid Identifiers, and two of them duplicates) plus "twice" twice: six issues. (Messages built
    // from this report stay far below the 300-character cap, so the cap itself cannot be observed here.)
    const createCase = (index: number) => buildEchoCase({ caseId: index < 3 ? '' : 'twice' });
    const error = await refusal(runEchoCheck({ answer: correctText, cases: 5, createCase }));
    expect(error.code).toBe('invalid_report');
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.message).toBe(
      'The echo report failed its schema: EchoReport.cases[0].caseId: Too small: expected string to have >=1 characters (and 5 more issues)',
    );
    expect(error.message).toBe(`The echo report failed its schema: ${(error.cause as Error).message}`);
  });
});
