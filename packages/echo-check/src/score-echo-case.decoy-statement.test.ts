import { type Citation, verifyAnswer } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { buildEchoCase, type EchoCase, type EchoDocument } from './build-echo-case.js';
import { EchoCheckError } from './echo-check-error.js';
import { findDecoyStatement } from './find-decoy-statement.js';
import { ECHO_TEMPLATES } from './echo-templates.js';
import { scoreEchoCase } from './score-echo-case.js';

// An answer that cites the positive but states the decoy's answer value, or names the decoy's subject, answered
// from the decoy: the most likely way a model fails on two near-identical passages.

const MARKER_ASIDE = / \([a-z ]+GK-ECHO-[0-9a-f]+\)/u;
const optionsOf = (echoCase: EchoCase) => ({
  passages: [{ ...echoCase.positive.passage }, { ...echoCase.decoy.passage }],
});
/** The positive's sentence with its value replaced by `value` (index-based, so a digit in the subject stays). */
function withValue(echoCase: EchoCase, value: string): string {
  const sentence = echoCase.positive.passage.text.replace(MARKER_ASIDE, '');
  const at = sentence.lastIndexOf(echoCase.positive.value);
  return `${sentence.slice(0, at)}${value}${sentence.slice(at + echoCase.positive.value.length)}`;
}
async function score(echoCase: EchoCase, answer: string, verify?: { support: object }) {
  return scoreEchoCase(echoCase, { answer }, { ...optionsOf(echoCase), verify });
}

describe('scoreEchoCase: the decoy stated while the positive is cited', () => {
  it.each(ECHO_TEMPLATES.map((template) => template.id))(
    '%s: the decoy value, the decoy sentence, or the decoy subject citing [1] is wrong_source (30 fresh cases)',
    async (templateId) => {
      for (let round = 0; round < 30; round++) {
        const echoCase = buildEchoCase({ templateId });
        const { decoy, positive } = echoCase;
        const copied = `${decoy.passage.text.replace(MARKER_ASIDE, '')} [1]`;
        const checks: Array<[string, string, string]> = [
          [`The answer is ${decoy.value} [1].`, 'value', "stated the decoy's value without citing the decoy"],
          [
            `${withValue(echoCase, decoy.value)} [1]`,
            'value',
            "stated the decoy's value without citing the decoy",
          ],
          [copied, 'sentence', "stated the decoy's value and named its subject without citing the decoy"],
          [
            `${withValue(echoCase, positive.value).replace(positive.subject, decoy.subject)} [1]`,
            'subject',
            "named the decoy's subject without citing the decoy",
          ],
        ];
        for (const [answer, what, detail] of checks) {
          const scored = await score(echoCase, answer);
          expect([what, scored.outcome, scored.detail, scored.citedSources]).toEqual([
            what,
            'wrong_source',
            detail,
            [1],
          ]);
        }
        // With the support check on, the copied sentence is still the decoy's.
        expect((await score(echoCase, copied, { support: {} })).outcome).toBe('wrong_source');
        // The positive's own sentence, value and subject (and its marker A) stay grounded.
        const honest = [positive.passage.text, `${withValue(echoCase, positive.value)}`];
        for (const answer of honest)
          expect((await score(echoCase, `${answer} [1]`)).outcome).toBe('grounded');
      }
    },
  );

  it('reads the same in a synthesized answer: its text states the decoy value while its citation is right', async () => {
    const echoCase = buildEchoCase({ templateId: 'contract-term' });
    const text = `The agreement needs ${echoCase.decoy.value} days of written notice [1].`;
    const { citations } = verifyAnswer(`${echoCase.positive.passage.text} [1]`, optionsOf(echoCase).passages);
    const scored = await scoreEchoCase(echoCase, { answer: { text, citations } }, optionsOf(echoCase));
    expect([scored.outcome, scored.detail]).toEqual([
      'wrong_source',
      "stated the decoy's value without citing the decoy",
    ]);
  });

  it("reads a number glued to a letter in the positive's own name as shown, so writing that name is no decoy value", () => {
    const built = buildEchoCase({ templateId: 'product-spec' });
    // A hand-made case whose positive is named with the decoy's value (`Kestrel Q27` against a decoy of 27
    // minutes; built cases never draw such a pair).
    const name = `Kestrel Q${built.decoy.value}`;
    const rename = (text: string) => text.split(built.positive.subject).join(name);
    const echoCase: EchoCase = {
      ...built,
      question: rename(built.question),
      positive: {
        ...built.positive,
        subject: name,
        passage: { ...built.positive.passage, text: rename(built.positive.passage.text) },
      },
    };
    const answer = `The Kestrel Q-${built.decoy.value} drone flies for ${built.positive.value} minutes [1].`;
    expect(findDecoyStatement(answer, echoCase)).toEqual({ value: false, subject: false });
    // The two values cannot be told apart in such a case, so the decoy's is not looked for (as when the positive's
    // passage states it); in a built case it is.
    expect(findDecoyStatement(`It flies for ${built.decoy.value} minutes.`, echoCase).value).toBe(false);
    expect(findDecoyStatement(`It flies for ${built.decoy.value} minutes.`, built).value).toBe(true);
  });

  it('scores an answer stating both values wrong_source: it holds what only the decoy says', async () => {
    const echoCase = buildEchoCase({ templateId: 'recipe' });
    const answer = `It uses ${echoCase.positive.value} grams [1], or ${echoCase.decoy.value} grams.`;
    expect((await score(echoCase, answer)).outcome).toBe('wrong_source');
  });

  it('scores the decoy value without any citation wrong_source, not abstained', async () => {
    const echoCase = buildEchoCase({ templateId: 'recipe' });
    expect((await score(echoCase, `It uses ${echoCase.decoy.value} grams.`)).outcome).toBe('wrong_source');
  });

  it('reads the value through disguises: other digits, full width, invisible characters, grouping, units', async () => {
    const echoCase = buildEchoCase({ templateId: 'historical-record' });
    const value = echoCase.decoy.value; // four digits, 1760 to 1925
    const arabic = [...value].map((d) => String.fromCodePoint(0x0660 + Number(d))).join('');
    const fullWidth = [...value].map((d) => String.fromCodePoint(0xff10 + Number(d))).join('');
    const devanagari = [...value].map((d) => String.fromCodePoint(0x0966 + Number(d))).join('');
    const grouped = (mark: string) => `${value[0]}${mark}${value.slice(1)}`;
    const forms = [
      arabic,
      fullWidth,
      devanagari,
      [...value].join('\u200b'),
      `${value[0]}\u00ad${value.slice(1)}`,
      grouped(','),
      grouped('.'),
      grouped(' '),
      grouped('\u202f'),
      grouped("'"),
      grouped('\u066c'),
      `${value}.0`,
      `${value}AD`,
      `**${value}**`,
      `(${value})`,
      `${value}–1930`,
    ];
    for (const form of forms) {
      const scored = await score(echoCase, `It was first lit in ${form} [1].`);
      expect([form, scored.outcome]).toEqual([form, 'wrong_source']);
    }
  });

  it('reads numbers whole: a longer number, a decimal, a code or a marker holding the digits is no value', async () => {
    const echoCase = buildEchoCase({ templateId: 'recipe' });
    const value = echoCase.decoy.value; // three digits, 320 to 880
    const forms = [
      `1${value}`,
      `${value}1`,
      `${value}.5`,
      `0.${value}`,
      `1,${value}`,
      `X${value}`,
      `v${value}b`,
      `0,${value}`,
      `GK-ECHO-${value}${'a'.repeat(29)}`,
    ];
    for (const form of forms) {
      const scored = await score(echoCase, `${echoCase.positive.passage.text} [1] See ${form}.`);
      expect([form, scored.outcome]).toEqual([form, 'grounded']);
    }
  });

  describe('as a page shows it', () => {
    const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
    const circled = (digit: string) =>
      digit === '0' ? '⓪' : String.fromCodePoint(0x2460 + Number(digit) - 1);
    /** A value written in markup, character references, emphasis or other number forms. */
    const valueForms = (value: string): string[] => [
      [...value].map((digit) => `&#${digit.charCodeAt(0)};`).join(''),
      `&#x3${value[0]};${value.slice(1)}`,
      `${value[0]}<b></b>${value.slice(1)}`,
      `${value[0]}<wbr>${value.slice(1)}`,
      `${value[0]}<!-- -->${value.slice(1)}`,
      `<span class="n">${value[0]}</span>${value.slice(1)}`,
      `**${value[0]}**${value.slice(1)}`,
      `*${value[0]}*${value.slice(1)}`,
      `${value[0]}&shy;${value.slice(1)}`,
      `${value[0]}&ZeroWidthSpace;${value.slice(1)}`,
      `${value[0]}&NoBreak;${value.slice(1)}`,
      [...value].map((digit) => SUPERSCRIPTS[Number(digit)]).join(''),
      [...value].map(circled).join(''),
      // Custom elements, which a page shows inline, whatever block element's name they start with.
      `${value[0]}<p-x></p-x>${value.slice(1)}`,
      `${value[0]}<br-x>${value.slice(1)}`,
      `${value[0]}<div-x></div-x>${value.slice(1)}`,
    ];
    /** A subject written in markup, character references or emphasis. */
    const subjectForms = (subject: string): string[] => {
      const words = subject.split(' ');
      const last = words.at(-1)!;
      const rest = words.slice(0, -1).join(' ');
      return [
        words.join('&nbsp;'),
        words.join('&#160;'),
        words.join('<br>'),
        words.join('</p><p>'),
        `${rest} <b>${last[0]}</b>${last.slice(1)}`,
        `${rest} **${last[0]}**${last.slice(1)}`,
        `<em>${rest}</em> ${last}`,
        `&#x${subject.charCodeAt(0).toString(16)};${subject.slice(1)}`,
        `&${subject[0]}opf;${subject.slice(1)}`,
        `${subject.slice(0, 3)}&shy;${subject.slice(3)}`,
        `${subject.slice(0, 2)}&ZeroWidthSpace;${subject.slice(2)}`,
        `${subject.slice(0, 2)}<!---->${subject.slice(2)}`,
        `${subject.slice(0, 2)}<li-x>${subject.slice(2)}`,
      ];
    };

    it.each(ECHO_TEMPLATES.map((template) => template.id))(
      "%s: the decoy's value or subject in markup, references, emphasis or number forms is wrong_source (10 fresh cases)",
      async (templateId) => {
        for (let round = 0; round < 10; round++) {
          const echoCase = buildEchoCase({ templateId });
          const { decoy, positive } = echoCase;
          const sentence = withValue(echoCase, positive.value);
          const answers = (what: 'value' | 'subject', of: EchoDocument) =>
            what === 'value'
              ? valueForms(of.value).map((form) => `${withValue(echoCase, form)} [1]`)
              : subjectForms(of.subject).map((form) => `${sentence.replace(positive.subject, form)} [1]`);
          for (const what of ['value', 'subject'] as const) {
            for (const answer of answers(what, decoy)) {
              expect([answer, findDecoyStatement(answer, echoCase)[what]]).toEqual([answer, true]);
              expect([answer, (await score(echoCase, answer)).outcome]).toEqual([answer, 'wrong_source']);
            }
            // The positive's own value and subject in the same forms state nothing of the decoy's.
            for (const answer of answers(what, positive)) {
              expect([answer, findDecoyStatement(answer, echoCase)]).toEqual([
                answer,
                { value: false, subject: false },
              ]);
              // A superscript or circled digit is read as a footnote too (`²`, `②` name source 2): only the others
              // must stay grounded.
              if (!/[⁰¹²³⁴-⁹①-⑳⓪]/u.test(answer)) {
                expect([answer, (await score(echoCase, answer)).outcome]).toEqual([answer, 'grounded']);
              }
            }
          }
        }
      },
    );

    it('reads a value or subject a right-to-left run lays out in reverse order, and honest Arabic or Hebrew as clean', async () => {
      const laidOutValue = (value: string) => [...value].map((digit) => `\u200f${digit}`).join('');
      for (const { id: templateId } of ECHO_TEMPLATES) {
        for (let round = 0; round < 5; round++) {
          const echoCase = buildEchoCase({ templateId });
          const { decoy, positive } = echoCase;
          const sentence = withValue(echoCase, positive.value);
          // `\u200f5\u200f9\u200f7` shows 795 (libfribidi, in a left-to-right line too); an isolate shows its words
          // between right-to-left marks in reverse order.
          const words = decoy.subject.split(' ').reverse().join('\u200f \u200f');
          const stated: Array<[string, 'value' | 'subject']> = [
            [`${withValue(echoCase, laidOutValue([...decoy.value].reverse().join('')))} [1]`, 'value'],
            [`${sentence.replace(positive.subject, `\u2067${words}\u2069`)} [1]`, 'subject'],
            [`${sentence.replace(positive.subject, `\u202b${words}\u202c`)} [1]`, 'subject'],
          ];
          for (const [answer, what] of stated) {
            expect([answer, findDecoyStatement(answer, echoCase)[what]]).toEqual([answer, true]);
            expect([answer, (await score(echoCase, answer)).outcome]).toEqual([answer, 'wrong_source']);
          }
          const honest = [
            `\u0648\u0641\u0642\u064b\u0627 \u0644\u0644\u0645\u0635\u062f\u0631\u060c ${sentence} [1]`,
            `\u05dc\u05e4\u05d9 \u05d4\u05de\u05e7\u05d5\u05e8: ${sentence} [1]`,
          ];
          for (const answer of honest) {
            expect([answer, findDecoyStatement(answer, echoCase)]).toEqual([
              answer,
              { value: false, subject: false },
            ]);
            expect([answer, (await score(echoCase, answer)).outcome]).toEqual([answer, 'grounded']);
          }
          // Bidi controls around the positive's own words (which verifyAnswer may refuse as reordering) state nothing.
          const isolated = `\u2067${positive.value} \u05d9\u05d7\u05d9\u05d3\u05d5\u05ea\u2069`;
          for (const answer of [
            `\u200f${sentence} [1]`,
            `${sentence.replace(positive.value, isolated)} [1]`,
          ]) {
            expect([answer, findDecoyStatement(answer, echoCase)]).toEqual([
              answer,
              { value: false, subject: false },
            ]);
          }
        }
      }
    });

    it('reads a numeric character reference as what it shows, not as its code', () => {
      // A positive passage that shows 39 itself (`Plover X39`, `39 minutes`) is never searched for it: draw another.
      let built = buildEchoCase({ templateId: 'product-spec' });
      while (built.positive.passage.text.includes('39'))
        built = buildEchoCase({ templateId: 'product-spec' });
      const echoCase: EchoCase = { ...built, decoy: { ...built.decoy, value: '39' } };
      expect(findDecoyStatement('The drone&#39;s flight time is given [1].', echoCase).value).toBe(false);
      expect(findDecoyStatement('It flies for &#51;&#x39; minutes [1].', echoCase).value).toBe(true);
      // Leading zeros, which browsers read: `&#0000000039;` shows an apostrophe, `&#00000051;&#x00000039;` shows 39.
      expect(findDecoyStatement('The drone&#0000000039;s flight time is given [1].', echoCase).value).toBe(
        false,
      );
      expect(findDecoyStatement('It flies for &#00000051;&#x00000039; minutes [1].', echoCase).value).toBe(
        true,
      );
    });

    it('reads a number grouped by a named space, and a subject split by inline markup, as written too', () => {
      const echoCase = buildEchoCase({ templateId: 'historical-record' });
      const { value, subject } = echoCase.decoy; // four digits; two words
      const spaced = ['\u2007', '\u2006', '\u200a', '\u205f'].map(
        (space) => `${value[0]}${space}${value.slice(1)}`,
      );
      for (const form of [
        `${value[0]}&nbsp;${value.slice(1)}`,
        `${value[0]}&thinsp;${value.slice(1)}`,
        ...spaced,
      ]) {
        expect([form, findDecoyStatement(`It was lit in ${form}.`, echoCase).value]).toEqual([form, true]);
      }
      // `<span>` is inline, so `Carrow<span>Ness</span>` shows one word: no subject.
      const glued = subject.replace(' ', '<span>') + '</span>';
      expect(findDecoyStatement(`It is ${glued}.`, echoCase).subject).toBe(false);
      expect(findDecoyStatement(`It is ${subject.replace(' ', '<span> ')}.`, echoCase).subject).toBe(true);
    });

    it("reads an HTML image's alt text as shown, and a combining mark on a digit as the digit", async () => {
      for (const templateId of ['contract-term', 'recipe'] as const) {
        const echoCase = buildEchoCase({ templateId });
        const forms = ({ value, subject }: EchoDocument) => {
          const [first, ...rest] = subject.split(' ');
          return [
            `It needs ${value[0]}<img src="x.png" alt="${value.slice(1)}"> of it.`,
            `It needs ${value.slice(0, -1)}<IMG ALT='${value.slice(-1)}' SRC=x.png /> of it.`,
            `Unlike ${first} <img alt="${rest.join(' ')}" src="x">, it holds.`,
            `It needs ${value[0]}\u0301${value.slice(1)} of it.`,
            `It needs ${[...value].join('\u0323')} of it.`,
          ];
        };
        for (const answer of forms(echoCase.decoy)) {
          const stated = findDecoyStatement(answer, echoCase);
          expect([answer, stated.value || stated.subject]).toEqual([answer, true]);
          expect([answer, (await score(echoCase, `${answer} [1]`)).outcome]).toEqual([
            answer,
            'wrong_source',
          ]);
        }
        for (const answer of forms(echoCase.positive)) {
          expect([answer, findDecoyStatement(answer, echoCase)]).toEqual([
            answer,
            { value: false, subject: false },
          ]);
        }
        // A hidden image shows no alt text.
        const { value } = echoCase.decoy;
        const hidden = `It needs ${value[0]}<img alt="${value.slice(1)}" hidden> of it.`;
        expect(findDecoyStatement(hidden, echoCase).value).toBe(false);
      }
    });

    it('does not look for a value the positive passage shows in markup too (a hand-made case)', () => {
      const built = buildEchoCase({ templateId: 'recipe' });
      const value = built.decoy.value;
      const passage = `${built.positive.passage.text} Also ${value[0]}<b></b>${value.slice(1)} grams of rye.`;
      const echoCase: EchoCase = {
        ...built,
        positive: { ...built.positive, passage: { ...built.positive.passage, text: passage } },
      };
      expect(findDecoyStatement(`It uses ${value} grams.`, echoCase).value).toBe(false);
      expect(findDecoyStatement(`It uses ${value} grams.`, built).value).toBe(true);
    });
  });

  it('reads the subject as whole words in order, case-insensitively and through invisible characters', async () => {
    const echoCase = buildEchoCase({ templateId: 'lab-measurement' });
    const subject = echoCase.decoy.subject; // compound KX-418
    const base = `${echoCase.positive.passage.text} [1]`;
    for (const form of [subject.toUpperCase(), subject.replace('-', ' '), subject.replace(' ', '\u200b ')]) {
      expect([form, (await score(echoCase, `${base} Not ${form}.`)).outcome]).toEqual([form, 'wrong_source']);
    }
    // Part of it, or glued into another word, is no subject.
    for (const form of [subject.split(' ')[1]!, `${subject}9`, subject.replace(' ', '')]) {
      expect([form, (await score(echoCase, `${base} Not ${form}.`)).outcome]).toEqual([form, 'grounded']);
    }
  });

  it('does not look for a value or subject the positive passage or question states too (a hand-made case)', async () => {
    const built = buildEchoCase({ templateId: 'recipe' });
    const same: EchoCase = {
      ...built,
      decoy: { ...built.decoy, value: `${built.positive.value}.0`, subject: 'recipe' },
    };
    const scored = await score(same, `${built.positive.passage.text} [1]`);
    expect(scored.outcome).toBe('grounded');
  });
});

describe('scoreEchoCase: citations with holes', () => {
  it('refuses a sparse citations array with invalid_answer, not a TypeError', async () => {
    const echoCase = buildEchoCase();
    const good: Citation = verifyAnswer(`${echoCase.positive.passage.text} [1]`, optionsOf(echoCase).passages)
      .citations[0]!;
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    const shapes = [new Array(2), [, good], [good, , good]] as Citation[][];
    for (const citations of shapes) {
      const error = await scoreEchoCase(
        echoCase,
        { answer: { text: 'x', citations } },
        optionsOf(echoCase),
      ).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(EchoCheckError.isInstance(error)).toBe(true);
      expect((error as EchoCheckError).code).toBe('invalid_answer');
      expect((error as EchoCheckError).message).toContain('holes');
    }
  });

  it('refuses a huge sparse array at its first hole, reading a few of its elements', async () => {
    const echoCase = buildEchoCase();
    // Counts the reads instead of timing them: a walk over all 2^32 - 1 slots stops here after 1,000.
    let reads = 0;
    const count = () => {
      reads++;
      if (reads > 1_000) throw new Error('read more than 1,000 elements of a sparse array');
    };
    const citations = new Proxy(new Array(2 ** 32 - 1), {
      get: (target, key, receiver) => {
        if (typeof key === 'string' && /^\d+$/.test(key)) count();
        return Reflect.get(target, key, receiver);
      },
      has: (target, key) => {
        if (typeof key === 'string' && /^\d+$/.test(key)) count();
        return Reflect.has(target, key);
      },
    });
    await expect(
      scoreEchoCase(echoCase, { answer: { text: 'x', citations } }, optionsOf(echoCase)),
    ).rejects.toMatchObject({ code: 'invalid_answer' });
    expect(reads).toBeLessThan(10);
  });
});
