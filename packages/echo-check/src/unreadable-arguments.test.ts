// Every function refuses an argument that throws when read (a getter, a proxy trap, a revoked proxy), and options
// that are no plain object, with an InvalidArgumentError naming it: never a bare TypeError or the caller's error.
import { describe, expect, it } from 'vitest';
import {
  bad,
  describeUnreadableOptions,
  type OptionsCall,
  outcome,
  refused,
  revoked,
} from '../../internal/src/__fixtures__/unreadable-values.js';
import { alwaysFirst } from './__fixtures__/scripted-pipelines.js';
import { assertEchoClean } from './assert-echo-clean.js';
import { buildEchoCase } from './build-echo-case.js';
import { isPipelineRejection } from './is-pipeline-rejection.js';
import { runEchoCheck } from './run-echo-check.js';
import { scoreEchoCase } from './score-echo-case.js';

const echoCase = () => buildEchoCase({ caseId: 'case-1' });
const passages = (c = echoCase()) => [c.positive.passage, c.decoy.passage];

const calls: OptionsCall[] = [
  ['assertEchoClean', (o) => assertEchoClean(bad('{}'), bad(o)), () => ({ allowAbstain: true })],
  ['buildEchoCase', (o) => buildEchoCase(bad(o)), () => ({ caseId: 'x' })],
  ['runEchoCheck', (o) => runEchoCheck(bad(o)), () => ({ pipeline: alwaysFirst, cases: 1 })],
  [
    'scoreEchoCase',
    (o) => {
      const c = echoCase();
      return scoreEchoCase(c, { answer: 'x' }, bad(o));
    },
    () => ({ passages: passages() }),
  ],
];

describeUnreadableOptions(calls);

describe('other arguments that cannot be read are refused with a code', () => {
  it('scoreEchoCase: a revoked case or response', async () => {
    const c = echoCase();
    expect(
      await outcome(() => scoreEchoCase(bad(revoked()), { answer: 'x' }, { passages: passages(c) })),
    ).toEqual(refused('echoCase'));
    expect(await outcome(() => scoreEchoCase(c, bad(revoked()), { passages: passages(c) }))).toEqual(
      refused('response'),
    );
  });
});

describe('scoreEchoCase: passages that cannot be read are refused with a code', () => {
  it('a revoked passages array', async () => {
    const c = echoCase();
    expect(await outcome(() => scoreEchoCase(c, { answer: 'x' }, { passages: bad(revoked()) }))).toEqual(
      refused('options.passages'),
    );
  });
});

describe('isPipelineRejection never throws', () => {
  it('a revoked proxy is no rejection', () => {
    expect(isPipelineRejection(revoked())).toBe(false);
  });
});
