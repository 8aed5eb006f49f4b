import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { sampleEchoReport, sampleEvalReport } from './__fixtures__/reports.js';
import {
  parseEchoReport,
  parseEvalReport,
  ReportParseError,
  SUPPORTED_SCHEMA_VERSIONS,
  safeParseEchoReport,
  safeParseEvalReport,
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

  it('keeps odd but valid strings exactly: lone surrogates, zero-width, RTL, NUL and huge ids', () => {
    const odd = `\ud800\u200b\u202e\u0000${'x'.repeat(1_000_000)}`;
    const report = { ...sampleEchoReport(), runId: odd };
    const result = safeParseEchoReport(report);
    expect(result.success ? result.data.runId : '').toBe(odd);
    expect(issuesOf(safeParseEchoReport({ ...sampleEchoReport(), runId: '' }))).toEqual([
      'invalid_field runId',
    ]);
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
