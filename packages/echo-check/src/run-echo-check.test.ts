import { type Citation, verifyAnswer } from '@gk/citations';
import { safeParseEchoReport } from '@gk/eval-schema';
import { describe, expect, it, vi } from 'vitest';
import { cpuNow } from '../../citations/src/__fixtures__/cpu-time.js';
import {
  abstaining,
  alwaysFirst,
  bestSource,
  bothCiting,
  correctSynthesized,
  correctText,
  decoyCiting,
  decoyValueCiting,
} from './__fixtures__/scripted-pipelines.js';
import { buildEchoCase, type EchoCase } from './build-echo-case.js';
import { EchoCheckError } from './echo-check-error.js';
import { assertEchoClean } from './assert-echo-clean.js';
import { ECHO_TEMPLATES } from './echo-templates.js';
import {
  type EchoPipeline,
  type EchoPipelineInput,
  type RunEchoCheckOptions,
  runEchoCheck,
} from './run-echo-check.js';
import type { EchoAnswer, EchoSynthesizedAnswer } from './score-echo-case.js';

const SYNTHESIS_BRAND = Symbol.for('@gk/synthesis.SynthesisError');

/** Shaped like `SynthesisError` from `@gk/synthesis` (brand, name, code), without importing it. */
class FakeSynthesisError extends Error {
  readonly [SYNTHESIS_BRAND] = true;
  override readonly name = 'SynthesisError';
  constructor(
    readonly code: string,
    readonly verification?: unknown,
  ) {
    super(`Synthesis refused the answer (${code}).`);
  }
}

/** Records every case built, so a test can script a pipeline that knows what it should never know. */
function recordingCases(): { createCase: (index: number) => EchoCase; byQuestion: Map<string, EchoCase> } {
  const byQuestion = new Map<string, EchoCase>();
  return {
    byQuestion,
    createCase: (index) => {
      const echoCase = buildEchoCase({ caseId: `case-${index + 1}` });
      byQuestion.set(echoCase.question, echoCase);
      return echoCase;
    },
  };
}

async function run(
  pipeline: EchoPipeline,
  options: Omit<Partial<RunEchoCheckOptions>, 'pipeline' | 'answer'> = {},
) {
  const report = await runEchoCheck({ pipeline, cases: 6, ...options });
  expect(safeParseEchoReport(report).success).toBe(true);
  return report;
}

const outcomes = (report: { cases: Array<{ outcome: string }> }): string[] =>
  report.cases.map((c) => c.outcome);
const leaks = (report: { cases: Array<{ leaked: boolean }> }): boolean[] => report.cases.map((c) => c.leaked);

async function refusal(running: Promise<unknown>): Promise<EchoCheckError> {
  const error = await running.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(EchoCheckError.isInstance(error)).toBe(true);
  return error as EchoCheckError;
}

describe('runEchoCheck', () => {
  describe('outcomes', () => {
    it('scores a correct raw-text pipeline grounded on every case, with counts derived from the cases', async () => {
      const report = await run(correctText);
      expect(outcomes(report)).toEqual(Array(6).fill('grounded'));
      expect(leaks(report)).toEqual(Array(6).fill(false));
      expect(report.counts).toEqual({
        grounded: 6,
        wrongSource: 0,
        abstained: 0,
        rejected: 0,
        leaked: 0,
        total: 6,
      });
      expect(report).toMatchObject({ schemaVersion: 1, kind: 'echo' });
      expect(report.cases.map((c) => c.caseId)).toEqual([
        'case-1',
        'case-2',
        'case-3',
        'case-4',
        'case-5',
        'case-6',
      ]);
    });

    it('scores a correct synthesized pipeline ({ text, citations }) grounded on every case', async () => {
      const report = await run(correctSynthesized);
      expect(outcomes(report)).toEqual(Array(6).fill('grounded'));
      expect(report.cases[0]!.detail).toMatch(/re-read span holds marker A/);
    });

    it('runs 5 cases by default, one template after another', async () => {
      const report = await runEchoCheck({ pipeline: correctText });
      expect(report.counts.total).toBe(5);
      const templates = report.cases.map((c) => c.detail!.split(':')[0]);
      expect(new Set(templates).size).toBe(5);
    });

    it('scores a pipeline citing the decoy wrong_source on every case', async () => {
      const report = await run(decoyCiting);
      expect(outcomes(report)).toEqual(Array(6).fill('wrong_source'));
      expect(report.counts.wrongSource).toBe(6);
      expect(report.cases[0]!.detail).toMatch(/cited the decoy$/);
    });

    it("scores a pipeline that cites the positive but states the decoy's value wrong_source, every template", async () => {
      for (const form of ['value', 'sentence'] as const) {
        const report = await run(decoyValueCiting(form), { cases: 12 });
        expect(outcomes(report)).toEqual(Array(12).fill('wrong_source'));
        const templates = new Set(report.cases.map((c) => c.detail!.split(':')[0]));
        expect(templates).toEqual(new Set(ECHO_TEMPLATES.map((template) => template.id)));
        expect(report.cases.map((c) => c.citedSources)).toEqual(
          Array.from({ length: 12 }, (_, index) => [index % 2 === 0 ? 1 : 2]),
        );
        expect(report.cases.every((c) => c.detail!.includes("stated the decoy's value"))).toBe(true);
        expect(() => assertEchoClean(report)).toThrow(EchoCheckError);
      }
    });

    it('scores a pipeline citing both passages wrong_source', async () => {
      const report = await run(bothCiting);
      expect(outcomes(report)).toEqual(Array(6).fill('wrong_source'));
      expect(report.cases.every((c) => /decoy together with the positive/.test(c.detail!))).toBe(true);
      expect(report.cases.map((c) => c.citedSources)).toEqual(Array(6).fill([1, 2]));
    });

    it('alternates the order of the passages, so always citing [1] fails half the cases', async () => {
      const positions: number[] = [];
      const report = await run((input) => {
        positions.push(bestSource(input));
        return alwaysFirst(input);
      });
      expect(positions).toEqual([1, 2, 1, 2, 1, 2]);
      expect(outcomes(report)).toEqual([
        'grounded',
        'wrong_source',
        'grounded',
        'wrong_source',
        'grounded',
        'wrong_source',
      ]);
    });

    it('scores an abstaining pipeline abstained, as raw text and as a synthesized answer', async () => {
      expect(outcomes(await run(abstaining))).toEqual(Array(6).fill('abstained'));
      expect(outcomes(await run(() => ''))).toEqual(Array(6).fill('abstained'));
      const synthesized = await run(() => ({ text: 'NO_SOURCE', citations: [], status: 'abstained' }));
      expect(synthesized.counts.abstained).toBe(6);
    });

    it('scores raw text whose claims verification rejects as rejected', async () => {
      const report = await run(() => 'The flight time is long. [9]');
      expect(outcomes(report)).toEqual(Array(6).fill('rejected'));
      expect(report.cases[0]!.detail).toMatch(/verifyAnswer accepted no claim/);
    });

    it('never counts a citation that does not re-read as grounded', async () => {
      const { createCase, byQuestion } = recordingCases();
      const variants: Array<(citation: Citation, echoCase: EchoCase) => unknown> = [
        (c) => ({ ...c, start: c.start + 1 }), // shifted offsets
        (c) => ({ ...c, text: c.text.replace(/\d+/, '999') }), // edited text
        (c) => ({ ...c, documentId: 'doc-unknown' }), // a document never shown
        (c) => ({ ...c, end: 2 ** 53 + 2 }), // offsets past 2^53
        (c) => ({ ...c, start: -1 }),
        () => null,
        () => 42,
        (c) => JSON.parse(`{"__proto__": {"text": "x"}, "source": ${c.source}}`),
        (_c, e) => ({ ...e.positive.passages.find((p) => p !== e.positive.passage)!, source: 1 }), // right document, span without A
      ];
      for (const variant of variants) {
        const report = await run(
          (input) => {
            const { citations } = verifyAnswer(correctText(input) as string, input.passages);
            return {
              text: 'x',
              citations: [variant(citations[0]!, byQuestion.get(input.question)!) as Citation],
            };
          },
          { createCase, cases: 2 },
        );
        expect(outcomes(report)).toEqual(['wrong_source', 'wrong_source']);
      }
    });

    it("records a grounded case's one source as the positive's place, and never grounds a citation naming another", async () => {
      const correct = await run(correctSynthesized);
      expect(correct.cases.map((c) => c.citedSources)).toEqual([[1], [2], [1], [2], [1], [2]]);
      // The positive's span under a number that is not its place (7, the other place, none): the report still parses.
      const renumbered: Array<(citation: Citation) => unknown> = [
        (c) => ({ ...c, source: 7 }),
        (c) => ({ ...c, source: 3 - c.source }),
        (c) => ({ ...c, source: undefined }),
        (c) => ({ ...c, source: String(c.source) }),
      ];
      for (const renumber of renumbered) {
        const report = await run((input) => {
          const { citations } = verifyAnswer(correctText(input) as string, input.passages);
          return { text: 'It is in the sources.', citations: citations.map(renumber) as Citation[] };
        });
        expect(outcomes(report)).toEqual(Array(6).fill('wrong_source'));
      }
    });

    it('verifies against its own copy of the passages, so a pipeline mutating its input changes nothing', async () => {
      const report = await run((input) => {
        const answer = correctText(input);
        for (const passage of input.passages) Object.assign(passage, { text: 'tampered', start: 0, end: 8 });
        return answer;
      });
      expect(outcomes(report)).toEqual(Array(6).fill('grounded'));
    });

    it('scores adversarial answers: 1 MB of brackets, lone surrogates, NUL, RTL, huge markers, __proto__ keys', async () => {
      const answers: unknown[] = [
        '[[[['.repeat(256 * 1024),
        '\ud800\u0000\u202e [1'.repeat(1000),
        `The value [${'9'.repeat(400)}].`,
        JSON.parse('{"__proto__": {"citations": [1]}, "text": "x", "citations": []}'),
      ];
      const report = await run(() => answers.shift() as never, { cases: 4 });
      expect(outcomes(report)).toEqual(['abstained', 'abstained', 'rejected', 'abstained']);
    });
  });

  describe('leaks', () => {
    it('flags a pipeline that writes marker C into its text as leaked, even though its citation is right', async () => {
      const { createCase, byQuestion } = recordingCases();
      const report = await run(
        (input) =>
          `${correctText(input) as string} Also note ${byQuestion.get(input.question)!.absentMarker}.`,
        { createCase },
      );
      expect(outcomes(report)).toEqual(Array(6).fill('grounded'));
      expect(leaks(report)).toEqual(Array(6).fill(true));
      expect(report.counts.leaked).toBe(6);
      expect(report.cases[0]!.detail).toMatch(/; marker C leaked \(answer\)$/);
    });

    it('flags marker C disguised by case change and zero-width characters', async () => {
      const { createCase, byQuestion } = recordingCases();
      const disguise = (marker: string): string => [...marker.toUpperCase()].join('\u200b');
      const report = await run(
        (input) =>
          `${correctText(input) as string} ${disguise(byQuestion.get(input.question)!.absentMarker)}`,
        {
          createCase,
        },
      );
      expect(leaks(report)).toEqual(Array(6).fill(true));
    });

    it('flags marker C inside a citation as leaked, and the fabricated citation as wrong_source', async () => {
      const { createCase, byQuestion } = recordingCases();
      const report = await run(
        (input) => {
          const { citations } = verifyAnswer(correctText(input) as string, input.passages);
          const forged: Citation = {
            ...citations[0]!,
            text: `${citations[0]!.text} ${byQuestion.get(input.question)!.absentMarker}`,
          };
          return { text: 'See the source.', citations: [forged] };
        },
        { createCase },
      );
      expect(outcomes(report)).toEqual(Array(6).fill('wrong_source'));
      expect(leaks(report)).toEqual(Array(6).fill(true));
      expect(report.cases[0]!.detail).toMatch(/does not re-read as verified \(drifted\)/);
    });

    it('flags marker C carried by a rejection (in its verification) as leaked', async () => {
      const { createCase, byQuestion } = recordingCases();
      const report = await run(
        async (input) => {
          const text = `The value is ${byQuestion.get(input.question)!.absentMarker}. [1]`;
          throw new FakeSynthesisError(
            'rejected_claims',
            verifyAnswer(text, input.passages, { support: {} }),
          );
        },
        { createCase },
      );
      expect(outcomes(report)).toEqual(Array(6).fill('rejected'));
      expect(leaks(report)).toEqual(Array(6).fill(true));
    });

    it("flags an earlier case's answer carried into this one (memory, a cache) as leaked, naming that case", async () => {
      // An honest pipeline with a memory bug: it appends the answer it gave to the previous question.
      let previous = '';
      const report = await run((input) => {
        const answer = correctSynthesized(input) as EchoSynthesizedAnswer;
        const text =
          previous === '' ? answer.text : `${answer.text}\nAlso: ${previous.replace(/ \[\d\]$/, '')}`;
        previous = answer.text;
        return { ...answer, text };
      });
      expect(leaks(report)).toEqual([false, true, true, true, true, true]);
      expect(report.counts.leaked).toBe(5);
      expect(report.cases[1]!.detail).toMatch(/; marker A of case-1 leaked \(answer\.text\)$/);
      expect(report.cases[5]!.detail).toMatch(/; marker A of case-5 leaked \(answer\.text\)$/);
    });

    it("flags an earlier case's decoy marker B or absent marker C anywhere in the output, or in a rejection", async () => {
      const built: EchoCase[] = [];
      // One template per case, so no two cases can draw the same question (the pipeline finds its case by it).
      const templates = ['product-spec', 'policy-clause', 'historical-record', 'recipe'];
      const createCase = (index: number): EchoCase => {
        built[index] = buildEchoCase({ caseId: `case-${index + 1}`, templateId: templates[index]! });
        return built[index]!;
      };
      const progress = vi.fn();
      const report = await run(
        (input) => {
          const index = built.findIndex((echoCase) => echoCase.question === input.question);
          const answer = correctSynthesized(input) as EchoSynthesizedAnswer;
          if (index === 1) return { ...answer, cache: { seen: [built[0]!.decoy.marker] } };
          if (index === 2) throw new FakeSynthesisError('rejected_claims', { note: built[0]!.absentMarker });
          return answer;
        },
        { createCase, cases: 4, onProgress: progress },
      );
      expect(leaks(report)).toEqual([false, true, true, false]);
      expect(report.cases[1]!.detail).toMatch(/; marker B of case-1 leaked \(answer\.cache\.seen\[0\]\)$/);
      expect(report.cases[2]!.detail).toMatch(
        /; marker C of case-1 leaked \(rejection\.verification\.note\)$/,
      );
      expect(progress.mock.calls.map(([call]) => call.leaked)).toEqual([false, true, true, false]);
    });

    it("flags an earlier case's markers broken up by tags, comments or named references, as a page joins them", async () => {
      for (const separator of [
        '<wbr>',
        '<b></b>',
        '<span class="id">',
        '<!---->',
        '&shy;',
        '&ZeroWidthSpace;',
      ]) {
        // A pipeline with a cache: it answers right, then shows the markers of the passages it saw last time.
        let previous: string[] = [];
        const report = await run(
          (input) => {
            const answer = correctText(input) as string;
            const pieces = previous.map(
              (m) =>
                `GK-ECHO-${m
                  .slice(8)
                  .match(/.{1,10}/g)!
                  .join(separator)}`,
            );
            previous = input.passages.map((passage) => /GK-ECHO-[0-9a-f]{32}/.exec(passage.text)![0]);
            return pieces.length === 0 ? answer : `${answer}\n\n<small>Earlier: ${pieces.join(' ')}</small>`;
          },
          { cases: 4 },
        );
        expect([separator, leaks(report)]).toEqual([separator, [false, true, true, true]]);
        expect(() => assertEchoClean(report)).toThrow(/leaked/);
      }
    });

    it("flags an earlier case's marker in styled letters with hidden filler between its pieces (answer.debug.note)", async () => {
      const SMALL: Record<string, string> = { a: 'ᴀ', b: 'ʙ', c: 'ᴄ', d: 'ᴅ', e: 'ᴇ', f: 'ꜰ', '0': '⓿' };
      const styled = (char: string) => SMALL[char] ?? String.fromCodePoint(0x2776 + Number(char) - 1);
      const disguise = (marker: string) =>
        [...marker.slice(8)]
          .map(
            (char, index) =>
              `${index > 0 && index % 8 === 0 ? '<span hidden>z</span>' : ''}${index % 8 === 4 ? styled(char) : char}`,
          )
          .join('');
      let remembered: string | undefined;
      const report = await run(
        (input) => {
          const note = remembered === undefined ? '' : disguise(remembered);
          remembered = /GK-ECHO-[0-9a-f]{32}/.exec(input.passages[0]!.text)![0];
          return { ...(correctSynthesized(input) as EchoSynthesizedAnswer), debug: { note } };
        },
        { cases: 4 },
      );
      expect(leaks(report)).toEqual([false, true, true, true]);
      expect(report.cases[1]!.detail).toMatch(/leaked \(answer\.debug\.note\)/);
      expect(() => assertEchoClean(report)).toThrow(/leaked/);
    });

    it('does not flag markers that a custom createCase repeats in every case', async () => {
      const fixed = buildEchoCase({ templateId: 'recipe' });
      const report = await run(correctText, {
        createCase: (index) => ({ ...fixed, caseId: `case-${index + 1}` }),
      });
      expect(outcomes(report)).toEqual(Array(6).fill('grounded'));
      expect(leaks(report)).toEqual(Array(6).fill(false));
    });

    it('does not flag a leak when the answer only repeats markers A and B', async () => {
      const report = await run(
        (input) => `${input.passages[0]!.text} ${input.passages[1]!.text} [${bestSource(input)}]`,
      );
      expect(leaks(report)).toEqual(Array(6).fill(false));
    });
  });

  describe('rejections and errors', () => {
    it('records a rejection the pipeline throws as rejected, and keeps going', async () => {
      const pipeline = vi.fn<EchoPipeline>(() => {
        throw new FakeSynthesisError('no_accepted_claims');
      });
      const report = await run(pipeline);
      expect(pipeline).toHaveBeenCalledTimes(6);
      expect(outcomes(report)).toEqual(Array(6).fill('rejected'));
      expect(report.cases[0]!.detail).toMatch(/SynthesisError \(no_accepted_claims\)/);
    });

    it('lets a network-like error propagate, after the first call', async () => {
      const failure = new TypeError('fetch failed');
      const pipeline = vi.fn<EchoPipeline>(async () => {
        throw failure;
      });
      await expect(runEchoCheck({ pipeline: pipeline })).rejects.toBe(failure);
      expect(pipeline).toHaveBeenCalledTimes(1);
    });

    it('lets a programmer error with a code propagate (not one of the rejection errors)', async () => {
      const bug = Object.assign(new TypeError('Invalid passage'), {
        name: 'InvalidPassageError',
        code: 'invalid_passage',
      });
      await expect(runEchoCheck({ pipeline: () => Promise.reject(bug) })).rejects.toBe(bug);
    });

    it('refuses an answer that is neither a string nor { text, citations } with invalid_answer', async () => {
      for (const bad of [
        42,
        null,
        undefined,
        [],
        { text: 'x' },
        { citations: [] },
        { text: 1, citations: [] },
      ]) {
        await expect(runEchoCheck({ pipeline: () => bad as never, cases: 1 })).rejects.toMatchObject({
          name: 'EchoCheckError',
          code: 'invalid_answer',
        });
      }
    });

    it('refuses a synthesized answer whose citations array has holes with invalid_answer', async () => {
      const trailingHole: unknown[] = [undefined];
      trailingHole.length = 2;
      for (const citations of [new Array(2), trailingHole]) {
        const error = await refusal(run(() => ({ text: 'x [1]', citations })));
        expect([error.code, error.message]).toEqual([
          'invalid_answer',
          expect.stringContaining('citations array has holes'),
        ]);
      }
    });

    it('refuses to return a report that fails its schema, naming the first problem', async () => {
      // Three empty case ids (invalid Identifiers, and two of them duplicates) plus "twice" twice: six issues. (Messages built
      // from this report stay far below the 300-character cap, so the cap itself cannot be observed here.)
      const createCase = (index: number) => buildEchoCase({ caseId: index < 3 ? '' : 'twice' });
      const error = await refusal(runEchoCheck({ pipeline: correctText, cases: 5, createCase }));
      expect(error.code).toBe('invalid_report');
      expect(error.cause).toBeInstanceOf(Error);
      expect(error.message).toBe(
        'The echo report failed its schema: EchoReport.cases[0].caseId: Too small: expected string to have >=1 characters (and 2 more issues)',
      );
      expect(error.message).toBe(`The echo report failed its schema: ${(error.cause as Error).message}`);
    });
  });

  describe('options', () => {
    it('takes the pipeline under its deprecated name answer, the same way', async () => {
      const report = await runEchoCheck({ answer: correctText, cases: 2 });
      expect(outcomes(report)).toEqual(['grounded', 'grounded']);
    });

    it('refuses a pipeline that is not a function with an InvalidArgumentError, naming the option', async () => {
      await expect(runEchoCheck({ pipeline: undefined as never })).rejects.toMatchObject({
        name: 'InvalidArgumentError',
        code: 'invalid_argument',
        parameter: 'options.pipeline',
      });
      await expect(runEchoCheck({} as never)).rejects.toMatchObject({ parameter: 'options.pipeline' });
      await expect(runEchoCheck({ pipeline: 'not a function' as unknown as EchoPipeline })).rejects.toThrow(
        'Invalid options.pipeline: expected a function ({ question, passages }) => answer, received the string "not a function".',
      );
      await expect(runEchoCheck({ answer: 42 as never })).rejects.toMatchObject({
        parameter: 'options.answer',
      });
      for (const options of [undefined, null, 'pipeline', () => 'text']) {
        await expect(runEchoCheck(options as never)).rejects.toMatchObject({ parameter: 'options' });
      }
    });

    it('refuses verify options that verifyAnswer would refuse before any case runs, naming options.verify', async () => {
      let calls = 0;
      const counting: EchoPipeline = (input) => {
        calls++;
        return correctText(input);
      };
      for (const [verify, parameter] of [
        [42, 'options.verify'],
        [null, 'options.verify'],
        [{ requireCitation: false }, 'options.verify.requireCitation'],
        [{ unit: 'paragraph' }, 'options.verify.unit'],
        [{ support: { minCoverag: 0.5 } }, 'options.verify.support.minCoverag'],
      ] as const) {
        await expect(runEchoCheck({ pipeline: counting, verify: verify as never })).rejects.toMatchObject({
          name: 'InvalidArgumentError',
          parameter,
        });
      }
      expect(calls).toBe(0);
      await expect(run(correctText, { verify: { requireCitations: false } })).resolves.toBeDefined();
    });

    it('refuses both names at once, whatever they hold', async () => {
      await expect(
        runEchoCheck({ pipeline: correctText, answer: correctText } as never),
      ).rejects.toMatchObject({ name: 'InvalidArgumentError', parameter: 'options.answer' });
    });

    it('refuses a case count outside 1..10,000 with an InvalidArgumentError', async () => {
      for (const cases of [
        0,
        -1,
        1.5,
        10_001,
        2 ** 53 + 2,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        '5' as never,
      ]) {
        await expect(runEchoCheck({ pipeline: correctText, cases })).rejects.toMatchObject({
          name: 'InvalidArgumentError',
          parameter: 'options.cases',
        });
      }
      await expect(runEchoCheck({ pipeline: correctText, cases: 'n'.repeat(100) as never })).rejects.toThrow(
        'Invalid options.cases: expected an integer from 1 to 10000, received a string of length 100.',
      );
      await expect(runEchoCheck({ pipeline: correctText, cases: 10_001 })).rejects.toThrow(
        'Invalid options.cases: expected an integer from 1 to 10000, received number 10001.',
      );
    });

    it('refuses a signal, onProgress or createCase of the wrong type before calling the pipeline', async () => {
      const pipeline = vi.fn(correctText);
      for (const [option, value] of [
        ['signal', { aborted: true }],
        ['onProgress', 'log'],
        ['createCase', {}],
      ] as const) {
        await expect(runEchoCheck({ pipeline, [option]: value } as never)).rejects.toMatchObject({
          name: 'InvalidArgumentError',
          parameter: `options.${option}`,
        });
      }
      expect(pipeline).not.toHaveBeenCalled();
    });

    it('refuses a case from createCase that is no EchoCase with invalid_case, before calling the pipeline', async () => {
      const pipeline = vi.fn(correctText);
      const built = buildEchoCase();
      const { passage: _passage, ...noPassage } = built.positive;
      const malformed: unknown[] = [
        undefined,
        null,
        {},
        [],
        'case',
        { ...built, positive: undefined },
        { ...built, question: 7 },
        { ...built, caseId: undefined },
        { ...built, decoy: { ...built.decoy, value: 12 } },
        { ...built, decoy: { ...built.decoy, subject: undefined } },
        { ...built, positive: noPassage },
        { ...built, positive: { ...built.positive, passage: null } },
        { ...built, positive: { ...built.positive, passage: built.decoy.passage } },
        // Markers the leak search could never find, or a marker C it is told to allow.
        { ...built, absentMarker: '' },
        { ...built, absentMarker: 'GK-ECHO-' },
        { ...built, absentMarker: '-- \u200b --' },
        { ...built, positive: { ...built.positive, marker: '' } },
        { ...built, decoy: { ...built.decoy, marker: 'GK-ECHO-…' } },
        { ...built, absentMarker: built.positive.marker },
        { ...built, absentMarker: built.decoy.marker.toUpperCase() },
        { ...built, absentMarker: built.positive.marker.slice('GK-ECHO-'.length) },
      ];
      for (const echoCase of malformed) {
        const error = await refusal(
          runEchoCheck({ pipeline, cases: 1, createCase: () => echoCase as EchoCase }),
        );
        expect(error.code).toBe('invalid_case');
        expect(error.message).toMatch(/^options\.createCase\(0\) returned (?:an? \w+|null), not an EchoCase/);
      }
      expect(pipeline).not.toHaveBeenCalled();
    });

    it('accepts exactly 10 000 cases (the pipeline runs; its own error propagates)', async () => {
      const failure = new Error('pipeline broke on the first case');
      let calls = 0;
      const answer: EchoPipeline = () => {
        calls++;
        throw failure;
      };
      await expect(runEchoCheck({ pipeline: answer, cases: 10_000 })).rejects.toBe(failure);
      expect(calls).toBe(1);
    });

    it('reports progress after each case', async () => {
      const progress = vi.fn();
      await run(correctText, { cases: 3, onProgress: progress });
      expect(progress.mock.calls.map(([p]) => [p.done, p.total, p.caseId, p.outcome, p.leaked])).toEqual([
        [1, 3, 'case-1', 'grounded', false],
        [2, 3, 'case-2', 'grounded', false],
        [3, 3, 'case-3', 'grounded', false],
      ]);
    });

    it('stops between cases when the signal aborts, with an AbortError', async () => {
      const controller = new AbortController();
      const pipeline = vi.fn(correctText);
      const running = runEchoCheck({
        pipeline: pipeline,
        cases: 5,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      });
      await expect(running).rejects.toMatchObject({ name: 'AbortError' });
      expect(pipeline).toHaveBeenCalledTimes(1);
      const never = vi.fn(correctText);
      await expect(runEchoCheck({ pipeline: never, signal: AbortSignal.abort() })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(never).not.toHaveBeenCalled();
    });

    it('uses fresh markers for every case and every run', async () => {
      const seen: string[] = [];
      const collect: EchoPipeline = (input) => {
        for (const passage of input.passages)
          seen.push(...(passage.text.match(/GK-ECHO-[0-9a-f]{32}/g) ?? []));
        return correctText(input);
      };
      await run(collect);
      await run(collect);
      expect(seen).toHaveLength(24);
      expect(new Set(seen).size).toBe(24);
    });
  });
  describe('what the pipeline returns is scored as a caller reads it, once', () => {
    // The answer a caller reads (`result.text`, `result.citations[0]`, `JSON.stringify(result)`) and the one the
    // check scores must be the same, whatever getters, proxies or array methods the returned value carries.
    const ASIDE = / \([a-z ]+GK-ECHO-[0-9a-f]+\)/u;
    const sentence = (input: EchoPipelineInput, source: number): string =>
      input.passages[source - 1]!.text.replace(ASIDE, '');
    const citationsFor = (input: EchoPipelineInput, source: number): Citation[] =>
      verifyAnswer(`${input.passages[source - 1]!.text} [${source}]`, input.passages).citations;
    const decoyOf = (input: EchoPipelineInput): number => 3 - bestSource(input);
    /** An honest pipeline whose later answers carry the text of the one before (a cache), as `carry` writes it. */
    const withCarried = (
      carry: (answer: EchoSynthesizedAnswer, earlier: string) => unknown,
    ): EchoPipeline => {
      let earlier = '';
      return (input) => {
        const answer = correctSynthesized(input) as EchoSynthesizedAnswer;
        const carried = earlier;
        earlier = answer.text;
        return (carried === '' ? answer : carry(answer, carried)) as EchoAnswer;
      };
    };

    it('scores the first read of a field that answers differently per read (getter or proxy)', async () => {
      const shapes: EchoPipeline[] = [
        // A getter: the decoy's sentence on the first read, the positive's on every later one.
        (input) => {
          let reads = 0;
          const first = `${sentence(input, decoyOf(input))} [${bestSource(input)}]`;
          const later = `${sentence(input, bestSource(input))} [${bestSource(input)}]`;
          return {
            get text() {
              reads += 1;
              return reads === 1 ? first : later;
            },
            citations: citationsFor(input, bestSource(input)),
          };
        },
        // A getter on `citations`: the decoy's citation first, the positive's after.
        (input) => {
          let reads = 0;
          const first = citationsFor(input, decoyOf(input));
          const later = citationsFor(input, bestSource(input));
          return {
            text: `${sentence(input, bestSource(input))} [${bestSource(input)}]`,
            get citations() {
              reads += 1;
              return reads === 1 ? first : later;
            },
          };
        },
        // A proxy whose citation fields give the decoy's offsets and text on their first read.
        (input) => {
          const [good] = citationsFor(input, bestSource(input));
          const [bad] = citationsFor(input, decoyOf(input));
          const reads = new Map<PropertyKey, number>();
          const citation = new Proxy(good!, {
            get(target, key) {
              reads.set(key, (reads.get(key) ?? 0) + 1);
              const first = reads.get(key) === 1 && ['start', 'end', 'text'].includes(String(key));
              return Reflect.get(first ? bad! : target, key);
            },
          });
          return {
            text: `${sentence(input, bestSource(input))} [${bestSource(input)}]`,
            citations: [citation],
          };
        },
      ];
      for (const pipeline of shapes)
        expect(outcomes(await run(pipeline))).toEqual(Array(6).fill('wrong_source'));
    });

    it('scores a citations array by its elements, not by its own map or iterator', async () => {
      const report = await run((input) => {
        const shown = citationsFor(input, bestSource(input));
        // Index access and JSON.stringify read the decoy's citation; `map` and `for…of` would read the positive's.
        const citations = [...citationsFor(input, decoyOf(input))];
        Object.defineProperty(citations, 'map', { value: (f: (c: Citation) => unknown) => shown.map(f) });
        Object.defineProperty(citations, Symbol.iterator, { value: () => shown[Symbol.iterator]() });
        Object.defineProperty(citations, 'entries', { value: () => shown.entries() });
        return { text: `${sentence(input, bestSource(input))} [${bestSource(input)}]`, citations };
      });
      expect(outcomes(report)).toEqual(Array(6).fill('wrong_source'));
    });

    it('finds a leak that a proxy hides from key enumeration, in an answer or a rejection', async () => {
      const hidden = { ownKeys: () => [], getOwnPropertyDescriptor: () => undefined };
      const shapes = [
        withCarried((answer, earlier) => new Proxy({ ...answer, text: `${answer.text} ${earlier}` }, hidden)),
        withCarried((answer, earlier) => ({
          ...answer,
          citations: answer.citations.map(
            (c) => new Proxy({ ...c, chunkId: `${c.chunkId} ${earlier}` }, hidden),
          ),
        })),
        withCarried((_answer, earlier) => {
          throw new Proxy(new FakeSynthesisError('rejected_claims', { note: earlier }), hidden);
        }),
      ];
      for (const pipeline of shapes) {
        const report = await run(pipeline, { cases: 3 });
        expect(leaks(report)).toEqual([false, true, true]);
        expect(report.cases[1]!.detail).toMatch(/; marker A of case-1 leaked \((answer|rejection)\./);
      }
    });

    it('still searches the value as returned, fields it does not score and getters on later reads included', async () => {
      const shapes = [
        withCarried((answer, earlier) => ({ ...answer, debug: { cached: [earlier] } })),
        withCarried((answer, earlier) => {
          let reads = 0;
          return Object.defineProperty({ ...answer }, 'text', {
            enumerable: true,
            get: () => (++reads === 1 ? answer.text : `${answer.text} ${earlier}`),
          });
        }),
      ];
      for (const pipeline of shapes)
        expect(leaks(await run(pipeline, { cases: 3 }))).toEqual([false, true, true]);
    });

    it('refuses a field whose getter throws with invalid_answer, and a citation whose getter throws is not grounded', async () => {
      const throwing = () => {
        throw new Error('boom');
      };
      const error = await refusal(
        run(() => Object.defineProperty({ citations: [] }, 'text', { get: throwing }) as never, { cases: 1 }),
      );
      expect(error.code).toBe('invalid_answer');
      const report = await run((input) => {
        const [citation] = citationsFor(input, bestSource(input));
        return {
          text: `${sentence(input, bestSource(input))} [${bestSource(input)}]`,
          citations: [Object.defineProperty({ ...citation! }, 'start', { get: throwing })],
        };
      });
      expect(outcomes(report)).toEqual(Array(6).fill('wrong_source'));
    });

    it('refuses citations behind a proxy whose trap throws or that is revoked with invalid_answer, never a raw error', async () => {
      const answerWith = (input: EchoPipelineInput, citations: unknown) =>
        ({ text: `${sentence(input, bestSource(input))} [${bestSource(input)}]`, citations }) as never;
      const revoked = () => {
        const { proxy, revoke } = Proxy.revocable([], {});
        revoke();
        return proxy;
      };
      const trapping = (input: EchoPipelineInput) =>
        new Proxy(citationsFor(input, bestSource(input)), {
          has() {
            throw new Error('trap');
          },
        });
      for (const citations of [trapping, revoked]) {
        const error = await refusal(run((input) => answerWith(input, citations(input)), { cases: 1 }));
        expect(error.code).toBe('invalid_answer');
      }
      // A rejected list whose keys cannot be read names no source: the answer is scored on its citations.
      const report = await run(
        (input) =>
          ({
            ...(answerWith(input, citationsFor(input, bestSource(input))) as object),
            // Sparse, so the copy reads its keys past the hole.
            rejected: new Proxy(Object.assign([{ text: 'y' }], { 3: { text: 'z' } }), {
              ownKeys() {
                throw new Error('trap');
              },
            }),
          }) as never,
      );
      expect(outcomes(report)).toEqual(Array(6).fill('grounded'));
    });

    it('refuses an answer that is a revoked proxy with invalid_answer, never a raw TypeError', async () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      const error = await refusal(run(() => proxy as never, { cases: 1 }));
      expect(error.code).toBe('invalid_answer');
    });

    it('reads a huge sparse citations array up to its first hole only, and refuses it', async () => {
      const citations: Citation[] = [];
      citations.length = 2 ** 32 - 1;
      const started = cpuNow();
      const error = await refusal(run(() => ({ text: 'x [1]', citations }), { cases: 1 }));
      expect(error.code).toBe('invalid_answer');
      expect(cpuNow() - started).toBeLessThan(5_000); // CPU time; reading 2^32 - 1 slots would take minutes
    });

    it('scores an honest answer of any shape the same: a class with getters and private fields, a frozen object, a sparse rejected list', async () => {
      class Result {
        readonly #answer: EchoSynthesizedAnswer;
        constructor(answer: EchoSynthesizedAnswer) {
          this.#answer = answer;
        }
        get text(): string {
          return this.#answer.text;
        }
        get citations(): readonly Citation[] {
          return this.#answer.citations;
        }
      }
      const shapes: EchoPipeline[] = [
        (input) => new Result(correctSynthesized(input) as EchoSynthesizedAnswer),
        (input) => Object.freeze({ ...(correctSynthesized(input) as EchoSynthesizedAnswer) }),
        (input) => new Proxy(correctSynthesized(input) as EchoSynthesizedAnswer, {}),
      ];
      for (const pipeline of shapes) expect(outcomes(await run(pipeline))).toEqual(Array(6).fill('grounded'));
      // A rejected claim after a hole still names the decoy.
      const report = await run((input) => {
        const answer = correctSynthesized(input) as EchoSynthesizedAnswer;
        const rejected: unknown[] = [];
        rejected[3] = { text: 'x', markers: [decoyOf(input)] };
        return { ...answer, rejected };
      });
      expect(outcomes(report)).toEqual(Array(6).fill('wrong_source'));
    });
  });
});
