import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { licenceLabelSet } from './__fixtures__/label-set.js';
import { judgeOverLabelSet } from './__fixtures__/verdicts.js';
import { defaultJudgePrompt } from './faithfulness/default-judge-prompt.js';
import { describeJudge } from './faithfulness/describe-judge.js';
import * as api from './index.js';
import { judgeFaithfulness } from './faithfulness/judge-faithfulness.js';
import { measureAgreement } from './calibration/measure-agreement.js';
import { preregister } from './calibration/preregister.js';

const sourceDir = new URL('./', import.meta.url);

// Collects every key of a JSON-like value, at any depth.
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      keysOf(item, into);
    }
  }
  return into;
}

describe('no score anywhere', () => {
  it('exports nothing named like a score', () => {
    expect(Object.keys(api).filter((name) => /score/i.test(name))).toEqual([]);
  });

  it('has no score in any source file of the package or in the default prompt', () => {
    const files = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('__fixtures__'),
    );
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.filter((name) => /score/i.test(readFileSync(new URL(name, sourceDir), 'utf8')));
    expect(offenders).toEqual([]);
    expect(`${defaultJudgePrompt.system}\n${defaultJudgePrompt.user}`).not.toMatch(
      /score|rating|scale|confidence/i,
    );
  });

  it('writes no score into a verdict, a label set, a pre-registration or a calibration report', async () => {
    const model = judgeOverLabelSet(licenceLabelSet, (item) => (item.faithful ? 'faithful' : 'unfaithful'));
    const judge = await describeJudge({ model });
    const item = licenceLabelSet.items[0]!;
    const judged = await judgeFaithfulness({
      model,
      question: item.question,
      answer: item.answer,
      passages: item.passages,
    });
    const preregistration = preregister({
      metric: 'agreement_rate',
      threshold: 0.9,
      judge,
      labelSetHash: licenceLabelSet.hash,
      createdAt: new Date('2026-11-30T05:00:00Z'),
    });
    const measured = await measureAgreement({
      model,
      labelSet: licenceLabelSet,
      preregistration,
      measuredAt: new Date('2026-11-30T06:00:00Z'),
    });
    const artifacts = [judged, licenceLabelSet, preregistration, measured];
    const keys = [...keysOf(artifacts)];
    expect(keys.filter((key) => /score/i.test(key))).toEqual([]);
    expect(keys).toEqual(
      expect.arrayContaining(['faithful', 'unsupportedClaims', 'reasoning', 'agreementRate']),
    );
  });
});
