import { describe, expect, it } from 'vitest';
import { assertEchoClean } from './assert-echo-clean.js';
import { buildEchoCase } from './build-echo-case.js';
import { containsMarker } from './contains-marker.js';
import { findSourcePointers } from './find-source-pointers.js';
import { generateMarker } from './generate-marker.js';
import { runEchoCheck } from './run-echo-check.js';
import { scoreEchoCase } from './score-echo-case.js';

// What a page shows, not what the markup spells: markdown links and images read as their text, the content of
// hidden elements dropped, so neither a marker nor a decoy's value or source number hides behind them.

/** The ways a page shows two pieces of text in a row while the markup puts something between them. */
const JOINS: Array<[string, (a: string, b: string) => string]> = [
  ['adjacent links', (a, b) => `[${a}](#r)[${b}](https://q.example/z "t")`],
  ['an empty link', (a, b) => `${a}[](https://q.example/)${b}`],
  ['an empty image', (a, b) => `${a}![](https://q.example/p.png)${b}`],
  ['a hidden span', (a, b) => `${a}<span hidden>z</span>${b}`],
  ['display:none', (a, b) => `${a}<span style="display: none">z</span>${b}`],
  ['visibility:hidden', (a, b) => `${a}<b style='visibility:hidden'>z</b>${b}`],
  [
    'display:none after 300 characters',
    (a, b) => `${a}<span style="${'margin:0;'.repeat(34)}display:none">z</span>${b}`,
  ],
  [
    'display:none after a quoted font',
    (a, b) => `${a}<span style='font-family:"Arial"; display:none'>z</span>${b}`,
  ],
  ['display:none with a reference', (a, b) => `${a}<span style="display:&#110;one">z</span>${b}`],
  ['display&colon;none', (a, b) => `${a}<span style="display&colon;none">z</span>${b}`],
  [
    'visibility:hidden with a reference',
    (a, b) => `${a}<i style="VISIBILITY:&#x68;idden !important">z</i>${b}`,
  ],
  ['a script', (a, b) => `${a}<script>z</script>${b}`],
  ['a style', (a, b) => `${a}<style>p{}</style>${b}`],
  ['a template', (a, b) => `${a}<template><p>z</p></template>${b}`],
  ['an svg', (a, b) => `${a}<svg><desc>z</desc><rect>z</rect></svg>${b}`],
  ['a dialog not open', (a, b) => `${a}<dialog>z</dialog>${b}`],
  ['a datalist', (a, b) => `${a}<datalist><option>z</option></datalist>${b}`],
  ['a ruby fallback parenthesis', (a, b) => `${a}<rp>z</rp>${b}`],
  ['an audio element', (a, b) => `${a}<audio>z</audio>${b}`],
  ['a video element', (a, b) => `${a}<video>z</video>${b}`],
  ['a canvas', (a, b) => `${a}<canvas>z</canvas>${b}`],
  ['a progress bar', (a, b) => `${a}<progress>z</progress>${b}`],
  ['a meter', (a, b) => `${a}<meter>z</meter>${b}`],
];

const reversed = (text: string): string => [...text].reverse().join('');

/**
 * A pipeline that answers from the passage holding the case's marker and, from the second case on, appends the
 * previous case's marker digits as `leak` writes them (a shared cache that leaks across cases).
 */
function rememberingPipeline(leak: (hex: string) => string) {
  let remembered: string | undefined;
  return async ({ passages }: { passages: ReadonlyArray<{ text: string }> }): Promise<string> => {
    const previous = remembered;
    remembered = /GK-ECHO-[0-9a-f]{32}/.exec(passages[0]!.text)![0];
    const answer = `${passages.find((p) => p.text.includes(remembered!))!.text} [1]`;
    return previous === undefined ? answer : `${answer}\n\n${leak(previous.slice(8))}`;
  };
}

describe('the echo check reads a text as a page shows it', () => {
  const marker = generateMarker();
  const pieces = marker.slice('GK-ECHO-'.length).match(/.{1,8}/g)!;

  it.each(JOINS)('finds a marker whose pieces are joined by %s', (_name, join) => {
    expect(containsMarker(`Catalogue ref: ${pieces.reduce((a, b) => join(a, b))}`, marker)).toBe(true);
  });

  it('finds a marker split around what a closed <details> hides past its summary', () => {
    const hex = pieces.join('');
    const text = `${hex.slice(0, 12)} zz <details><summary>${hex.slice(12, 24)}</summary>z</details>${hex.slice(24)}`;
    expect(containsMarker(text, marker)).toBe(true);
  });

  it('still finds a marker inside hidden content and inside a link destination', () => {
    expect(containsMarker(`a<span hidden>${marker}</span>b`, marker)).toBe(true);
    expect(containsMarker(`[a](https://q.example/${marker})`, marker)).toBe(true);
    expect(containsMarker(`<span hidden>${pieces.join('<b></b>')}</span>`, marker)).toBe(true);
  });

  it.each(JOINS)('scores a case leaked when marker C is joined by %s', async (_name, join) => {
    const echoCase = buildEchoCase({ templateId: 'product-spec' });
    const passages = [echoCase.positive.passage, echoCase.decoy.passage];
    const parts = echoCase.absentMarker.slice('GK-ECHO-'.length).match(/.{1,8}/g)!;
    const answer = `${echoCase.positive.passage.text} [1] Ref ${parts.reduce((a, b) => join(a, b))}`;
    expect((await scoreEchoCase(echoCase, { answer }, { passages })).leaked).toBe(true);
  });

  it('scores a case leaked when marker C is written backwards in an override with hidden filler or across <br>', async () => {
    // Three pieces as a page shows them: the override's hidden filler dropped, or one per line of a <bdo>.
    const forms: Array<[string, (a: string, b: string, c: string) => string]> = [
      [
        'a hidden span',
        (a, b, c) =>
          `<bdo dir="rtl">${reversed(c)}<span hidden>zz</span>${reversed(b)}<span hidden>zz</span>${reversed(a)}</bdo>`,
      ],
      [
        'a script',
        (a, b, c) =>
          `\u202e${reversed(c)}<script>zz</script>${reversed(b)}<script>zz</script>${reversed(a)}\u202c`,
      ],
      ['line breaks', (a, b, c) => `<bdo dir="rtl">${reversed(a)}<br>${reversed(b)}<br>${reversed(c)}</bdo>`],
    ];
    for (const [name, form] of forms) {
      const echoCase = buildEchoCase({ templateId: 'product-spec' });
      const passages = [echoCase.positive.passage, echoCase.decoy.passage];
      const hex = echoCase.absentMarker.slice('GK-ECHO-'.length);
      const written = form(`GK-ECHO-${hex.slice(0, 11)}`, hex.slice(11, 22), hex.slice(22));
      const answer = `${echoCase.positive.passage.text} [1] Ref ${written}`;
      expect([name, (await scoreEchoCase(echoCase, { answer }, { passages })).leaked]).toEqual([name, true]);
    }
  });

  it.each(JOINS)("scores the decoy's value joined by %s, or linked, as wrong_source", async (_name, join) => {
    for (let round = 0; round < 10; round++) {
      const echoCase = buildEchoCase({ templateId: 'contract-term' });
      const { decoy, positive } = echoCase;
      const passages = [positive.passage, decoy.passage];
      const lead = `${positive.passage.text} [1]`;
      const tails = [` Or [${decoy.value}](https://q.example/a) days [1].`];
      if (decoy.value.length >= 2) tails.push(` Or ${join(decoy.value[0]!, decoy.value.slice(1))} days [1].`);
      const [first, ...rest] = decoy.subject.split(' ');
      tails.push(` Unlike [${first}](https://q.example/a) ${rest.join(' ')} [1].`);
      for (const tail of tails) {
        const scored = await scoreEchoCase(echoCase, { answer: lead + tail }, { passages });
        expect([tail, scored.outcome]).toEqual([tail, 'wrong_source']);
      }
    }
  });

  it('reads a pointer whose brackets hold markup, a comment, hidden content or emphasis', async () => {
    const pointers = [
      '[<b></b>2]',
      '[2<!-- -->]',
      '[<span>2</span>]',
      '[*2*]',
      '[**2**]',
      '[_2_]',
      '[<span hidden>x</span>2]',
      `[<span style="${'margin:0;'.repeat(34)}display:none">x</span>2]`,
      `[<span style='font-family:"A";display:none'>x</span>2]`,
      '[<span style="display:&#110;one">x</span>2]',
      'also<sup><span hidden>x</span>2</sup>',
      'also<sup><b>2</b></sup>',
      '[[2]](#source)',
      '(<i>Source</i> 2)',
    ];
    for (const written of pointers) {
      const found = findSourcePointers(`See ${written}.`);
      expect([written, found.some(({ first, last }) => first <= 2 && 2 <= last)]).toEqual([written, true]);
    }
    const echoCase = buildEchoCase({ templateId: 'contract-term' });
    const passages = [echoCase.positive.passage, echoCase.decoy.passage];
    for (const written of pointers) {
      const answer = `${echoCase.positive.passage.text} [1] See ${written}.`;
      expect([written, (await scoreEchoCase(echoCase, { answer }, { passages })).outcome]).toEqual([
        written,
        'wrong_source',
      ]);
    }
  });

  it('finds a marker whose pieces are markdown reference links, and one written backwards in <bdo dir="rtl">', async () => {
    const hex = pieces.join('');
    const referenced = `${pieces.map((piece) => `[${piece}][g]`).join('')}\n\n[g]: #`;
    expect(containsMarker(referenced, marker)).toBe(true);
    expect(
      containsMarker(`${pieces.map((piece) => `[${piece}][]`).join('')}\n\n[${pieces[0]}]: #`, marker),
    ).toBe(true);
    expect(containsMarker(`<bdo dir="rtl">${reversed(hex)}</bdo>`, marker)).toBe(true);
    expect(containsMarker(`Ref: <BDO class=x dir=RTL>${reversed(hex)}</BDO> ok`, marker)).toBe(true);
    // However the tag is written, as long as HTML reads its dir as rtl.
    for (const tag of [
      '<bdo dir="&#114;tl">',
      '<bdo title=">" dir="rtl">',
      `<bdo data-x="${'a'.repeat(300)}" dir="rtl">`,
    ]) {
      expect([tag, containsMarker(`${tag}${reversed(hex)}</bdo>`, marker)]).toEqual([tag, true]);
    }
    // Backwards without an override, or in a left-to-right one, shows backwards.
    expect(containsMarker(`<bdo dir="ltr">${reversed(hex)}</bdo>`, marker)).toBe(false);
    // Leaked by a pipeline that keeps earlier cases' markers, end to end.
    const report = await runEchoCheck({
      cases: 4,
      pipeline: rememberingPipeline((hex) => `Ref: <bdo dir="rtl">${reversed(hex)}</bdo>`),
    });
    expect(report.counts.leaked).toBe(3);
  });

  it("scores a pointer at the decoy, the decoy's value or its subject inside a right-to-left override as wrong_source", async () => {
    for (let round = 0; round < 5; round++) {
      const echoCase = buildEchoCase({ templateId: 'contract-term' });
      const { decoy, positive } = echoCase;
      const passages = [positive.passage, decoy.passage];
      const { passage } = positive;
      const citations = [{ source: 1, ...passage }];
      for (const tail of [
        'See the passage \u202e]2[\u202c.',
        'See the passage <bdo dir="rtl">]2[</bdo>.',
        `It needs \u202e${reversed(decoy.value)}\u202c days of notice.`,
        `It needs <bdo dir="rtl">${reversed(decoy.value)}</bdo> days of notice.`,
        `It needs <bdo title=">" dir="&#114;tl">${reversed(decoy.value)}</bdo> days of notice.`,
        `It needs \u202e${reversed(decoy.value.slice(1))}\u2069${decoy.value[0]}\u202c days of notice.`,
        'See the passage <bdo dir="&#114;tl">]2[</bdo>.',
        `Unlike \u202e${reversed(decoy.subject)}\u202c, it needs ${positive.value} days.`,
        `Unlike [${decoy.subject.split(' ')[0]}][g] ${decoy.subject.split(' ').slice(1).join(' ')}.\n\n[g]: #`,
      ]) {
        const text = `It needs ${positive.value} days [1]. ${tail}`;
        const scored = await scoreEchoCase(echoCase, { answer: { text, citations } }, { passages });
        expect([tail, scored.outcome]).toEqual([tail, 'wrong_source']);
      }
      // The same text without the decoy in it is grounded.
      const clean = `It needs ${positive.value} days [1]. See \u202e]1[\u202c.`;
      expect(
        (await scoreEchoCase(echoCase, { answer: { text: clean, citations } }, { passages })).outcome,
      ).toBe('grounded');
    }
  });

  it('reads no pointer in the words of a link or around a hidden element that holds no number', () => {
    expect(findSourcePointers('See <span hidden>x</span>the table.')).toEqual([]);
    expect(findSourcePointers('Read [the guide](https://q.example/a).')).toEqual([]);
  });

  it('finds, end to end, a previous case marker appended by a shared cache as adjacent links or hidden filler', async () => {
    const styled = JOINS.filter(([name]) => /after|reference/.test(name)).map(([, join]) => join);
    for (const join of [JOINS[0]![1], JOINS[3]![1], ...styled]) {
      const report = await runEchoCheck({
        cases: 4,
        pipeline: rememberingPipeline(
          (hex) => `Catalogue ref: ${hex.match(/.{1,8}/g)!.reduce((a, b) => join(a, b))}`,
        ),
      });
      expect(report.counts.leaked).toBeGreaterThan(0);
      expect(() => assertEchoClean(report)).toThrow();
    }
  });
});
