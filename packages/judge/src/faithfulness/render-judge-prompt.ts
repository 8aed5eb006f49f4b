import { formatSources, type Passage } from '@gk/citations';
import { checkArgument, isObject } from '@gk/internal';
import { checkPromptTemplate, fillPromptTemplate, type PromptTemplate } from '@gk/model-kit';
import { BLANKS, shownText } from './shown-text.js';

/** The placeholders a judge prompt template may use; `{{sources}}` and `{{answer}}` are required. */
export const judgePromptPlaceholders = ['question', 'sources', 'answer'] as const;

const SLOTS = { sources: 'once', answer: 'once', question: 'at-most-once' } as const;

// The start of one of the default template's own delimiters as a model reads it: with spaces or a `/`, the name, then
// the tag's end, a space or `/` before attributes (which may hold anything, a `<` too), or nothing (another `<` or the
// field's end follows).
// Tested on a tag's head, from an opening bracket to the next bracket, as `isDelimiterHead` reads it.
const delimiter = /^<\s*(?:\/\s*)?(?:question|sources|answer)(?:[\s/>][\s\S]*)?$/i;
// `<` and `>` and the characters NFKC turns into them.
const bracket = /[<>\ufe64\ufe65\uff1c\uff1e]/g;
const OPENERS = '<\ufe64\uff1c';
// Controls that are whitespace (a newline, NEL) and the Braille blank, which a model may also read as nothing.
const SQUEEZED = /[\p{Cc}\u2800]/gu;

/**
 * Whether a tag's head is a delimiter's as a model may read it, in NFKC (`＜／ａｎｓｗｅｒ＞`) and without what shows
 * nothing (`shownText`): with each blank a space (`</answer\tx="1">`), or squeezed out (`</ans\u0085wer>`).
 */
function isDelimiterHead(head: string): boolean {
  const shown = shownText(head).normalize('NFKC');
  return delimiter.test(shown.replace(BLANKS, ' ')) || delimiter.test(shown.replace(SQUEEZED, ''));
}

/**
 * Neutralises the template's delimiter tags in untrusted text (question, answer and the formatted passages) for the
 * prompt only: the tag's `<` and `>` (or their look-alikes) become `‹` and `›`, and what is between them is kept as
 * written, so the judge still reads every character. A tag runs from an opening bracket that starts a delimiter's
 * name to the next closing bracket, whatever lies between (`</answer x="<">`), or to the end of the field when none
 * follows (`</answer`: its `<` alone); each head, from one bracket to the next, is read once.
 */
function neutralise(text: string): string {
  let out = '';
  let copied = 0;
  let open = -1;
  const starts: number[] = []; // opening brackets of delimiters not yet closed
  for (const { index } of text.matchAll(bracket)) {
    const opens = OPENERS.includes(text[index]!);
    // A bracket right after the opening one (`<<`, `<>`) leaves no room for a name.
    const head = open !== -1 && index > open + 1 ? text.slice(open, opens ? index : index + 1) : '';
    if (head !== '' && isDelimiterHead(head)) starts.push(open);
    open = opens ? index : -1;
    if (opens || starts.length === 0) continue;
    for (const start of starts) {
      out += `${text.slice(copied, start)}‹`;
      copied = start + 1;
    }
    out += `${text.slice(copied, index)}›`;
    copied = index + 1;
    starts.length = 0;
  }
  // A delimiter's name no closing bracket follows still reads as a tag (`…\n</answer\n\nAnswer to check:`): the
  // last head runs to the end of the field, and the opening bracket of every head left open is neutralised.
  if (open !== -1 && open + 1 < text.length && isDelimiterHead(text.slice(open))) starts.push(open);
  for (const start of starts) {
    out += `${text.slice(copied, start)}‹`;
    copied = start + 1;
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
