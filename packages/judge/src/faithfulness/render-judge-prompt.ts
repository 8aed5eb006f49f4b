import { formatSources, type Passage } from '@gk/citations';
import { checkArgument, isObject, stripInvisible } from '@gk/internal';
import { checkPromptTemplate, fillPromptTemplate, type PromptTemplate } from '@gk/model-kit';

/** The placeholders a judge prompt template may use; `{{sources}}` and `{{answer}}` are required. */
export const judgePromptPlaceholders = ['question', 'sources', 'answer'] as const;

const SLOTS = { sources: 'once', answer: 'once', question: 'at-most-once' } as const;

// The default template's own delimiters as a model reads them: with spaces, attributes or a self-closing `/`, with
// invisible characters anywhere inside, and in compatibility forms (`＜／ａｎｓｗｅｒ＞`). Tested on one tag, from an
// opening bracket to the next closing one, without invisible characters and in NFKC.
const delimiter = /^<\s*(?:\/\s*)?(?:question|sources|answer)(?:[\s/][\s\S]*)?>$/i;
// `<` and `>` and the characters NFKC turns into them.
const bracket = /[<>\ufe64\ufe65\uff1c\uff1e]/g;
const OPENERS = '<\ufe64\uff1c';

// What shows nothing inside a tag beside the invisible characters: controls (NUL, ESC, NEL), the Braille blank, the
// Khitan filler, interlinear annotation and Egyptian format controls (as `isBlank` reads them).
const SHOWS_NOTHING = /[\p{Cc}\u2800\ufff9-\ufffb\u{13430}-\u{1343f}\u{16fe4}]/gu;

/** A tag as a model reads it: without what shows nothing, in NFKC. */
const shownTag = (tag: string): string => stripInvisible(tag).replace(SHOWS_NOTHING, '').normalize('NFKC');

/**
 * Neutralises the template's delimiter tags in untrusted text (question, answer and the formatted passages) for the
 * prompt only: the tag's `<` and `>` (or their look-alikes) become `‹` and `›`, and what is between them is kept as
 * written, so the judge still reads every character. Each character is read once: a tag runs from the last opening
 * bracket to the next closing one.
 */
function neutralise(text: string): string {
  let out = '';
  let copied = 0;
  let open = -1;
  for (const { index } of text.matchAll(bracket)) {
    if (OPENERS.includes(text[index]!)) {
      open = index;
      continue;
    }
    if (open !== -1 && delimiter.test(shownTag(text.slice(open, index + 1)))) {
      out += `${text.slice(copied, open)}‹${text.slice(open + 1, index)}›`;
      copied = index + 1;
    }
    open = -1;
  }
  return out + text.slice(copied);
}

/** What to fill into a judge prompt template. */
export interface RenderJudgePromptInput {
  question: string;
  answer: string;
  passages: readonly Passage[];
}

/**
 * Names what is wrong with a judge prompt template, or returns `null` when it can be used: a
 * `{ system, user }` object in which `{{sources}}` and `{{answer}}` occur exactly once and `{{question}}` at
 * most once, counted over both parts.
 */
export function checkJudgePrompt(template: unknown): string | null {
  return checkPromptTemplate(template, SLOTS);
}

/**
 * Fills a judge prompt template in one pass, so text inside the question, answer or passages is never substituted;
 * the passages are formatted by `formatSources`, and delimiter look-alikes in all three are neutralised.
 */
export function renderJudgePrompt(template: PromptTemplate, input: RenderJudgePromptInput): PromptTemplate {
  const problem = checkJudgePrompt(template);
  checkArgument(problem === null, 'template', `a judge prompt template (${problem})`, template);
  checkArgument(isObject(input), 'input', 'an object `{ question, answer, passages }`', input);
  checkArgument(typeof input.question === 'string', 'input.question', 'a string', input.question);
  checkArgument(typeof input.answer === 'string', 'input.answer', 'a string', input.answer);
  checkArgument(Array.isArray(input.passages), 'input.passages', 'an array of passages', input.passages);
  return fillPromptTemplate(template, {
    question: neutralise(input.question),
    sources: neutralise(formatSources(input.passages)),
    answer: neutralise(input.answer),
  });
}
