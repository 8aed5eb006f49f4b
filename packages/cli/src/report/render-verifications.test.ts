// The verifications page against logged strings that try to change what it shows: bidi and other controls, a
// right-to-left claim beside a left-to-right one, merged duplicates, and a line that cites one source many times.
import { type Passage, verifyAnswer } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import type { VerifiedLine } from '../verify/verify-line.js';
import { escapeHtml } from './escape-html.js';
import { verificationsInput } from '../__fixtures__/verifications-input.js';
import { renderReportPage } from './render-report-page.js';

const passage = (text: string, extra: Partial<Passage> = {}): Passage => ({
  documentId: 'd1',
  chunkId: 'd1',
  text,
  start: 0,
  end: text.length,
  ...extra,
});

const page = (lines: VerifiedLine[]): string => renderReportPage(verificationsInput(lines));

const verified = (answer: string, passages: Passage[], id: string | number = 'q'): VerifiedLine => ({
  id,
  line: 1,
  verification: verifyAnswer(answer, passages),
  answer,
  passages,
});

/** The content of the first `<p class="answer">`. */
const answerHtml = (html: string): string => /<p class="answer">(.*?)<\/p>/s.exec(html)![1]!;

// Every character escapeTerminalText escapes but the tab and line breaks a page lays text out with.
const CONTROLS = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u061c',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const UNSAFE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const visible = (control: string): string => `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`;

describe('escapeHtml', () => {
  it.each(CONTROLS.map((control) => [visible(control), control]))(
    'writes %s as visible text',
    (shown, control) => {
      expect(escapeHtml(`a${control}b`)).toBe(`a${shown}b`);
    },
  );

  it('keeps tab and line breaks, and escapes markup as entities', () => {
    expect(escapeHtml('a\tb\nc\r\n<&"\'>')).toBe('a\tb\nc\r\n&lt;&amp;&quot;&#39;&gt;');
  });
});

describe('the verifications page with controls in logged strings', () => {
  it.each(CONTROLS.map((control) => [visible(control), control]))(
    'shows %s as visible text in every logged string, never raw',
    (shown, control) => {
      const text = `Revenue grew 12% in 2021 ${control}here.`;
      const answer = `See the note ${control} here. Revenue grew 12% in 2021 [1]. Sources${control}: [1].`;
      const line = verified(
        answer,
        [passage(text, { title: `t${control}`, uri: `u${control}` })],
        `id${control}`,
      );
      line.verification.claims[0]!.citations[0]!.documentId = `doc${control}`;
      line.verification.claims[0]!.citations[0]!.chunkId = `chunk${control}`;
      const html = renderReportPage(
        verificationsInput([line], {
          name: `v${control}.jsonl`,
          issues: [{ line: 2, code: 'not_json', field: `f${control}`, message: `m${control}` }],
        }),
      );
      expect(html).not.toMatch(UNSAFE);
      expect(answerHtml(html)).toContain(shown);
      for (const where of ['id', 'doc', 'chunk', 't', 'u', 'v', 'f', 'm', 'Revenue grew 12% in 2021 '])
        expect(html).toContain(`${where}${shown}`);
    },
  );

  it('isolates every piece of the answer, so one cannot reorder the next (RLO, RLE, and right-to-left letters)', () => {
    for (const answer of [
      'See the note \u202e here. Revenue grew 12% in 2021 [1].',
      'See \u202b3 - 1 here. Revenue grew 12% in 2021 [1]. After.',
      'שלום עולם. Revenue grew 12% in 2021 [1]. مرحبا',
    ]) {
      const inner = answerHtml(page([verified(answer, [passage('Revenue grew 12% in 2021.')])]));
      // The paragraph is nothing but isolates, none inside another.
      expect(inner).toMatch(/^(<bdi>(?:(?!<\/?bdi>).)*<\/bdi>)+$/s);
      expect(inner).toContain('<bdi><mark class="claim ok">Revenue grew 12% in 2021 [');
    }
  });

  it('isolates the claims listed without their answer, rejection messages, titles and passage headings', () => {
    const line = verified(
      'שלום. Revenue grew 12% in 2021 [1].',
      [passage('Revenue grew 12% in 2021.', { title: 'כותרת' })],
      'מזהה',
    );
    delete line.answer;
    const html = page([line]);
    expect(answerHtml(html)).toMatch(/^(<bdi>(?:(?!<\/?bdi>).)*<\/bdi>)( <bdi>(?:(?!<\/?bdi>).)*<\/bdi>)*$/s);
    expect(html).toContain('<h3 id="a0-title"><bdi>מזהה</bdi> ');
    expect(html).toMatch(/<summary>\[1\] <bdi>d1<\/bdi> · <bdi>כותרת<\/bdi><\/summary>/);
    expect(html).toMatch(/<li><span class="code">[a-z_]+<\/span> <bdi>[^<]*<\/bdi><\/li>/);
  });
});

describe('merged duplicates on the verifications page', () => {
  const water = passage('Water boils at 100 °C at sea level.');

  it('draws the repeat of a rejected claim red with its code', () => {
    const answer =
      'The moon is made of cheese [2]. Water boils at 100 °C at sea level [1]. The moon is made of cheese [2].';
    const line = verified(answer, [water]);
    expect(line.verification.rejected[0]!.duplicates).toEqual([{ start: 72, end: 103 }]);
    const inner = answerHtml(page([line]));
    expect(
      inner.match(
        /<mark class="claim bad">The moon is made of cheese \[2\]\.<\/mark><span class="code">marker_out_of_range<\/span>/g,
      ),
    ).toHaveLength(2);
  });

  it('draws the repeat of an accepted claim green with its citation buttons', () => {
    const answer =
      'Water boils at 100 °C at sea level [1]. The moon is made of cheese [2]. Water boils at 100 °C at sea level [1].';
    const line = verified(answer, [water]);
    expect(line.verification.claims[0]!.duplicates).toEqual([{ start: 72, end: 111 }]);
    const inner = answerHtml(page([line]));
    expect(
      inner.match(
        /<mark class="claim ok">Water boils at 100 °C at sea level \[<button[^>]*>1<\/button>\]\.<\/mark>/g,
      ),
    ).toHaveLength(2);
  });

  it('draws every repeat of a claim repeated many times, and counts them when the answer is not in the file', () => {
    const answer = 'The moon is made of cheese [2]. '.repeat(5).trim();
    const line = verified(answer, [water]);
    expect(line.verification.rejected[0]!.duplicates).toHaveLength(4);
    expect(answerHtml(page([line])).match(/<mark class="claim bad">/g)).toHaveLength(5);
    delete line.answer;
    expect(page([line])).toContain('(and 4 identical claims later, merged into this one)');
  });
});

describe('renderReportPage: cost of one source cited many times', () => {
  it('grows linearly with the citations to one source (ratio of 8n to n, bound 24; quadratic would be 64)', {
    timeout: 180_000,
  }, () => {
    const make = (size: number) => {
      const text = 'a'.repeat(size + 1);
      const answer = 'Claim x [1].';
      const citations = Array.from({ length: size }, (_, i) => ({
        source: 1,
        documentId: 'd',
        chunkId: 'd',
        start: i,
        end: i + 1,
        text: 'a',
      }));
      const line: VerifiedLine = {
        id: 'p',
        line: 1,
        verification: {
          status: 'answered',
          claims: [{ text: answer, span: { start: 0, end: answer.length }, citations }],
          rejected: [],
          citations,
          duplicatesMerged: 0,
        },
        answer,
        passages: [passage(text, { documentId: 'd', chunkId: 'd' })],
      };
      return () => page([line]);
    };
    expect(growth(make, 1000)).toBeLessThan(BOUND);
  });
});

/**
 * What a click on each citation button (in page order) highlights, as the page's script does: the marks of the
 * passage from the first id the button's data-span names to the last, in the order they open, and the text inside
 * any of them.
 */
function highlightedByButtons(html: string): string[] {
  const passageHtml = /<div class="passage-text">(.*?)<\/div>/s.exec(html)![1]!;
  const runs: Array<{ text: string; open: string[] }> = [];
  const order: string[] = [];
  const stack: string[] = [];
  for (const token of passageHtml.matchAll(/<mark class="cited[^"]*" id="([^"]+)">|<\/mark>|[^<]+/g)) {
    if (token[1] !== undefined) {
      stack.push(token[1]);
      order.push(token[1]);
    } else if (token[0] === '</mark>') stack.pop();
    else runs.push({ text: token[0], open: [...stack] });
  }
  return [...html.matchAll(/<button [^>]*data-span="([^"]+)"/g)].map((match) => {
    const ids = match[1]!.split(' ');
    const from = order.indexOf(ids[0]!);
    const to = order.indexOf(ids[ids.length - 1]!);
    expect(from).not.toBe(-1);
    expect(to).toBeGreaterThanOrEqual(from);
    const lit = new Set(order.slice(from, to + 1));
    return runs
      .filter((run) => run.open.some((id) => lit.has(id)))
      .map((run) => run.text)
      .join('')
      .replace(/&(quot|#39|lt|gt|amp);/g, (_, name: string) => ENTITY_TEXT[name]!);
  });
}

const ENTITY_TEXT: Record<string, string> = { quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' };

/** A line whose claim k cites `text.slice(k, k + width)` of one passage: every span crosses its neighbours' edges. */
function crossingLine(count: number, width: number): { line: VerifiedLine; text: string } {
  const text = Array.from({ length: count + width }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
  let answer = '';
  const claims: VerifiedLine['verification']['claims'] = [];
  for (let k = 0; k < count; k++) {
    const claim = `Claim ${k} [1].`;
    const start = answer.length;
    answer += `${claim} `;
    const citation = {
      source: 1,
      documentId: 'd',
      chunkId: 'd',
      start: k,
      end: k + width,
      text: text.slice(k, k + width),
    };
    claims.push({ text: claim, span: { start, end: start + claim.length }, citations: [citation] });
  }
  const line: VerifiedLine = {
    id: 'x',
    line: 1,
    verification: {
      status: 'answered',
      claims,
      rejected: [],
      citations: claims.map((claim) => claim.citations[0]!),
      duplicatesMerged: 0,
    },
    answer,
    passages: [passage(text, { documentId: 'd', chunkId: 'd' })],
  };
  return { line, text };
}

describe('renderReportPage: overlapping cited spans', () => {
  it('highlights exactly its own span for each citation, when two quotations of one passage overlap', () => {
    const text = 'The committee approved the budget on Monday after a long debate. Nobody voted against it.';
    const answer =
      'The minutes say "approved the budget on Monday" [1]. They add "on Monday after a long debate" [1].';
    const line = verified(answer, [passage(text, { documentId: 'minutes', chunkId: 'minutes' })]);
    expect(line.verification.claims.map((claim) => claim.citations[0]!.text)).toEqual([
      'approved the budget on Monday',
      'on Monday after a long debate',
    ]);
    expect(highlightedByButtons(page([line]))).toEqual([
      'approved the budget on Monday',
      'on Monday after a long debate',
    ]);
  });

  it('highlights a quotation inside a cited passage apart from the passage around it', () => {
    const text =
      'Water boils at 100 °C at sea level. At altitude it boils "at a lower temperature" than that.';
    const answer =
      'Water boils at 100 °C at sea level [1]. It boils "at a lower temperature" at altitude [1].';
    const line = verified(answer, [passage(text)]);
    expect(highlightedByButtons(page([line]))).toEqual([text, 'at a lower temperature']);
  });

  it('highlights each of many spans that cross one another exactly', () => {
    const { line, text } = crossingLine(60, 25);
    expect(highlightedByButtons(page([line]))).toEqual(
      Array.from({ length: 60 }, (_, k) => text.slice(k, k + 25)),
    );
  });

  it('writes a page linear in the spans however they overlap (size at 8n over n, linear 8, quadratic 64)', () => {
    const size = (count: number): number => page([crossingLine(count, count).line]).length;
    const base = page([crossingLine(0, 0).line]).length;
    expect((size(1600) - base) / (size(200) - base)).toBeLessThan(10);
  });
});

/** One accepted claim `A[1]…[k].` citing k passages, with `d` merged duplicates ` x.` after it (finding r22-1). */
const manyDuplicates = (k: number, d: number, repeat = ' x.'): VerifiedLine => {
  const head = `A${Array.from({ length: k }, (_, i) => `[${i + 1}]`).join('')}.`;
  const answer = head + repeat.repeat(d);
  const passages = Array.from({ length: k }, (_, i) =>
    passage('a', { documentId: `d${i}`, chunkId: `d${i}` }),
  );
  const citations = passages.map((p, i) => ({
    source: i + 1,
    documentId: p.documentId,
    chunkId: p.chunkId,
    start: 0,
    end: 1,
    text: 'a',
  }));
  const duplicates = Array.from({ length: d }, (_, i) => ({
    start: head.length + i * repeat.length + 1,
    end: head.length + (i + 1) * repeat.length,
  }));
  return {
    id: 'dup',
    line: 1,
    verification: {
      status: 'answered',
      claims: [{ text: head, span: { start: 0, end: head.length }, citations, duplicates }],
      rejected: [],
      citations,
      duplicatesMerged: d,
    },
    answer,
    passages,
  };
};

describe('merged duplicates whose text does not repeat their claim', () => {
  it('draws a span the file calls a repeat green only when it repeats the claim', () => {
    const inner = answerHtml(page([manyDuplicates(2, 2)]));
    expect(inner).not.toMatch(/<mark class="claim ok">x\.<\/mark>/);
    expect(inner.match(/<mark class="claim ok">/g)).toHaveLength(1);
    expect(inner).toContain('not shown as checked');
  });

  it('draws a repeat red only when it repeats the rejected claim', () => {
    const answer = 'The moon is made of cheese [2]. Water boils [1].';
    const line: VerifiedLine = {
      id: 'r',
      line: 1,
      verification: {
        status: 'rejected',
        claims: [],
        rejected: [
          {
            text: 'The moon is made of cheese [2].',
            span: { start: 0, end: 31 },
            code: 'marker_out_of_range',
            markers: [2],
            message: 'm',
            duplicates: [{ start: 32, end: answer.length }],
          },
        ],
        citations: [],
        duplicatesMerged: 1,
      },
      answer,
    };
    const inner = answerHtml(page([line]));
    expect(inner.match(/<mark class="claim bad">/g)).toHaveLength(1);
    expect(inner).toContain('not shown as checked');
  });

  it('still draws a repeat that differs only in its markers as its claim', () => {
    const water = passage('Water boils at 100 °C at sea level.');
    const answer = 'Water boils at 100 °C at sea level [1]. Water boils at 100 °C at sea level [2].';
    const line = verified(answer, [water, water]);
    expect(line.verification.claims[0]!.duplicates).toHaveLength(1);
    expect(answerHtml(page([line])).match(/<mark class="claim ok">/g)).toHaveLength(2);
  });

  it('grows linearly with a claim of many citations and many duplicates (ratio of 8n to n, bound 24; quadratic 64)', {
    timeout: 300_000,
  }, () => {
    const make = (size: number) => {
      const line = manyDuplicates(size, size, ' A.');
      return () => page([line]);
    };
    expect(growth(make, 1000)).toBeLessThan(BOUND);
  });
});

// Finding cli2-3: a duplicate verifyAnswer merged whose white space differs from its claim's was drawn unchecked.
describe('merged duplicates that differ from their claim in white space', () => {
  const water = passage('Water boils at 100 °C at sea level.');

  it.each([
    ['two spaces', 'Water boils  at 100 °C at sea level [2].'],
    ['a no-break space', 'Water boils at 100\u00a0°C at sea level [2].'],
    ['a tab and an ideographic space', 'Water boils\tat 100\u3000°C at sea level [2].'],
  ])('draws a repeat with %s as its claim', (_, repeat) => {
    const line = verified(`Water boils at 100 °C at sea level [1]. ${repeat}`, [water, water]);
    expect(line.verification.duplicatesMerged).toBe(1);
    const inner = answerHtml(page([line]));
    expect(inner.match(/<mark class="claim ok">/g)).toHaveLength(2);
    expect(inner).not.toContain('not shown as checked');
  });

  it('draws no repeat green whose words differ by more than white space, or by a character verifyAnswer drops', () => {
    const claim = 'Water boils at 100 °C at sea level [1].';
    const citation = { source: 1, documentId: 'd1', chunkId: 'd1', start: 0, end: 35, text: water.text };
    // Neither is merged by verifyAnswer (a space added, U+FEFF dropped, not read as a space): only a forged file says so.
    for (const repeat of [
      'Water boils at 100 ° C at sea level [1].',
      'Water\ufeffboils at 100 °C at sea level [1].',
    ]) {
      const answer = `${claim} ${repeat}`;
      const forged: VerifiedLine = {
        id: 'f',
        line: 1,
        verification: {
          status: 'answered',
          claims: [
            {
              text: claim,
              span: { start: 0, end: claim.length },
              citations: [citation],
              duplicates: [{ start: claim.length + 1, end: answer.length }],
            },
          ],
          rejected: [],
          citations: [citation],
          duplicatesMerged: 1,
        },
        answer,
        passages: [water],
      };
      const inner = answerHtml(page([forged]));
      expect(inner.match(/<mark class="claim ok">/g), JSON.stringify(repeat)).toHaveLength(1);
      expect(inner).toContain('not shown as checked');
    }
  });
});
