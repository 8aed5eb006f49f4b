import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  sampleCalibrationReport,
  sampleEchoReport,
  sampleEvalReport,
  sampleLabelSetWithoutHash,
  samplePreregistration,
  sampleSynthesisReport,
} from './__fixtures__/reports.js';
import {
  JSON_SCHEMA_FILES,
  JSON_SCHEMA_NAMES,
  type JsonSchemaName,
  renderJsonSchemaFile,
} from './json-schemas.js';

// `date-time` is also pinned by a `pattern`, so Ajv's format plugin is not needed; the format is accepted as known.
const ajv = new Ajv2020({ strict: true, allErrors: true, formats: { 'date-time': true } });
const shipped = (name: JsonSchemaName): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../schemas/${name}.v1.json`, import.meta.url), 'utf8'));

const samples: Record<JsonSchemaName, () => Record<string, unknown>> = {
  'eval-report': sampleEvalReport,
  'synthesis-report': sampleSynthesisReport,
  'echo-report': sampleEchoReport,
  'label-set': () => ({ ...sampleLabelSetWithoutHash(), hash: 'e'.repeat(64) }),
  preregistration: samplePreregistration,
  'calibration-report': sampleCalibrationReport,
};

describe('shipped JSON Schema files (schemas/*.v1.json, written by `npm run build`)', () => {
  it('lists one file per artifact', () => {
    expect(JSON_SCHEMA_FILES).toEqual([
      'eval-report.v1.json',
      'synthesis-report.v1.json',
      'echo-report.v1.json',
      'label-set.v1.json',
      'preregistration.v1.json',
      'calibration-report.v1.json',
    ]);
  });

  it.each(JSON_SCHEMA_NAMES)('%s.v1.json is what the zod schema generates today', (name) => {
    const text = readFileSync(new URL(`../schemas/${name}.v1.json`, import.meta.url), 'utf8');
    expect(text).toBe(renderJsonSchemaFile(name));
  });

  it.each(JSON_SCHEMA_NAMES)('%s.v1.json validates the sample and rejects broken copies', (name) => {
    const validate = ajv.compile(shipped(name));
    expect(validate(samples[name]()), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...samples[name](), unknownKey: 1 })).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('additionalProperties');
    expect(validate({ ...samples[name](), schemaVersion: 2 })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/schemaVersion');
  });

  it('rejects a broken EvalReport field by field, as the zod schema does', () => {
    const validate = ajv.compile(shipped('eval-report'));
    const report = sampleEvalReport();
    const stage = report.stages[0] as (typeof report.stages)[number];
    stage.metrics.recall = 1.5;
    (stage.queries[0] as { latencyMs: number }).latencyMs = -1;
    report.corpusHash = 'not-a-hash';
    report.startedAt = '30/11/2026';
    expect(validate(report)).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath).sort()).toEqual(
      expect.arrayContaining([
        '/corpusHash',
        '/stages/0/metrics/recall',
        '/stages/0/queries/0/latencyMs',
        '/startedAt',
      ]),
    );
  });

  it('cannot express the cross-field rules (documented in the README): counts that disagree still validate', () => {
    const validate = ajv.compile(shipped('echo-report'));
    const report = sampleEchoReport();
    report.counts.total = 99;
    expect(validate(report)).toBe(true);
  });
});
