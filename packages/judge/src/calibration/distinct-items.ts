import { replaceRuns, StringMap } from '@gk/internal';
import type { LabelSet } from '@gk/eval-schema';
import type { PromptTemplate } from '@gk/model-kit';
import { renderJudgePrompt } from '../faithfulness/render-judge-prompt.js';
import { BLANKS, shownText } from '../faithfulness/shown-text.js';

/**
 * The items' ids grouped by what the judge is shown of them, in the order each group first appears: the prompt rendered from the question, the answer and the
 * passages as `formatSources` writes them, read as {@link visibleText}. Two items that differ only where nobody can see
 * (a chunk id, offsets, a uri, invisible or control characters, which lone surrogate, how much whitespace, the Unicode
 * normal form) are one item; any changed visible character is another.
 */
export function distinctItems(
  items: readonly LabelSet['items'][number][],
  prompt: PromptTemplate,
): string[][] {
  // Keyed by a StringMap: a rendered prompt is often longer than V8 hashes (16,383 units), and a plain Map would
  // compare every such key with every other of its length.
  const byContent = new StringMap<string[]>();
  const groups: string[][] = [];
  for (const item of items) {
    const { system, user } = renderJudgePrompt(prompt, item);
    const key = `${visibleText(system)}\u0000${visibleText(user)}`;
    const ids = byContent.get(key);
    if (ids !== undefined) ids.push(item.id);
    else {
      const group = [item.id];
      byContent.set(key, group);
      groups.push(group);
    }
  }
  return groups;
}

/**
 * The visible characters of `text`: as the model is shown it (`shownText`: without invisible characters, controls that
 * are no whitespace and the other signs that show nothing, each lone surrogate U+FFFD), every run of whitespace (and
 * U+2800, a blank) one space, trimmed, in NFC (canonically equivalent text renders the same).
 */
function visibleText(text: string): string {
  return replaceRuns(shownText(text), BLANKS, ' ').trim().normalize('NFC');
}
