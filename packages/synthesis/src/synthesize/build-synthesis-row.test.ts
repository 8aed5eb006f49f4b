import { countSynthesisRows, SynthesisRow } from '@gk/eval-schema';
import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { forbiddenModel, scriptedModel } from '../__fixtures__/mock-models.js';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import { buildSynthesisRow } from './build-synthesis-row.js';
import { SynthesisError } from './synthesis-error.js';
import { synthesize } from './synthesize.js';

const GOOD = 'The GPL version 3 is compatible with the Apache License 2.0 [2].';
const MIT = 'The MIT License is a permissive license [1].';

async function outcome(
  ...args: Parameters<typeof scriptedModel>
): Promise<Awaited<ReturnType<typeof synthesize>> | SynthesisError> {
  return synthesize({ model: scriptedModel(...args), question: 'q?', passages, policy: 'drop-claims' }).catch(
    (error: unknown) => {
      if (!SynthesisError.isInstance(error)) throw error;
      return error;
    },
  );
}

// Verdicts as judgeFaithfulness returns them (a partial one is refused: the one verdict rule).
const FAITHFUL = { faithful: true, unsupportedClaims: [], reasoning: 'Every claim is in its passage.' };
const UNFAITHFUL = {
  faithful: false,
  unsupportedClaims: ['Unmarked claim.'],
  reasoning: 'No passage says it.',
};

describe('buildSynthesisRow', () => {
  it('counts claims written and shown for an answer, with the judge verdict label', async () => {
    const answered = await outcome(`${GOOD} Unmarked claim. ${MIT}`);
    const cases = [
      [{ verdict: FAITHFUL }, 'faithful'],
      [{ verdict: UNFAITHFUL }, 'unfaithful'],
      [{ error: new Error('not a verdict') }, 'judge_error'],
    ] as const;
    for (const [judge, verdict] of cases) {
      expect(buildSynthesisRow({ queryId: 'q1', synthesis: answered, judge })).toEqual({
        queryId: 'q1',
        status: 'answered',
        claimsWritten: 3,
        claimsAccepted: 2,
        verdict,
      });
    }
    expect(buildSynthesisRow({ queryId: 'q1', synthesis: answered })).not.toHaveProperty('verdict');
  });

  it('counts a claim cut off by the output limit as written and not accepted', async () => {
    const cut = await outcome({ text: `${GOOD} ${MIT.slice(0, -6)}`, finishReason: 'length' });
    expect(buildSynthesisRow({ queryId: 'q2', synthesis: cut })).toEqual({
      queryId: 'q2',
      status: 'answered',
      claimsWritten: 2,
      claimsAccepted: 1,
    });
  });

  it('records an abstention and a rejection with its code and the claims the model wrote', async () => {
    expect(buildSynthesisRow({ queryId: 'a', synthesis: await outcome('NO_SOURCE') })).toEqual({
      queryId: 'a',
      status: 'abstained',
      claimsWritten: 0,
      claimsAccepted: 0,
    });
    expect(buildSynthesisRow({ queryId: 'r', synthesis: await outcome(`${GOOD} Bad [9].`) })).toEqual({
      queryId: 'r',
      status: 'rejected',
      rejectionCode: 'marker_out_of_range',
      claimsWritten: 2,
      claimsAccepted: 0,
    });
    const beforeAnyCall = await synthesize({ model: forbiddenModel(), question: 'q?', passages: [] }).catch(
      (error: unknown) => error as SynthesisError,
    );
    expect(buildSynthesisRow({ queryId: 'n', synthesis: beforeAnyCall as SynthesisError })).toEqual({
      queryId: 'n',
      status: 'rejected',
      rejectionCode: 'no_passages',
      claimsWritten: 0,
      claimsAccepted: 0,
    });
  });

  it('writes rows the SynthesisReport schema accepts and counts', async () => {
    const rows = [
      buildSynthesisRow({
        queryId: 'a',
        synthesis: await outcome(GOOD),
        judge: { verdict: FAITHFUL },
      }),
      buildSynthesisRow({ queryId: 'b', synthesis: await outcome('NO_SOURCE') }),
      buildSynthesisRow({ queryId: 'c', synthesis: await outcome('') }),
    ];
    for (const row of rows) expect(SynthesisRow.safeParse(row).success).toBe(true);
    expect(countSynthesisRows(rows)).toMatchObject({ answered: 1, abstained: 1, rejected: 1, faithful: 1 });
  });

  it('refuses a judge outcome for a question that was not answered, and anything but a synthesis outcome', async () => {
    for (const synthesis of [await outcome('NO_SOURCE'), await outcome('')]) {
      const error = (() => {
        try {
          return buildSynthesisRow({ queryId: 'x', synthesis, judge: { verdict: FAITHFUL } });
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toEqual(expect.any(InvalidArgumentError));
      expect((error as InvalidArgumentError).parameter).toBe('options.judge');
    }
    for (const synthesis of [null, new Error('network'), { status: 'answered' }]) {
      expect(() => buildSynthesisRow({ queryId: 'x', synthesis: synthesis as never })).toThrow(
        /Invalid options\.synthesis: expected a SynthesizeResult or a SynthesisError/,
      );
    }
  });

  it('refuses a misspelt option instead of writing the row without it (a verdict would be lost)', async () => {
    const synthesis = await outcome(MIT);
    for (const key of ['judgment', 'verdict', 'queryID']) {
      const options = { queryId: 'q1', synthesis, [key]: { verdict: FAITHFUL } };
      expect(() => buildSynthesisRow(options as never)).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', parameter: `options.${key}` }),
      );
    }
  });
});

// A thirty-sixth review: a query id the report schema refuses (empty, blank, invisible, a lone surrogate) and a status
// synthesize never returns were written into a row, and the report failed only when it was written.
describe('buildSynthesisRow on what no report holds', () => {
  it.each([
    ['an empty id', ''],
    ['a blank id', ' '],
    ['an invisible id', '\u200b'],
    ['an id with a lone surrogate', 'a\ud800'],
  ])('refuses %s', async (_, queryId) => {
    const answered = await outcome(MIT);
    expect(() => buildSynthesisRow({ queryId, synthesis: answered })).toThrow(
      expect.objectContaining({ code: 'invalid_argument', parameter: 'options.queryId' }),
    );
  });

  it('refuses a status synthesize never returns', async () => {
    const answered = await outcome(MIT);
    const weird = { ...(answered as object), status: 'weird' } as never;
    expect(() => buildSynthesisRow({ queryId: 'q1', synthesis: weird })).toThrow(InvalidArgumentError);
  });
});
