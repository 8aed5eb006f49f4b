// Mutation testing of the pure metric functions of @gk/eval-schema (the schemas are declarative zod tables).
import { NOT_MUTATED, strykerConfig } from './shared.mjs';

/** The metric files: retrieval metrics and the calibration metrics. */
export const METRIC_FILES = [
  'ranking-metrics',
  'ndcg-at-k',
  'agreement-rate',
  'class-metrics',
  'confusion-matrix',
];

export default strykerConfig('eval-schema', [
  ...METRIC_FILES.map((file) => `packages/eval-schema/src/${file}.ts`),
  ...NOT_MUTATED,
]);
