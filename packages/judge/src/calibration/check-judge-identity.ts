import type { JudgeIdentity } from '@gk/eval-schema';
import { checkArgument, isObject, readArgument } from '@gk/internal';

/**
 * `judge` as a plain copy of its identity fields, each read once, or an InvalidArgumentError unless it is a judge
 * identity: string `provider`, `modelId`, `promptHash`, and `settingsHash` a string when present (the copy holds it
 * only then). Use the copy, never `judge` again: a getter cannot pass the check with one value and be compared or
 * recorded with another.
 */
export function checkJudgeIdentity(judge: unknown, parameter: string): JudgeIdentity {
  // A getter or proxy that throws is refused as a value that cannot be read, with a code.
  const { provider, modelId, promptHash, settingsHash } = readArgument(parameter, () => {
    const { provider, modelId, promptHash, settingsHash } = isObject(judge) ? judge : {};
    return { provider, modelId, promptHash, settingsHash };
  });
  checkArgument(
    isObject(judge) &&
      typeof provider === 'string' &&
      typeof modelId === 'string' &&
      typeof promptHash === 'string' &&
      (settingsHash === undefined || typeof settingsHash === 'string'),
    parameter,
    'a judge identity { provider, modelId, promptHash, settingsHash? } (from await describeJudge(...))',
    judge,
  );
  return {
    provider: provider as string,
    modelId: modelId as string,
    promptHash: promptHash as string,
    ...(settingsHash === undefined ? {} : { settingsHash: settingsHash as string }),
  } as JudgeIdentity;
}

/**
 * The hash of the call settings a judge was given, `undefined` for the provider's defaults. Read through this one
 * function because `@gk/eval-schema`'s `JudgeIdentity` may not declare the field yet.
 */
export function settingsHashOf(judge: JudgeIdentity): string | undefined {
  const { settingsHash } = judge as { settingsHash?: unknown };
  return typeof settingsHash === 'string' ? settingsHash : undefined;
}
