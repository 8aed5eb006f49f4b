// Internal (not exported from the main entry): the JSON Schema files shipped in `schemas/`, generated from the
// zod schemas by `scripts/generate-json-schemas.ts` at build time and checked by the tests.
import { z } from 'zod';
import { CalibrationReport } from './calibration-report.js';
import { EchoReport } from './echo-report.js';
import { EvalReport } from './eval-report.js';
import { LabelSet } from './label-set.js';
import { Preregistration } from './preregistration.js';
import { SynthesisReport } from './synthesis-report.js';

const artifacts = {
  'eval-report': { name: 'EvalReport', schema: EvalReport },
  'synthesis-report': { name: 'SynthesisReport', schema: SynthesisReport },
  'echo-report': { name: 'EchoReport', schema: EchoReport },
  'label-set': { name: 'LabelSet', schema: LabelSet },
  preregistration: { name: 'Preregistration', schema: Preregistration },
  'calibration-report': { name: 'CalibrationReport', schema: CalibrationReport },
} as const;

/** The base name of each shipped schema file (`<name>.v1.json`). */
export type JsonSchemaName = keyof typeof artifacts;

/** Every shipped schema file name, e.g. `eval-report.v1.json`. */
export const JSON_SCHEMA_FILES: readonly string[] = Object.keys(artifacts).map((name) => `${name}.v1.json`);

/** The JSON Schema (draft 2020-12) of one artifact, exactly as shipped. */
export function renderJsonSchema(name: JsonSchemaName): Record<string, unknown> {
  const { name: title, schema } = artifacts[name];
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'throw' });
  const { $schema, ...rest } = generated;
  return {
    $schema,
    title: `${title} v1`,
    description:
      `@gk/eval-schema ${title}, schemaVersion 1. Checks shape, types, ranges and unknown keys only: the ` +
      'cross-field rules (counts equal their rows, one lexical baseline, start < end, rates recomputed, ...) ' +
      'cannot be expressed in JSON Schema and are enforced by the zod schemas.',
    ...rest,
  };
}

/** The text of a shipped schema file: two-space JSON with a trailing newline. */
export function renderJsonSchemaFile(name: JsonSchemaName): string {
  return `${JSON.stringify(renderJsonSchema(name), null, 2)}\n`;
}

/** Names of every shipped schema. */
export const JSON_SCHEMA_NAMES = Object.keys(artifacts) as JsonSchemaName[];
