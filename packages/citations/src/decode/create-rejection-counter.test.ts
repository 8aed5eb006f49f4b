import { describe, expect, it } from 'vitest';
import { invalidArgument } from '../__fixtures__/invalid-argument.js';
import { z } from 'zod';
import { createRejectionCounter, rejectionMetricName } from './create-rejection-counter.js';
import { decodeRows } from './decode-rows.js';
import { safeDecodeJson } from './safe-decode-json.js';

/** The series lines of the Prometheus output, without the HELP and TYPE lines and the final newline. */
const seriesLines = (output: string): string[] => output.split('\n').slice(2, -1);

/** The series line for one recorded pair. */
const lineFor = (task: string, reason: string): string => {
  const counter = createRejectionCounter();
  counter.record({ task, reason });
  return seriesLines(counter.toPrometheus())[0] ?? '';
};

describe('createRejectionCounter', () => {
  describe('counting', () => {
    it('counts rejections by task and reason, readable as sorted plain data', () => {
      const counter = createRejectionCounter();
      const verdict = z.strictObject({ faithful: z.boolean() });
      for (const text of [
        '',
        'Sure! {"faithful": true}',
        '{"faithful": "true"}',
        '```json\n{"faithful": true}\n```',
      ]) {
        const result = safeDecodeJson(text, verdict);
        if (!result.success) counter.record({ task: 'judge', reason: result.error.code });
      }
      const rows = decodeRows('[{"faithful": 1}, {"faithful": true}, {}]', verdict);
      for (const row of rows.rejected) counter.record({ task: 'extract', reason: row.code });
      counter.record({ task: 'judge', reason: 'not_json' }, 2);
      expect(counter.snapshot()).toEqual([
        { task: 'extract', reason: 'schema', count: 2 },
        { task: 'judge', reason: 'empty', count: 1 },
        { task: 'judge', reason: 'not_json', count: 3 },
        { task: 'judge', reason: 'schema', count: 1 },
      ]);
    });

    it('sorts series by task, then by reason, whatever the recording order', () => {
      const counter = createRejectionCounter();
      counter.record({ task: 'judge', reason: 'schema' });
      counter.record({ task: 'extract-claims', reason: 'quote_not_found' }, 3);
      counter.record({ task: 'judge', reason: 'empty' });
      counter.record({ task: 'judge', reason: 'not_json' }, 2);
      counter.record({ task: 'extract-claims', reason: 'unknown_handle' });
      counter.record({ task: 'extract-claims', reason: 'not_json' });
      counter.record({ task: 'judge', reason: 'empty' }, 4);
      counter.record({ task: 'synthesis', reason: 'marker_out_of_range' });
      counter.record({ task: 'judge', reason: 'too_large' });
      expect(counter.snapshot()).toEqual([
        { task: 'extract-claims', reason: 'not_json', count: 1 },
        { task: 'extract-claims', reason: 'quote_not_found', count: 3 },
        { task: 'extract-claims', reason: 'unknown_handle', count: 1 },
        { task: 'judge', reason: 'empty', count: 5 },
        { task: 'judge', reason: 'not_json', count: 2 },
        { task: 'judge', reason: 'schema', count: 1 },
        { task: 'judge', reason: 'too_large', count: 1 },
        { task: 'synthesis', reason: 'marker_out_of_range', count: 1 },
      ]);
      expect(seriesLines(counter.toPrometheus())).toEqual([
        'gk_model_invalid_output_total{task="extract-claims",reason="not_json"} 1',
        'gk_model_invalid_output_total{task="extract-claims",reason="quote_not_found"} 3',
        'gk_model_invalid_output_total{task="extract-claims",reason="unknown_handle"} 1',
        'gk_model_invalid_output_total{task="judge",reason="empty"} 5',
        'gk_model_invalid_output_total{task="judge",reason="not_json"} 2',
        'gk_model_invalid_output_total{task="judge",reason="schema"} 1',
        'gk_model_invalid_output_total{task="judge",reason="too_large"} 1',
        'gk_model_invalid_output_total{task="synthesis",reason="marker_out_of_range"} 1',
      ]);
    });

    it('sorts by UTF-16 code units: upper case before lower case, a prefix before its extensions', () => {
      const counter = createRejectionCounter();
      for (const task of ['judge-v2', 'judge', 'Judge', 'b', 'a']) counter.record({ task, reason: 'x' });
      for (const reason of ['b', 'B', 'a']) counter.record({ task: 'a', reason });
      expect(counter.snapshot().map(({ task, reason }) => `${task}/${reason}`)).toEqual([
        'Judge/x',
        'a/B',
        'a/a',
        'a/b',
        'a/x',
        'b/x',
        'judge/x',
        'judge-v2/x',
      ]);
    });

    it('keeps a series recorded with count 0, and adds counts to the same series', () => {
      const counter = createRejectionCounter();
      counter.record({ task: 'judge', reason: 'not_json' }, 0);
      expect(counter.snapshot()).toEqual([{ task: 'judge', reason: 'not_json', count: 0 }]);
      expect(seriesLines(counter.toPrometheus())).toEqual([
        'gk_model_invalid_output_total{task="judge",reason="not_json"} 0',
      ]);
      counter.record({ task: 'judge', reason: 'not_json' });
      counter.record({ task: 'judge', reason: 'not_json' }, 7);
      expect(counter.snapshot()).toEqual([{ task: 'judge', reason: 'not_json', count: 8 }]);
      counter.record({ task: 'judge', reason: 'empty' }, Number.MAX_SAFE_INTEGER);
      expect(counter.snapshot()[0]).toEqual({ task: 'judge', reason: 'empty', count: 9007199254740991 });
    });

    it('keeps separate series for labels that would collide if joined', () => {
      const counter = createRejectionCounter();
      counter.record({ task: 'a', reason: 'b\u0000c' });
      counter.record({ task: 'a\u0000b', reason: 'c' });
      expect(counter.snapshot()).toHaveLength(2);
    });

    it('returns copies and works when its methods are detached', () => {
      const counter = createRejectionCounter();
      const { record, snapshot, toPrometheus } = counter;
      record({ task: 'judge', reason: 'empty' });
      const first = snapshot();
      first[0]!.count = 99;
      expect(snapshot()[0]?.count).toBe(1);
      expect(toPrometheus()).toContain('{task="judge",reason="empty"} 1');
    });
  });

  describe('bad events and counts', () => {
    it('refuses a missing or malformed event with an InvalidArgumentError, and records nothing', () => {
      const counter = createRejectionCounter();
      const events: unknown[] = [
        undefined,
        null,
        {},
        { task: 'judge' },
        { reason: 'not_json' },
        { task: '', reason: 'not_json' },
        { task: 'judge', reason: '' },
        { task: 7, reason: 'not_json' },
        { task: 'judge', reason: 7 },
        { task: ['judge'], reason: 'not_json' },
      ];
      for (const event of events) {
        expect(() => counter.record(event as never), JSON.stringify(event)).toThrow(invalidArgument('event'));
      }
      expect(counter.snapshot()).toEqual([]);
    });

    it('refuses an event that throws when read with an InvalidArgumentError, the caller’s error as its cause', () => {
      const counter = createRejectionCounter();
      const boom = new Error('boom');
      const getter = {
        task: 'judge',
        get reason(): string {
          throw boom;
        },
      };
      const proxy = new Proxy(
        {},
        {
          get: () => {
            throw boom;
          },
        },
      );
      for (const event of [getter, proxy]) {
        let error: unknown;
        try {
          counter.record(event as never);
        } catch (caught) {
          error = caught;
        }
        expect(error).toEqual(invalidArgument('event'));
        expect((error as Error).cause).toBe(boom);
      }
      expect(counter.snapshot()).toEqual([]);
    });

    it('refuses a count that is not a non-negative safe integer, naming the value', () => {
      const counter = createRejectionCounter();
      const event = { task: 'judge', reason: 'not_json' };
      const cases: Array<[unknown, string]> = [
        [-1, 'number -1'],
        [0.5, 'number 0.5'],
        [2 ** 53, 'number 9007199254740992'],
        [Number.NaN, 'number NaN'],
        [Number.POSITIVE_INFINITY, 'number Infinity'],
        ['2', 'the string "2"'],
        [null, 'null'],
      ];
      for (const [count, shown] of cases) {
        expect(() => counter.record(event, count as number)).toThrow(
          invalidArgument('count', `Invalid count: expected a non-negative integer, received ${shown}.`),
        );
      }
      expect(counter.snapshot()).toEqual([]);
    });
  });

  describe('Prometheus text', () => {
    it('names the metric gk_model_invalid_output_total', () => {
      expect(rejectionMetricName).toBe('gk_model_invalid_output_total');
    });

    it('renders the Prometheus text format with HELP and TYPE lines', () => {
      const counter = createRejectionCounter();
      expect(counter.toPrometheus()).toBe(
        '# HELP gk_model_invalid_output_total Model outputs rejected by validation, by task and reason.\n' +
          '# TYPE gk_model_invalid_output_total counter\n',
      );
      counter.record({ task: 'judge', reason: 'not_json' });
      counter.record({ task: 'extract-claims', reason: 'quote_not_found' }, 4);
      expect(counter.toPrometheus().split('\n').slice(2)).toEqual([
        'gk_model_invalid_output_total{task="extract-claims",reason="quote_not_found"} 4',
        'gk_model_invalid_output_total{task="judge",reason="not_json"} 1',
        '',
      ]);
    });

    it('writes HELP and TYPE lines, then one line per series, each ending in a newline', () => {
      const counter = createRejectionCounter();
      counter.record({ task: 'judge', reason: 'schema' }, 12);
      expect(counter.toPrometheus()).toBe(
        '# HELP gk_model_invalid_output_total Model outputs rejected by validation, by task and reason.\n' +
          '# TYPE gk_model_invalid_output_total counter\n' +
          'gk_model_invalid_output_total{task="judge",reason="schema"} 12\n',
      );
    });

    it('escapes backslash, double quote and line feed, and leaves tab, CR and NUL as they are', () => {
      expect(lineFor('C:\\models\\judge', 'said "no"\nthen stopped')).toBe(
        'gk_model_invalid_output_total{task="C:\\\\models\\\\judge",reason="said \\"no\\"\\nthen stopped"} 1',
      );
      expect(lineFor('a\tb\rc', 'd\u0000e')).toBe(
        'gk_model_invalid_output_total{task="a\tb\rc",reason="d\u0000e"} 1',
      );
    });

    it('keeps surrogate pairs at both ends of the high and low ranges', () => {
      // U+10000 is D800 DC00; U+10FFFF is DBFF DFFF; U+1F600 is D83D DE00.
      expect(lineFor('\u{10000}', '\u{10FFFF}')).toBe(
        'gk_model_invalid_output_total{task="\u{10000}",reason="\u{10FFFF}"} 1',
      );
      expect(lineFor('\uD800\uDFFF', '\uDBFF\uDC00')).toBe(
        'gk_model_invalid_output_total{task="\uD800\uDFFF",reason="\uDBFF\uDC00"} 1',
      );
      expect(lineFor('judge 😀', 'x')).toBe('gk_model_invalid_output_total{task="judge 😀",reason="x"} 1');
    });

    it('replaces each lone surrogate with U+FFFD, whatever follows or precedes it', () => {
      const cases: Array<[string, string]> = [
        ['\uD800', '\uFFFD'],
        ['\uDBFF', '\uFFFD'],
        ['\uDC00', '\uFFFD'],
        ['\uDFFF', '\uFFFD'],
        ['judge\uD83D', 'judge\uFFFD'], // a high half at the very end
        ['\uDE00judge', '\uFFFDjudge'], // a low half at the very start
        ['\uDC00\uDC00', '\uFFFD\uFFFD'], // two low halves are not a pair
        ['\uD800\uD800', '\uFFFD\uFFFD'], // nor are two high halves
        ['a\uDC00', 'a\uFFFD'], // an ordinary character does not pair with a low half
        ['\uD800a', '\uFFFDa'],
        ['\uD800\uE000', '\uFFFD\uE000'], // U+E000 is past the low range
        ['\uD800\uD7FF', '\uFFFD\uD7FF'], // U+D7FF is before the surrogates
        ['\uDFFF\uDC00', '\uFFFD\uFFFD'],
      ];
      for (const [task, shown] of cases) {
        expect(lineFor(task, 'x'), JSON.stringify(task)).toBe(
          `gk_model_invalid_output_total{task="${shown}",reason="x"} 1`,
        );
      }
    });

    it('leaves characters around the surrogate range untouched (U+D7FF, U+E000, full-width letters)', () => {
      expect(lineFor('\uD7FF', '\uE000')).toBe(
        'gk_model_invalid_output_total{task="\uD7FF",reason="\uE000"} 1',
      );
      expect(lineFor('ｊｕｄｇｅ', 'ｎｏｔ＿ｊｓｏｎ\uFFFF')).toBe(
        'gk_model_invalid_output_total{task="ｊｕｄｇｅ",reason="ｎｏｔ＿ｊｓｏｎ\uFFFF"} 1',
      );
    });
  });
});
