import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import {
  sampleCalibrationReport,
  sampleEchoReport,
  sampleEvalReport,
  sampleLabelSetWithoutHash,
  samplePreregistration,
  sampleSynthesisReport,
} from './__fixtures__/reports.js';
import {
  parseCalibrationReport,
  parseEchoReport,
  parseEvalReport,
  parseLabelSet,
  parsePreregistration,
  parseSynthesisReport,
  ReportParseError,
  SUPPORTED_SCHEMA_VERSIONS,
  type SafeParseReportResult,
  safeParseCalibrationReport,
  safeParseEchoReport,
  safeParseEvalReport,
  safeParseLabelSet,
  safeParsePreregistration,
  safeParseSynthesisReport,
} from './index.js';

describe('safeParseEvalReport', () => {
  it('reads a JSON string as well as a parsed value', () => {
    const report = sampleEvalReport();
    expect(safeParseEvalReport(JSON.stringify(report))).toEqual({ success: true, data: report });
    expect(parseEvalReport(report)).toEqual(report);
  });

  it('names the field of an unknown key', () => {
    const report = { ...sampleEvalReport(), extra: true };
    const result = safeParseEvalReport(report);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(ReportParseError);
    expect(result.error.code).toBe('unknown_key');
    expect(result.error.path).toEqual(['extra']);
    expect(result.error.message).toBe('EvalReport.extra: unknown key (this schema version does not have it)');
  });

  it('refuses another schemaVersion with a message that says which versions it reads', () => {
    expect(SUPPORTED_SCHEMA_VERSIONS).toEqual([1]);
    for (const [version, shown] of [
      [2, '2'],
      ['1', '"1"'],
      [undefined, 'no schemaVersion'],
    ] as const) {
      const result = safeParseEvalReport({ ...sampleEvalReport(), schemaVersion: version });
      expect(result.success).toBe(false);
      if (result.success) continue;
      expect(result.error.code).toBe('unsupported_version');
      expect(result.error.issues).toHaveLength(1);
      expect(result.error.message).toBe(
        `EvalReport.schemaVersion: unsupported schemaVersion: this package reads version 1; received ${shown}`,
      );
    }
  });

  it('names the field of a broken rule', () => {
    const report = sampleEvalReport();
    report.stages[0] = { ...(report.stages[0] as (typeof report.stages)[number]), abstentions: 0 };
    const result = safeParseEvalReport(report);
    expect(result.success ? '' : result.error.message).toBe(
      'EvalReport.stages[0].abstentions: count disagrees with its rows: expected 1 (queries without hits), received 0',
    );
    expect(result.success ? '' : result.error.code).toBe('rule');
  });

  it('refuses text that is not JSON, including 1 MB of unterminated brackets, with not_json', () => {
    for (const text of [
      '',
      '{',
      '[[[['.repeat(262_144),
      '```json\n{}\n```',
      'report: {}',
      '{"a":1} trailing',
    ]) {
      const result = safeParseEvalReport(text);
      expect(result.success ? '' : result.error.code).toBe('not_json');
      expect(result.success ? '' : result.error.message).toBe('EvalReport: expected JSON text');
    }
  });

  // The citations decoders and the CLI drop one leading BOM (an editor's); two are not a BOM but text.
  it('drops one leading byte order mark of JSON text, not two', () => {
    const report = sampleEvalReport();
    expect(safeParseEvalReport(`\ufeff${JSON.stringify(report)}`)).toEqual({ success: true, data: report });
    expect(issuesOf(safeParseEvalReport(`\ufeff\ufeff${JSON.stringify(report)}`))).toEqual(['not_json ']);
    const echo = sampleEchoReport();
    expect(safeParseEchoReport(`\ufeff${JSON.stringify(echo)}`)).toEqual({ success: true, data: echo });
    // A BOM inside the text is no leading one: still not JSON, and a parsed value is never stripped.
    expect(issuesOf(safeParseEvalReport(` \ufeff${JSON.stringify(report)}`))).toEqual(['not_json ']);
  });

  // JSON.parse hashes keys past 16,383 units by their length alone, so 4,000 keys of 16,384 characters took
  // 50 s to parse before the schema refused them as unknown; the text is refused unparsed.
  it('refuses a key longer than any report key with key_too_long before parsing, naming its path', () => {
    const long = `${'k'.repeat(1024)}0`;
    const text = JSON.stringify(sampleEvalReport()).replace(
      '"isBaseline":true',
      `"isBaseline":true,"x":{"a":[1,{"${long}":1}]}`,
    );
    const result = safeParseEvalReport(text);
    expect(result.success ? [] : result.error.issues).toEqual([
      {
        code: 'key_too_long',
        path: ['stages', 0, 'x', 'a', 1, long],
        message:
          'a key of 1,025 characters is longer than 1,024 (no report key comes near it); refused unparsed',
      },
    ]);
    // Escapes are read: 1,024 characters written as `\u006b` are not too long, and are an unknown key as before.
    const escaped = JSON.stringify(sampleEvalReport()).replace(
      '"schemaVersion":1',
      `"schemaVersion":1,"${'\\u006b'.repeat(1024)}":1`,
    );
    expect(issuesOf(safeParseEvalReport(escaped))[0]).toBe(`unknown_key ${'k'.repeat(1024)}`);
    // A long string value is no key; text that is no JSON stays not_json.
    const value = JSON.stringify({ ...sampleEvalReport(), runId: 'r'.repeat(20_000) });
    expect(safeParseEvalReport(value).success).toBe(true);
    expect(issuesOf(safeParseEvalReport(`{"${long}"`))).toEqual(['not_json ']);
    expect(issuesOf(safeParseEvalReport(`{"${long}" : [`))).toEqual([`key_too_long ${long}`]);
    // A parsed value is not scanned: JSON.parse did not run on it here (its keys are the schema's to refuse).
    expect(issuesOf(safeParseEvalReport({ ...sampleEvalReport(), [long]: 1 }))[0]).toMatch(/^unknown_key/);
  });

  it('refuses JSON text that repeats a key in one object with duplicate_key, naming its path', () => {
    const text = JSON.stringify(sampleEvalReport()).replace(
      '"schemaVersion":1',
      '"schemaVersion":2,"schemaVersion":1',
    );
    const result = safeParseEvalReport(text);
    expect(issuesOf(result)).toEqual(['duplicate_key schemaVersion']);
    expect(result.success ? '' : result.error.message).toBe(
      'EvalReport.schemaVersion: duplicate key "schemaVersion" (readers differ on which copy counts, so the text is refused)',
    );
    const nested = JSON.stringify(sampleEvalReport()).replace(
      '"isBaseline":true',
      '"isBaseline":false,"isBaseline":true',
    );
    expect(issuesOf(safeParseEvalReport(nested))).toEqual(['duplicate_key stages[0].isBaseline']);
  });

  it('refuses values that are not a report object', () => {
    for (const value of [null, 42, [], [sampleEvalReport()], true, '"text"', '123']) {
      const result = safeParseEvalReport(value);
      expect(result.success).toBe(false);
      expect(result.success ? '' : result.error.code).toMatch(/^(invalid_field|unsupported_version)$/);
    }
  });

  it('refuses a schemaVersion of any type with unsupported_version, never a TypeError', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const throwing = {
      toJSON: () => {
        throw new Error('not shown');
      },
    };
    for (const version of [1n, cyclic, throwing, Symbol('v'), () => 1]) {
      const result = safeParseEvalReport({ ...sampleEvalReport(), schemaVersion: version });
      expect(result.success ? '' : result.error.code).toBe('unsupported_version');
      expect(result.success ? '' : result.error.message).toMatch(/this package reads version 1; received \S/);
    }
  });

  it('refuses __proto__ and constructor keys as unknown keys without touching prototypes', () => {
    const text = JSON.stringify(sampleEchoReport()).replace(
      '{',
      '{"__proto__":{"polluted":true},"constructor":1,',
    );
    expect(issuesOf(safeParseEchoReport(text))).toEqual(['unknown_key __proto__', 'unknown_key constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses counts past 2^53 and non-finite numbers', () => {
    const text = JSON.stringify(sampleEchoReport()).replace('"total":4', '"total":9007199254740993');
    // The field's own issue: totals are recomputed from the rows only once every field parsed.
    expect(issuesOf(safeParseEchoReport(text))).toEqual(['invalid_field counts.total']);
    const report = sampleEvalReport();
    (report.stages[0] as { metrics: { ndcg: number | null } }).metrics.ndcg = Number.NaN;
    expect(issuesOf(safeParseEvalReport(report))).toEqual(['invalid_field stages[0].metrics.ndcg']);
  });

  it('keeps odd but valid strings exactly: astral pairs, zero-width, RTL, NUL and huge ids', () => {
    const odd = `\ud83d\ude00\u200b\u202e\u0000${'x'.repeat(1_000_000)}`;
    const report = { ...sampleEchoReport(), runId: odd };
    const result = safeParseEchoReport(report);
    expect(result.success ? result.data.runId : '').toBe(odd);
    expect(issuesOf(safeParseEchoReport({ ...sampleEchoReport(), runId: '' }))).toEqual([
      'invalid_field runId',
    ]);
  });

  it('refuses an id holding a lone surrogate, in JSON text (an escape JSON.parse keeps) and in a value', () => {
    // Written as UTF-8 a lone surrogate becomes U+FFFD, so two different ids would read the same once saved.
    const text = JSON.stringify(sampleEvalReport());
    for (const bad of ['\\ud800', 'q\\udfff', '\\ude00\\ud83d', `${'x'.repeat(100_000)}\\udbff`]) {
      const result = safeParseEvalReport(text.replace('"runId":"run-2026-11-30"', `"runId":"${bad}"`));
      expect(issuesOf(result), bad).toEqual(['rule runId']);
    }
    const report = sampleEvalReport();
    (report.stages[0]?.queries[0]?.hits[0] as { chunkId: string }).chunkId = 'mit\ud800#0';
    expect(issuesOf(safeParseEvalReport(report))).toEqual(['rule stages[0].queries[0].hits[0].chunkId']);
    const result = safeParseEvalReport({ ...sampleEvalReport(), runId: '\ud800' });
    expect(result.success ? '' : result.error.message).toBe(
      'EvalReport.runId: expected well-formed text (a lone surrogate is half a character)',
    );
  });

  it('refuses -0 where a number is at least 0: a latency, a count, a rate (JSON.stringify never writes it)', () => {
    const text = JSON.stringify(sampleEvalReport());
    for (const [from, to, field] of [
      ['"latencyMs":1.5', '"latencyMs":-0', 'stages[0].queries[0].latencyMs'],
      ['"latencyMs":0.75', '"latencyMs":-0.0', 'stages[0].queries[1].latencyMs'],
      ['"documentCount":2', '"documentCount":-0', 'documentCount'],
      ['"start":900', '"start":-0', 'stages[0].queries[0].hits[1].start'],
      ['"claimAcceptance":0.6', '"claimAcceptance":-0', 'synthesis.claimAcceptance'],
    ] as const) {
      expect(text).toContain(from);
      expect(issuesOf(safeParseEvalReport(text.replace(from, to))), to).toEqual([`rule ${field}`]);
    }
    const report = sampleEvalReport();
    (report.stages[0]?.queries[0] as { latencyMs: number }).latencyMs = -0;
    const result = safeParseEvalReport(report);
    expect(result.success ? '' : result.error.message).toBe(
      'EvalReport.stages[0].queries[0].latencyMs: expected a number >= 0, received -0',
    );
    expect(safeParseEvalReport(text.replace('"latencyMs":1.5', '"latencyMs":0')).success).toBe(true);
  });

  it('quotes odd keys in the path of the message', () => {
    const result = safeParseEchoReport({ ...sampleEchoReport(), 'a b\u0000': 1 });
    expect(result.success ? '' : result.error.message).toBe(
      'EchoReport["a b\\u0000"]: unknown key (this schema version does not have it)',
    );
  });
});

describe('parseEchoReport', () => {
  it('returns the report or throws a ReportParseError recognised across copies', () => {
    expect(parseEchoReport(sampleEchoReport())).toEqual(sampleEchoReport());
    let caught: unknown;
    try {
      parseEchoReport({ ...sampleEchoReport(), kind: 'eval' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toEqual(expect.any(ReportParseError));
    expect(ReportParseError.isInstance(caught)).toBe(true);
    expect(ReportParseError.isInstance(new Error('EchoReport.kind'))).toBe(false);
    expect((caught as ReportParseError).name).toBe('ReportParseError');
    expect((caught as ReportParseError).message).toBe('EchoReport.kind: Invalid input: expected "echo"');
  });
});

// The finding (rt15 #4): the hole check and zod each read the value, so a getter showed the check one array and zod
// another (2^21 holes: 9.7 s and 2,097,152 issues), and a revoked proxy or a throwing getter threw out of safeParse*.
describe('every safeParse* reads a parsed value once into a copy (rt15 #4)', () => {
  const parsers: Array<
    [string, (input: unknown) => SafeParseReportResult<unknown>, (input: unknown) => unknown, () => object]
  > = [
    ['EvalReport', safeParseEvalReport, parseEvalReport, sampleEvalReport],
    ['EchoReport', safeParseEchoReport, parseEchoReport, sampleEchoReport],
    ['SynthesisReport', safeParseSynthesisReport, parseSynthesisReport, sampleSynthesisReport],
    [
      'LabelSet',
      safeParseLabelSet,
      parseLabelSet,
      () => ({ ...sampleLabelSetWithoutHash(), hash: 'a'.repeat(64) }),
    ],
    ['Preregistration', safeParsePreregistration, parsePreregistration, samplePreregistration],
    ['CalibrationReport', safeParseCalibrationReport, parseCalibrationReport, sampleCalibrationReport],
  ];

  it('parses what a getter answered on its one read: no later value reaches the schema', () => {
    const sample = sampleEchoReport();
    let reads = 0;
    let elements = 0;
    // Holes only, past any time budget: it throws once its elements are read at all.
    const sparse = new Proxy(new Array(2 ** 32 - 1), {
      get: (target, key, receiver) => {
        if (typeof key === 'string' && /^\d+$/.test(key) && ++elements > 1_000)
          throw new Error('read the holes');
        return Reflect.get(target, key, receiver);
      },
    });
    const report: Record<string, unknown> = { ...sample };
    Object.defineProperty(report, 'cases', {
      enumerable: true,
      get: () => (++reads === 1 ? sample.cases : sparse),
    });
    expect(safeParseEchoReport(report)).toEqual({ success: true, data: sample });
    expect([reads, elements]).toEqual([1, 0]);
  });

  it.each(parsers)(
    '%s: a revoked proxy or a throwing getter is invalid_field at its path, never a throw',
    (artifact, safeParse, parse, sample) => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      const boom = new Error('boom');
      const field = Object.keys(sample()).find((key) => key !== 'schemaVersion') as string;
      const throwing = sample();
      Object.defineProperty(throwing, field, {
        enumerable: true,
        get: () => {
          throw boom;
        },
      });
      for (const [input, path] of [
        [proxy, []],
        [{ ...sample(), [field]: proxy }, [field]],
        [throwing, [field]],
        [{ ...sample(), [field]: [1, proxy] }, [field, 1]],
      ] as const) {
        const result = safeParse(input);
        expect(result.success).toBe(false);
        if (result.success) continue;
        expect(result.error).toMatchObject({ code: 'invalid_field', path, artifact });
        expect(result.error.issues).toHaveLength(1);
        expect(() => parse(input)).toThrow(expect.any(ReportParseError));
      }
      const result = safeParse(throwing);
      expect(result.success ? undefined : result.error.cause).toBe(boom);
    },
  );
});
