import type { Citation, Passage } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { buildEchoCase, type EchoDocument } from './build-echo-case.js';
import { scoreEchoCase } from './score-echo-case.js';

// An answer points at a source in many forms besides a plain `[n]`; every one that names the decoy's number must
// score `wrong_source`, and ordinary prose around a correct `[n]` must not.

const echoCase = buildEchoCase({ caseId: 'case-1', templateId: 'recipe' });
/** Both orders the check shows: the decoy as source 2, then as source 1. */
const orders: Array<{ positive: number; decoy: number; passages: Passage[] }> = [
  { positive: 1, decoy: 2, passages: [echoCase.positive.passage, echoCase.decoy.passage] },
  { positive: 2, decoy: 1, passages: [echoCase.decoy.passage, echoCase.positive.passage] },
];

function cite(document: EchoDocument, source: number): Citation {
  const { passage } = document;
  const { chunkId, start, end, text } = passage;
  return { source, documentId: document.documentId, chunkId, start, end, text };
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const FULL_WIDTH = '０１２３４５６７８９';
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const sup = (n: number): string => SUPERSCRIPT[n]!;
const circled = (n: number): string => String.fromCharCode(0x2460 + n - 1);
const ordinal = (n: number): string => ['zeroth', 'first', 'second'][n]!;
const spelled = (n: number): string => ['zero', 'one', 'two'][n]!;

/** Each form writes the decoy's number `d` (the positive is `p`), as models write citations. */
const FORMS: Array<[string, (d: number, p: number) => string]> = [
  // Ranges and lists.
  ['hyphen range', () => '[1-2]'],
  ['en dash range', () => '[1–2]'],
  ['em dash range', () => '[1—2]'],
  ['range with "to"', () => '[1 to 2]'],
  ['range with "through"', () => '[1 through 2]'],
  ['range with two dots', () => '[1..2]'],
  ['range with a tilde', () => '[1~2]'],
  ['range past both', () => '[1-3]'],
  ['reversed range', () => '[2-1]'],
  ['list with &', () => '[1 & 2]'],
  ['list with a slash', () => '[1/2]'],
  ['list with an ideographic comma', () => '[1、2]'],
  ['list with a full-width comma', () => '[1，2]'],
  ['list with "or"', () => '[1 or 2]'],
  ['list of spaces', () => '[1 2]'],
  ['parenthesised list', () => '(1, 2)'],
  ['parenthesised range', () => '(1-2)'],
  ['parenthesised number', (d) => `(${d})`],
  ['braces', (d) => `{${d}}`],
  ['LaTeX cite', (d) => `\\cite{${d}}`],
  // Superscripts.
  ['superscript digit', (d) => sup(d)],
  ['superscript after a full stop', (d) => `.${sup(d)}`],
  ['superscript list', () => '¹˒²'],
  ['superscript list with a comma', () => '¹,²'],
  ['superscript range', () => '¹⁻²'],
  ['superscript run', () => '¹²'],
  ['HTML superscript', (d) => `<sup>${d}</sup>`],
  ['HTML superscript marker', (d) => `<sup>[${d}]</sup>`],
  // Other digits and brackets.
  ['full-width brackets and digit', (d) => `［${FULL_WIDTH[d]}］`],
  ['full-width digit', (d) => `[${FULL_WIDTH[d]}]`],
  ['full-width brackets', (d) => `［${d}］`],
  ['lenticular brackets', (d) => `【${d}】`],
  ['full-width digit in lenticular brackets', (d) => `【${FULL_WIDTH[d]}】`],
  ['tortoise-shell brackets', (d) => `〔${d}〕`],
  ['white lenticular brackets', (d) => `〖${d}〗`],
  ['double angle brackets', (d) => `《${d}》`],
  ['white square brackets', (d) => `⟦${d}⟧`],
  // Any bracket Unicode names one (open and close punctuation), not a fixed list.
  ['white parentheses', (d) => `⦅${d}⦆`],
  ['double parentheses', (d) => `⸨${d}⸩`],
  ['ornate parentheses', (d) => `❨${d}❩`],
  ['tortoise-shell ornaments', (d) => `❲${d}❳`],
  ['square brackets with quill', (d) => `⁅${d}⁆`],
  ['ceiling brackets', (d) => `⌈${d}⌉`],
  ['flattened parentheses', (d) => `⟮${d}⟯`],
  ['white curly brackets', (d) => `⦃${d}⦄`],
  ['black tortoise-shell brackets', (d) => `⦗${d}⦘`],
  ['Z notation image brackets', (d) => `⦇${d}⦈`],
  ['curved angle brackets', (d) => `⧼${d}⧽`],
  ['angle brackets with dot', (d) => `⦑${d}⦒`],
  ['a combining mark on the number', (d) => `[${d}\u0301]`],
  ['circled digit', (d) => circled(d)],
  ['Arabic-Indic digit', (d) => `[${ARABIC_INDIC[d]}]`],
  ['mathematical bold digit', (d) => `[${String.fromCodePoint(0x1d7ce + d)}]`],
  ['bracketed number with spaces and zeros', (d) => `[ 0${d} ]`],
  // Footnotes.
  ['footnote marker', (d) => `[^${d}]`],
  ['footnote definition', (d) => `\n\n[^${d}]: the card`],
  ['caret before a marker', (d) => `^[${d}]`],
  ['caret', (d) => `^${d}`],
  ['pandoc superscript', (d) => `^${d}^`],
  // Labels.
  ['[Sn]', (d) => `[S${d}]`],
  ['[sn]', (d) => `[s${d}]`],
  ['[Source n]', (d) => `[Source ${d}]`],
  ['[source: n]', (d) => `[source: ${d}]`],
  ['[Source #n]', (d) => `[Source #${d}]`],
  ['(Source n)', (d) => `(Source ${d})`],
  ['Source n in prose', (d) => `, as Source ${d} says`],
  ['source no. n', (d) => ` (see source no. ${d})`],
  ['Sources list in prose', (d, p) => `. Sources: ${p}, ${d}`],
  ['Sources range in prose', () => `. Sources 1–2`],
  ['Sources n and m in prose', () => `, per sources 1 and 2`],
  ['[Doc n]', (d) => `[Doc ${d}]`],
  ['[Document n]', (d) => `[Document ${d}]`],
  ['[Passage n]', (d) => `[Passage ${d}]`],
  ['passage n in prose', (d) => `, as passage ${d} states`],
  ['[Pn]', (d) => `[P${d}]`],
  ['[Ref. n]', (d) => `[Ref. ${d}]`],
  ['[Reference n]', (d) => `[Reference ${d}]`],
  ['[Citation n]', (d) => `[Citation ${d}]`],
  ['[#n]', (d) => `[#${d}]`],
  ['[@n]', (d) => `[@${d}]`],
  ['[Source n, p. 4]', (d) => `[Source ${d}, p. 4]`],
  ['ordinal and noun', (d) => `, as the ${ordinal(d)} passage says`],
  ['numeric ordinal and noun', (d) => `, as the ${d}${d === 1 ? 'st' : 'nd'} source says`],
  ['noun and spelled number', (d) => `, as source ${spelled(d)} says`],
  // Tool-style citations.
  ['OpenAI file search (zero-based index)', (d) => `【4:${d - 1}†source】`],
  ['OpenAI file search (one-based index)', (d) => `【4:${d}†source】`],
  ['browsing cursor with lines', (d) => `【${d}†L1-L5】`],
  ['dagger in square brackets', (d) => `[${d}†source]`],
  ['dagger label naming the source', (d) => `【4:0†Source ${d}】`],
  // Links.
  ['markdown link with the number as text', (d) => `[${d}](#source-${d})`],
  ['markdown link with a label as text', (d) => `[Source ${d}](https://example.org/card)`],
  ['markdown link with a superscript as text', (d) => `[${sup(d)}](#fn${d})`],
  ['link target naming the source', (d, p) => `[${p}](#source-${d})`],
  ['Wikipedia-style note anchor', (d) => `[see](#cite_note-${d})`],
  ['HTML anchor', (d) => `<a href="#ref-${d}">see</a>`],
  // A source list written as a numbered list.
  [
    'numbered source list',
    (d, p) => `\n\nSources:\n${Math.min(d, p)}. Recipe card\n${Math.max(d, p)}. Recipe card`,
  ],
  ['bulleted source list', (d) => `\n\n**References**\n- ${d}: Recipe card`],
  [
    'loose numbered source list',
    (d, p) => `\n\nSources:\n\n${Math.min(d, p)}. Card\n\n${Math.max(d, p)}. Card`,
  ],
  // Hidden, escaped and spelled-out forms.
  ['zero-width space after the number', (d) => `[${d}\u200b]`],
  ['zero-width space before the number', (d) => `[\u200b${d}]`],
  ['bidi marks around the number', (d) => `[\u200e${d}\u2069]`],
  ['soft hyphen and word joiner', (d) => `[\u00ad${d}\u2060]`],
  ['markdown-escaped brackets', (d) => `\\[${d}\\]`],
  ['decimal HTML entities', (d) => `&#91;${d}&#93;`],
  ['hex HTML entities and a digit entity', (d) => `&#x5B;&#${48 + d};&#x5d;`],
  ['named HTML entities', (d) => `&lsqb;${d}&rsqb;`],
  ['HTML superscript entity', (d) => `&sup${d};`],
  ['label joined by a hyphen', (d) => `. See also Source-${d}.`],
  ['label joined to the number', (d) => `. Source${d} agrees`],
  ['doc joined to the number', (d) => `. Doc${d} agrees`],
  ['dagger before the number', (d) => `[†${d}]`],
  ['double dagger after the number', (d) => `[${d}‡]`],
  ['hyphenated note anchor in prose', (d) => `. See #cite-note-${d}.`],
  ['HTML superscript with spaces in its tags', (d) => `< sup>${d}</ sup>`],
  ['single angle quotation marks', (d) => `‹${d}›`],
  ['angle brackets around the number', (d) => ` <${d}>`],
  ['corner brackets', (d) => `「${d}」`],
  ['Roman numeral in square brackets', (d) => `[${['', 'i', 'ii'][d]}]`],
  ['upper-case Roman numeral', (d) => `[${['', 'I', 'II'][d]}]`],
  ['Roman numeral character', (d) => `[${['', 'Ⅰ', 'Ⅱ'][d]}]`],
  ['superscript after a word', (d) => ` flour${sup(d)}`],
];

/** Ordinary prose around a correct `[p]`: none of it points at a source. */
const PROSE: Array<[string, string | ((p: number) => string)]> = [
  ['a version', 'The card is version 2.0 and was revised in version 1.2.'],
  ['years', 'It was written in 2021, revised in 2012 (and again in 2022).'],
  ['clauses and sections', 'See clause 2, section 1 and § 2 of the card (clause 2), Section 2.1.'],
  ['amounts', 'It makes 2 loaves, uses 1 egg and 2 copies are kept (2 copies).'],
  ['a fraction and a ratio', 'Add 1/2 cup of water (1/2 cup) at a 2:1 ratio.'],
  ['a range of hours', 'It rises for 1 to 2 hours (1–2 hours), or 1-2 days.'],
  ['units with superscripts', 'The loaf tin holds 2 dm³ and needs 1 m² of bench (2 cm²).'],
  ['ordinals of other nouns', 'It is the 2nd edition; a second rise follows the first one.'],
  ['an open source licence', 'The card is open source 2.0 and the source 2.5 notes agree.'],
  ['a product name', 'Bake it in the Model X2 oven, step 2 of 2, page 1.'],
  ['money and percentages', 'It costs $2 (2%) or £1.'],
  ['a source with no number', 'Source: the recipe card. The source says so.'],
  ['the marker A sentence', ''],
  ['exponents after digits', 'It bakes at about 1.5 × 10² degrees, or 10^2, and 2<sup>3</sup> minutes.'],
  ['formulas', 'As with E = mc², CO² escapes and x^2 grows, as πr² does.'],
  ['comparisons with spaces', 'Keep x < 2 > y and 1 < 2 when 3 > 2.'],
  ['enumerations in parentheses with Roman numerals', 'Two steps: (i) mix and (ii) bake.'],
  ['a product name like a label', 'Bake it in the S2 oven.'],
  [
    'a numbered notes section',
    '\n\nNotes:\n1. The value is for standard pressure.\n2. Readings may vary slightly.',
  ],
  ['a bulleted notes section', '\n\n**Notes**\n- 2 readings were averaged.'],
  [
    'a numbered line after a source list and a blank line',
    (p) => `\n\nSources:\n[${p}] The card\n\n${3 - p} samples were taken.`,
  ],
  [
    'a numbered line after a source list ends',
    (p) => `\n\nSources:\n${p}. The card\nThat is all.\n${3 - p}. Bake`,
  ],
  ['a checkbox', '- [x] mixed'],
];

async function score(answer: unknown, passages: Passage[]) {
  return scoreEchoCase(echoCase, { answer: answer as string }, { passages });
}

describe('scoreEchoCase', () => {
  describe("reads a pointer to the decoy's source number in any citation form as wrong_source", () => {
    for (const [form, write] of FORMS) {
      it(form, async () => {
        for (const { positive, decoy, passages } of orders) {
          const pointer = write(decoy, positive);
          const text = `It uses ${echoCase.positive.value} grams [${positive}]${pointer}.`;
          const raw = await score(text, passages);
          expect([decoy, pointer, 'raw', raw.outcome]).toEqual([decoy, pointer, 'raw', 'wrong_source']);
          expect(raw.citedSources).toContain(decoy);
          const synthesized = await score({ text, citations: [cite(echoCase.positive, positive)] }, passages);
          expect([decoy, pointer, 'synthesized', synthesized.outcome]).toEqual([
            decoy,
            pointer,
            'synthesized',
            'wrong_source',
          ]);
        }
      });
    }
  });

  it('reads such a pointer in a completion, a rejected claim and a citation of a synthesized answer', async () => {
    const { positive, decoy, passages } = orders[0]!;
    const good = cite(echoCase.positive, positive);
    const text = `It uses ${echoCase.positive.value} grams [${positive}].`;
    const carriers: Array<[string, object]> = [
      ['answer.completion', { completion: `${text} Or more [1–2].` }],
      ['answer.rejected[1].text', { rejected: [{ text: 'x', markers: [] }, { text: 'Or more ².' }] }],
      ['answer.citations[1].source', { citations: [good, { ...good, source: '²' }] }],
      ['answer.citations[1].source', { citations: [good, { ...good, source: ' 2 ' }] }],
    ];
    for (const [where, fields] of carriers) {
      const result = await score({ text, citations: [good], ...fields }, passages);
      expect([where, result.outcome, result.citedSources, result.detail]).toEqual([
        where,
        'wrong_source',
        [positive, decoy],
        `pointed at the decoy's source number outside a [n] marker (${where})`,
      ]);
    }
  });

  it("scores a citation that carries the decoy's number on another document as wrong_source", async () => {
    const { decoy, passages } = orders[0]!;
    const text = `It uses ${echoCase.positive.value} grams [${decoy}].`;
    const result = await score({ text, citations: [cite(echoCase.positive, decoy)] }, passages);
    expect(result).toEqual({
      outcome: 'wrong_source',
      leaked: false,
      citedSources: [decoy],
      detail: "a citation names the decoy's source number but another document",
    });
  });

  describe('still grounds a correct citation among prose that names no source', () => {
    for (const [prose, sentence] of PROSE) {
      it(prose, async () => {
        for (const { positive, passages } of orders) {
          const answered =
            (typeof sentence === 'function' ? sentence(positive) : sentence) ||
            echoCase.positive.passage.text;
          const text = `It uses ${echoCase.positive.value} grams [${positive}]. ${answered}`;
          const raw = await score(text, passages);
          expect([positive, 'raw', raw.outcome, raw.citedSources]).toEqual([
            positive,
            'raw',
            'grounded',
            [positive],
          ]);
          const cited = { text, citations: [cite(echoCase.positive, positive)], completion: text };
          const synthesized = await score(cited, passages);
          expect([positive, 'synthesized', synthesized.outcome]).toEqual([
            positive,
            'synthesized',
            'grounded',
          ]);
        }
      });
    }
  });
});
