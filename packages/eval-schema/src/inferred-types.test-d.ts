import { expectTypeOf, test } from 'vitest';
import type {
  CalibrationReport,
  ConfusionMatrix,
  EchoReport,
  EvalReport,
  JudgeIdentity,
  SafeParseReportResult,
  SynthesisReport,
} from './index.js';
import { confusionMatrix, ndcgAtK, recallAtK, safeParseEvalReport } from './index.js';

test('inferred artifact types keep literal versions, optional sections and nullable metrics', () => {
  expectTypeOf<EvalReport['schemaVersion']>().toEqualTypeOf<1>();
  expectTypeOf<EchoReport['kind']>().toEqualTypeOf<'echo'>();
  expectTypeOf<EvalReport['synthesis']>().toEqualTypeOf<SynthesisReport | undefined>();
  expectTypeOf<EvalReport['stages'][number]['metrics']['recall']>().toEqualTypeOf<number | null>();
  expectTypeOf<EvalReport['stages'][number]['stage']>().toEqualTypeOf<
    'lexical' | 'dense' | 'fusion' | 'rerank'
  >();
  expectTypeOf<SynthesisReport['judge']>().toEqualTypeOf<JudgeIdentity | undefined>();
  expectTypeOf<EchoReport['cases'][number]['outcome']>().toEqualTypeOf<
    'grounded' | 'wrong_source' | 'abstained' | 'rejected'
  >();
  expectTypeOf<CalibrationReport['rows'][number]['judge']>().toEqualTypeOf<boolean | null>();
});

test('functions return null-able numbers and zod-shaped results', () => {
  expectTypeOf(recallAtK).returns.toEqualTypeOf<number | null>();
  expectTypeOf(ndcgAtK).returns.toEqualTypeOf<number | null>();
  expectTypeOf(confusionMatrix).returns.toEqualTypeOf<ConfusionMatrix>();
  expectTypeOf(safeParseEvalReport).returns.toEqualTypeOf<SafeParseReportResult<EvalReport>>();
});
