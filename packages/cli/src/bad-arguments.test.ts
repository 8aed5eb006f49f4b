// Every public function of @gk/cli refuses arguments of the wrong shape with a coded InputError, never a TypeError.
import { describe, expect, it } from 'vitest';
import {
  InputError,
  readReportInput,
  renderReportPage,
  renderReportPageParts,
  runVerify,
  verifyLine,
} from './index.js';

const bad = <T>(value: unknown): T => value as T;

async function codeOf(call: () => unknown): Promise<string> {
  try {
    await call();
  } catch (error) {
    return InputError.isInstance(error)
      ? `${error.code} ${error.field ?? ''}`.trim()
      : `uncoded ${String(error)}`;
  }
  return 'no error';
}

describe('public functions given arguments of the wrong shape', () => {
  it.each([
    [
      'readReportInput without options',
      () => readReportInput('answers.jsonl', bad(undefined)),
      'usage options',
    ],
    [
      'readReportInput with options of no cwd',
      () => readReportInput('a.jsonl', bad({ maxAnswers: 1 })),
      'usage options',
    ],
    [
      'renderReportPage of verifications without lines',
      () => renderReportPage(bad({ kind: 'verifications', name: 'x' })),
      'usage input.lines',
    ],
    [
      'renderReportPageParts of an eval without its report',
      () => [...renderReportPageParts(bad({ kind: 'eval', name: 'x' }))],
      'usage input.report',
    ],
    ['verifyLine without a context', () => verifyLine('{"answer":"a"}', 1, bad(undefined)), 'usage context'],
    ['runVerify with no options', () => runVerify(bad(undefined)), 'usage options'],
    ['runVerify with empty options', () => runVerify(bad({})), 'usage source'],
    ['runVerify without a sink', () => runVerify(bad({ source: [], settings: {} })), 'usage sink'],
  ] as const)('%s', async (_name, call, expected) => {
    expect(await codeOf(call)).toBe(expected);
  });
});
