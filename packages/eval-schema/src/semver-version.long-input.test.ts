import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { sampleEvalReport } from './__fixtures__/reports.js';
import { parseEvalReport, safeParseEvalReport } from './index.js';
import { renderJsonSchema } from './json-schemas.js';
import { SemverVersion } from './primitives.js';

// Millions of identifiers: the semver pattern repeats a group per identifier, and V8 keeps a backtrack entry per
// repetition, so matching it overflowed the stack (a bare RangeError). A version is at most 256 characters, as
// node-semver reads it, and the length is checked before the pattern runs.
const LONG = 8 * 1024 * 1024;
const long = (unit: string): string => unit.repeat(Math.ceil(LONG / unit.length));

describe('SemverVersion on huge versions', () => {
  it.each([
    ['prerelease identifiers', `1.0.0-${long('a.')}a`],
    ['build identifiers', `1.0.0+${long('b.')}b`],
    ['numeric prerelease identifiers', `1.0.0-${long('0.')}0`],
    ['numeric build identifiers', `1.0.0+${long('1.')}1`],
    ['empty identifiers', `1.0.0-${long('a.')}`],
  ])('refuses millions of %s as too long, with no RangeError', (_, version) => {
    const result = SemverVersion.safeParse(version);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.code)).toEqual(['too_big']);
  });

  it('refuses a report whose package version is millions of identifiers with a coded ReportParseError', () => {
    const report = sampleEvalReport();
    report.packageVersion = `1.0.0-${long('a.')}a`;
    expect(issuesOf(safeParseEvalReport(report))).toEqual(['invalid_field packageVersion']);
    expect(() => parseEvalReport(report)).toThrow(
      expect.objectContaining({ name: 'ReportParseError', code: 'invalid_field' }),
    );
  });

  it('accepts a valid version of 256 characters and refuses one of 257', () => {
    const version = (length: number): string => `1.0.0-${'a.'.repeat((length - 7) / 2)}a`;
    expect(version(255)).toHaveLength(255);
    expect(SemverVersion.safeParse(version(255)).success).toBe(true);
    expect(SemverVersion.safeParse(`${version(255)}b`).success).toBe(true);
    expect(SemverVersion.safeParse(`${version(255)}bc`).success).toBe(false);
  });

  it('still reads the grammar below the limit (a leading zero, an empty identifier)', () => {
    expect(SemverVersion.safeParse('1.0.0-a.01').success).toBe(false);
    expect(SemverVersion.safeParse('1.0.0-a..a').success).toBe(false);
    expect(SemverVersion.safeParse('1.0.0-a.0+b.01').success).toBe(true);
  });

  it('carries the limit into the JSON Schema as maxLength, next to the unchanged pattern', () => {
    const properties = renderJsonSchema('eval-report').properties as Record<string, Record<string, unknown>>;
    expect(properties.packageVersion).toMatchObject({ type: 'string', maxLength: 256 });
    expect(properties.packageVersion?.pattern).toBe(
      String.raw`^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-(?!0\d+(?:[.+]|$))[0-9A-Za-z-]+(?:\.(?!0\d+(?:[.+]|$))[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$`,
    );
  });
});
