import { formatSources, InvalidPassageError } from '@gk/citations';
import { checkLabelSetHash, type LabelSet, safeParseLabelSet } from '@gk/eval-schema';
import { excerpt, readOptions, isBlank, type Result, StringMap } from '@gk/internal';
import type { PromptTemplate } from '@gk/model-kit';
import { defaultJudgePrompt, faithfulnessRubric } from '../faithfulness/default-judge-prompt.js';
import { judgePromptOf } from '../faithfulness/describe-judge.js';
import { shownText } from '../faithfulness/shown-text.js';
import { distinctItems } from './distinct-items.js';

/** Why a label set cannot be trusted. */
export type LabelSetProblemCode =
  | 'schema'
  | 'hash_mismatch'
  | 'invalid_passage'
  | 'contradictory_labels'
  | 'rubric_not_in_prompt';

/** One reason a label set failed verification. */
export interface LabelSetProblem {
  code: LabelSetProblemCode;
  message: string;
}

/** A label set refused, with every reason. */
export interface LabelSetRefusal {
  code: 'invalid_label_set';
  message: string;
  problems: LabelSetProblem[];
}

/** Options for {@link verifyLabelSet}. */
export interface VerifyLabelSetOptions {
  /**
   * The judge prompt template; when given, the set's rubric must be the one it gives the judge, verbatim in its `system`
   * or `user`: the text after a `Rubric:` label to the end of its line, or `faithfulnessRubric` on its own lines. A
   * template without `{{sources}}` and `{{answer}}` once each is an `InvalidArgumentError`.
   */
  prompt?: PromptTemplate;
}

/** A verified label set, or why it cannot be trusted. */
export type VerifyLabelSetResult = Result<LabelSet, LabelSetRefusal>;

/**
 * Checks a label set (parsed or raw JSON) before use: strict schema, stored hash equal to the recomputed one,
 * every passage one the judge can be shown (`@gk/citations`' passage rules: `end - start === text.length`, ...),
 * no item labelled both faithful and unfaithful (items the judge is shown the same, as `assessGateReadiness` counts
 * them: by `prompt`, or `defaultJudgePrompt`), and, with `prompt`, the rubric the labellers followed is the one the
 * judge is given.
 */
export async function verifyLabelSet(
  input: unknown,
  options: VerifyLabelSetOptions = {},
): Promise<VerifyLabelSetResult> {
  const { prompt: given } = readOptions(options);
  // Refused as every export that takes a judge prompt refuses it: a template the judge cannot be given. Read once:
  // the items are rendered with, and the rubric looked for in, the very template that was checked.
  const prompt = given === undefined ? undefined : judgePromptOf(given, 'options.prompt');
  const parsed = safeParseLabelSet(input);
  if (!parsed.success) return refuse([{ code: 'schema', message: parsed.error.message }]);
  const labelSet = parsed.data;
  const problems: LabelSetProblem[] = [];
  const check = await checkLabelSetHash(labelSet);
  if (!check.success) problems.push({ code: 'hash_mismatch', message: check.error.message });
  // A passage the judge cannot be shown would stop a measurement midway, after paid calls; refuse it first.
  const showable: LabelSet['items'] = [];
  for (const item of labelSet.items) {
    try {
      formatSources(item.passages);
      showable.push(item);
    } catch (error) {
      if (!InvalidPassageError.isInstance(error)) throw error;
      const shown = excerpt(JSON.stringify(item.id), { length: 80 });
      problems.push({ code: 'invalid_passage', message: `item ${shown}: ${error.message}` });
    }
  }
  // An item labelled both ways has no truth to agree with and would count in each class: labellers must settle it.
  const template = prompt ?? defaultJudgePrompt;
  const faithful = new StringMap(showable.map((item) => [item.id, item.faithful]));
  for (const ids of distinctItems(showable, template)) {
    const yes = ids.find((id) => faithful.get(id) === true);
    const no = ids.find((id) => faithful.get(id) === false);
    if (yes === undefined || no === undefined) continue;
    const shown = (id: string): string => excerpt(JSON.stringify(id), { length: 80 });
    problems.push({
      code: 'contradictory_labels',
      message: `items ${shown(yes)} (faithful) and ${shown(no)} (unfaithful) are one item to the judge (the same prompt, read by its visible characters)${ids.length > 2 ? ` (${ids.length} items in all)` : ''}; give one item one label`,
    });
  }
  if (prompt !== undefined && !isJudgeRubric(prompt, labelSet.rubric)) {
    problems.push({
      code: 'rubric_not_in_prompt',
      message:
        'the label set rubric does not occur verbatim and whole in the judge prompt as its rubric (the text after a "Rubric:" label, ending a line, or faithfulnessRubric on its own lines); labels and judge use different rubrics',
    });
  }
  return problems.length === 0 ? { success: true, data: labelSet } : refuse(problems);
}

function refuse(problems: LabelSetProblem[]): { success: false; error: LabelSetRefusal } {
  const codes = [...new Set(problems.map((problem) => problem.code))].join(', ');
  return {
    success: false,
    error: { code: 'invalid_label_set', message: `The label set cannot be trusted (${codes}).`, problems },
  };
}

// A line that names what follows as the rubric: `Rubric: …`, or `Rubric:` / a `# Rubric` heading above it.
const RUBRIC_LABEL = /^[ \t]*(?:#{1,6}[ \t]*)?rubric[ \t]*(?::[ \t]*\n?|\n)/gim;
// What a template is built from, never a rubric: a placeholder, a tag such as `</sources>`, or a paragraph break
// (a rubric running on past one takes in the prompt's next paragraph): two line breaks of any kind (LF, CR, VT, FF,
// NEL, U+2028, U+2029; CRLF is folded to one first) with only blanks between. One `\s*` before the `/`, another only
// after it: two around an optional `/` share a run of spaces and read it in time quadratic in its length.
const SCAFFOLDING =
  /\{\{|\}\}|<\s*(?:\/\s*)?[a-z][\w:-]*(?:[\s/][^<>]*)?>|[\n\v\f\r\x85\u2028\u2029][\t \xa0\u1680\u2000-\u200a\u202f\u205f\u3000\u2800]*[\n\v\f\r\x85\u2028\u2029]/i;

/**
 * Whether `rubric` is the rubric `prompt` gives its judge: the whole text after a `Rubric:` label (or under a `Rubric`
 * heading), ending a line, or `faithfulnessRubric` whole in it (as {@link holdsWhole}). A line of the prompt's other
 * text (`Sources:`, `{{answer}}`, `</sources>`, a reply-format rule) is no rubric, and neither is a placeholder, a tag
 * or text with no letter.
 */
export function isJudgeRubric(prompt: PromptTemplate, rubric: string): boolean {
  if (isBlank(rubric) || !/\p{L}/u.test(rubric)) return false;
  const parts = [prompt.system, prompt.user];
  if (rubric === faithfulnessRubric) return parts.some((text) => holdsWhole(text, rubric));
  if (SCAFFOLDING.test(shownText(rubric).normalize('NFKC').replaceAll('\r\n', '\n'))) return false;
  return parts.some((text) => {
    let found: Set<number> | undefined; // where the rubric occurs, read once: comparing it after every label of a
    // prompt of many labels cost their number times its length
    for (const label of text.matchAll(RUBRIC_LABEL)) {
      const start = label.index + label[0].length;
      const end = start + rubric.length;
      found ??= occurrences(text, rubric);
      if (found.has(start) && (end === text.length || text[end] === '\n')) return true;
    }
    return false;
  });
}

/** Where `pattern` occurs in `text` (Knuth–Morris–Pratt: linear in both, whatever they repeat). */
function occurrences(text: string, pattern: string): Set<number> {
  const fallback = new Int32Array(pattern.length);
  for (let i = 1, k = 0; i < pattern.length; i++) {
    while (k > 0 && pattern.charCodeAt(i) !== pattern.charCodeAt(k)) k = fallback[k - 1]!;
    if (pattern.charCodeAt(i) === pattern.charCodeAt(k)) k++;
    fallback[i] = k;
  }
  const found = new Set<number>();
  for (let i = 0, k = 0; i < text.length; i++) {
    while (k > 0 && text.charCodeAt(i) !== pattern.charCodeAt(k)) k = fallback[k - 1]!;
    if (text.charCodeAt(i) === pattern.charCodeAt(k)) k++;
    if (k === pattern.length) {
      found.add(i - k + 1);
      k = fallback[k - 1]!;
    }
  }
  return found;
}

/**
 * Whether `rubric` occurs in `text` as a whole: starting a line or after a label's `": "`, and ending a line. A part of
 * the judge's rubric (its first sentence, one word) is not the rubric the labels were written under.
 */
function holdsWhole(text: string, rubric: string): boolean {
  for (let at = text.indexOf(rubric); at !== -1; at = text.indexOf(rubric, at + 1)) {
    const end = at + rubric.length;
    const starts = at === 0 || text[at - 1] === '\n' || text.slice(at - 2, at) === ': ';
    if (starts && (end === text.length || text[end] === '\n')) return true;
  }
  return false;
}
