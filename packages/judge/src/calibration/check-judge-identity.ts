import type { JudgeIdentity } from '@gk/eval-schema';
import { checkArgument, isObject } from '@gk/internal';

/**
 * Throws an InvalidArgumentError unless `judge` is a judge identity: string `provider`, `modelId`, `promptHash`, and
 * `settingsHash` a string when present.
 */
export function checkJudgeIdentity(judge: unknown, parameter: string): asserts judge is JudgeIdentity {
  checkArgument(
    isObject(judge) &&
      typeof judge.provider === 'string' &&
      typeof judge.modelId === 'string' &&
      typeof judge.promptHash === 'string' &&
      (judge.settingsHash === undefined || typeof judge.settingsHash === 'string'),
    parameter,
    'a judge identity { provider, modelId, promptHash, settingsHash? } (from await describeJudge(...))',
    judge,
  );
}

/**
 * The hash of the call settings a judge was given, `undefined` for the provider's defaults. Read through this one
 * function because `@gk/eval-schema`'s `JudgeIdentity` may not declare the field yet.
 */
export function settingsHashOf(judge: JudgeIdentity): string | undefined {
  const { settingsHash } = judge as { settingsHash?: unknown };
  return typeof settingsHash === 'string' ? settingsHash : undefined;
}

/** The identity fields a record copies: `settingsHash` only when present, so a judge with defaults reads as before. */
export function judgeFields(judge: JudgeIdentity): JudgeIdentity {
  const settingsHash = settingsHashOf(judge);
  return {
    provider: judge.provider,
    modelId: judge.modelId,
    promptHash: judge.promptHash,
    ...(settingsHash === undefined ? {} : { settingsHash }),
  };
}
