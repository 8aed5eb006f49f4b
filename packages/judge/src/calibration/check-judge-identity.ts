import type { JudgeIdentity } from '@gk/eval-schema';
import { checkArgument, isObject } from '@gk/internal';

/** Throws an InvalidArgumentError unless `judge` is a judge identity: string `provider`, `modelId`, `promptHash`. */
export function checkJudgeIdentity(judge: unknown, parameter: string): asserts judge is JudgeIdentity {
  checkArgument(
    isObject(judge) &&
      typeof judge.provider === 'string' &&
      typeof judge.modelId === 'string' &&
      typeof judge.promptHash === 'string',
    parameter,
    'a judge identity { provider, modelId, promptHash } (from describeJudge)',
    judge,
  );
}
