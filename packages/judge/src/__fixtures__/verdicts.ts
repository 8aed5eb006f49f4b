import type { LabelSet } from '@gk/eval-schema';
import type { MockLanguageModelV3 } from 'ai/test';
import { scriptedJudge } from '../faithfulness/scripted-judge.js';

type Reply = 'faithful' | 'unfaithful' | 'prose';

/** A scripted judge over a label set: finds the item by its answer in the prompt and replies per `decide`. */
export function judgeOverLabelSet(
  labelSet: LabelSet,
  decide: (item: LabelSet['items'][number]) => Reply,
  modelId = 'scripted-judge',
): MockLanguageModelV3 {
  return scriptedJudge({
    modelId,
    respond: (prompt) => {
      const item = labelSet.items.find((candidate) =>
        prompt.includes(`<answer>\n${candidate.answer}\n</answer>`),
      );
      if (item === undefined) throw new Error('scripted judge: no label set item matches this prompt');
      const reply = decide(item);
      if (reply === 'prose') return `I think it is faithful. {"faithful": true}`;
      return JSON.stringify(
        reply === 'faithful'
          ? {
              faithful: true,
              unsupportedClaims: [],
              reasoning: `Every claim of ${item.id} is in the sources.`,
            }
          : {
              faithful: false,
              unsupportedClaims: [item.answer],
              reasoning: `The sources do not state this (${item.id}).`,
            },
      );
    },
  });
}
