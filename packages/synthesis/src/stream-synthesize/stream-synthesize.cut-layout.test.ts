// What a cut leaves must render as the completion did, minus the cut units: text a cut moved to a line's start
// opens no block (a fence, a heading, an HTML block), a cut table cell leaves its delimiters, and a lead-in a cut
// unit runs into goes with it. Both paths, streamed in any chunks or whole, return the same text.
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../__fixtures__/mock-models.js';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import { streamingModel } from '../__fixtures__/streaming-models.js';
import { acceptedText } from '../synthesize/accepted-text.js';
import { SynthesisError } from '../synthesize/synthesis-error.js';
import { synthesize } from '../synthesize/synthesize.js';
import { AcceptedTextWriter } from './accepted-text-writer.js';
import { streamSynthesize } from './stream-synthesize.js';

const question = 'What do the licences require?';
const GPL = 'The GPL is a copyleft license [2].';
const NOTICES = 'It requires preservation of copyright and license notices [1]';
const MIT = 'The MIT License is a permissive license [1].';

interface Seen {
  error?: string;
  text?: string;
  claims?: string[];
  rejected?: string[];
}

async function whole(completion: string, support: boolean): Promise<Seen> {
  const model = scriptedModel({ text: completion, finishReason: 'stop' });
  try {
    const result = await synthesize({
      model,
      question,
      passages,
      policy: 'drop-claims',
      verify: { support: support ? {} : false },
    });
    return {
      text: result.text,
      claims: result.claims.map((claim) => claim.text),
      rejected: result.rejected.map((claim) => `${claim.code}: ${claim.text}`),
    };
  } catch (error) {
    if (!SynthesisError.isInstance(error)) throw error;
    return { error: error.code };
  }
}

async function streamed(chunks: readonly string[], support: boolean): Promise<Seen> {
  const model = streamingModel({ chunks, ending: { finishReason: 'stop' } });
  const { events, result } = streamSynthesize({
    model,
    question,
    passages,
    policy: 'drop-claims',
    verify: { support: support ? {} : false },
  });
  let released = '';
  try {
    for await (const event of events)
      if (event.type === 'claim' || event.type === 'done') released += event.text;
    const outcome = await result;
    expect(released).toBe(outcome.text);
    return {
      text: outcome.text,
      claims: outcome.claims.map((claim) => claim.text),
      rejected: outcome.rejected.map((claim) => `${claim.code}: ${claim.text}`),
    };
  } catch (error) {
    if (!SynthesisError.isInstance(error)) throw error;
    return { error: error.code };
  }
}

/** `synthesize`'s outcome, after checking the stream returns the same, one character at a time and in chunks. */
async function outcome(completion: string, support = false): Promise<Seen> {
  const expected = await whole(completion, support);
  for (const chunks of [
    [...completion],
    completion.split(/(?<=[ \n|])/),
    [completion.slice(0, 30), completion.slice(30, 90), completion.slice(90)],
    [completion],
  ])
    expect(await streamed(chunks, support)).toEqual(expected);
  return expected;
}

const html = (markdown: string): string => marked.parse(markdown, { async: false });

describe('text a cut moves to the start of a line', () => {
  it('opens no code fence: the claim stays a claim and a hidden comment stays hidden', async () => {
    for (const fence of ['~~~', '```']) {
      for (const support of [true, false]) {
        const completion = `Unmarked sentence. ${fence} ${GPL}\n\n${NOTICES}<!-- Aspirin cures cancer. -->.`;
        const seen = await outcome(completion, support);
        expect(seen.rejected).toEqual(['no_marker: Unmarked sentence.']);
        const page = html(seen.text!);
        expect(page).not.toContain('<pre');
        expect(page).not.toContain('&lt;!--');
        expect(page).toContain('The GPL is a copyleft license [2].');
        expect(page).toContain('<!-- Aspirin cures cancer. -->');
      }
    }
  });

  it('opens no heading, block quote, list, HTML block or indented code, inside a list item too', async () => {
    for (const head of ['#', '>', '-', '+', '*', '1.', '2)', '<b>', '|', '___', '===']) {
      for (const lead of ['', '- ', '> ']) {
        const completion = `${lead}Unmarked sentence. ${head} ${GPL}`;
        const seen = await outcome(completion);
        // `<b>` opens bold over the claim, and `2)` may be an item: both are cut with the sentence before them.
        if (seen.error !== undefined) continue;
        expect(seen.claims).toHaveLength(1);
        const rendered = html(seen.text!);
        const original = html(completion);
        // The claim renders in the same kind of block as in the completion.
        const tags = (page: string) => page.match(/<(?:h\d|blockquote|ul|ol|pre|table|hr|p)\b/g);
        expect(tags(rendered), `${lead}${head}`).toEqual(tags(original));
      }
    }
  });

  it('leaves no blank line where a cut emptied a line inside a paragraph', async () => {
    const seen = await outcome(`Note [1]. It is false that\nthe GPL requires nothing\n${GPL}\n\n${NOTICES}.`);
    expect(seen.text).not.toMatch(/\n\n\n/);
    expect(await outcome(`- ${GPL}\nUnmarked lazy line.\n  ${NOTICES}.`)).toMatchObject({
      text: `- ${GPL}\n  ${NOTICES}.`,
    });
  });

  it('opens no indented code block or definition on the line after a line a cut removed', async () => {
    const comment = '<!-- The GPL is permissive [2]. -->';
    for (const indent of ['    ', '\t', '  \t', '      '])
      for (const lead of [`${MIT}\n\n`, '']) {
        const completion = `${lead}Unmarked claim here.\n${indent}${GPL} ${comment}`;
        const seen = await outcome(completion);
        expect(seen.claims, JSON.stringify(completion)).toHaveLength(lead === '' ? 1 : 2);
        const page = html(seen.text!);
        expect(page, JSON.stringify(seen.text)).not.toContain('<pre');
        expect(page).not.toContain('&lt;!--');
        expect(page).toContain(comment);
      }
    // In a block quote, and in the rest of a list item whose first line was removed.
    for (const completion of [
      `${MIT}\n\n> Unmarked claim here.\n>     ${GPL} ${comment}`,
      `${MIT}\n\n1. Unmarked claim here.\n\n    ${NOTICES}.\n\n    ${GPL} ${comment}`,
    ]) {
      const page = html((await outcome(completion)).text!);
      expect(page, completion).not.toContain('<pre');
      expect(page).toContain(comment);
    }
    // Paragraph text in the completion: a list numbered from 5 interrupts no paragraph, and starts none here.
    const numbered = await outcome(`${MIT}\n\nUnmarked claim here.\n5. ${GPL}`);
    expect(html(numbered.text!)).not.toContain('<ol');
    expect(numbered.claims).toHaveLength(2);
    // A list item after a removed lead-in stays one, as it interrupted the paragraph in the completion.
    expect((await outcome(`${MIT}\n\nUnmarked lead-in.\n- ${GPL}`)).text).toBe(`${MIT}\n\n- ${GPL}`);
  });

  it('writes the same text streamed as whole, piece by piece', () => {
    const completion = `Unmarked sentence. ~~~ ${GPL}\n| Unmarked cell. | ${GPL} |\n> One.   <b>x</b> [1]`;
    const cuts = [
      { start: 0, end: 18 },
      { start: completion.indexOf('| Unmarked'), end: completion.indexOf('| Unmarked') + 16 },
      { start: completion.indexOf('One.'), end: completion.indexOf('One.') + 4 },
    ];
    for (const size of [1, 2, 3, 7, 1000]) {
      const writer = new AcceptedTextWriter();
      let out = '';
      let cursor = 0;
      for (const span of cuts) {
        for (let at = cursor; at < span.start; at += size) {
          writer.keep(completion.slice(at, Math.min(at + size, span.start)));
          out += writer.take();
        }
        writer.cut(completion.slice(span.start, span.end));
        out += writer.take();
        cursor = span.end;
      }
      for (let at = cursor; at < completion.length; at += size) {
        writer.keep(completion.slice(at, at + size));
        out += writer.take();
      }
      out += writer.finish();
      expect(out).toBe(acceptedText(completion, cuts));
    }
  });
});

describe('a cut inside a table row', () => {
  const header = '| Allowed | Not allowed |\n|---|---|\n';
  it('keeps the cell delimiters: no claim moves to another column', async () => {
    const completion = `${header}| Private use of the code. | Source code must be made available when distributing binaries [2]. |`;
    const seen = await outcome(completion, true);
    expect(seen.rejected).toEqual(['no_marker: | Private use of the code.']);
    expect(seen.text).toBe(
      `${header}| | Source code must be made available when distributing binaries [2]. |`,
    );
    expect(html(seen.text!)).toMatch(/<td><\/td>\s*<td>Source code must/);
  });

  it('keeps the row label column in place when the label is cut with a unit', async () => {
    const completion = `| Licence | Copyleft |\n|---|---|\n| MIT | Unmarked cell. ${GPL} |`;
    const seen = await outcome(completion);
    expect(seen.text).toBe(`| Licence | Copyleft |\n|---|---|\n| | ${GPL} |`);
    expect(html(seen.text!)).toMatch(/<td><\/td>\s*<td>The GPL is a copyleft license \[2\]\.<\/td>/);
  });

  it('keeps a header row a cut emptied, with empty cells: the rows under it stay a table', async () => {
    const body = `|---|---|\n| ${GPL} | The MIT License is a permissive license [1]. |`;
    const seen = await outcome(`| Unmarked A. | Unmarked B. |\n${body}`);
    expect(seen.text).toBe(`| | |\n${body}`);
    expect(html(seen.text!)).toMatch(/<table>[\s\S]*<td>The GPL is a copyleft license \[2\]\.<\/td>/);
    // A header row of another width than the delimiter row made no table: it goes.
    expect((await outcome(`${MIT}\n\n| Unmarked A. |\n${body}`)).text).toBe(`${MIT}\n\n${body}`);
  });

  it('removes a row a cut left with nothing but its delimiters', async () => {
    const completion = `| Claim | Verdict | Note |\n|---|---|---|\n| Unmarked claim. | ${GPL} | False |\n| Unmarked row. | Unmarked too. |`;
    const seen = await outcome(completion);
    expect(seen.text).toBe(`| Claim | Verdict | Note |\n|---|---|---|\n| | ${GPL} | |`);
  });
});

describe('a lead-in a cut unit runs into', () => {
  it('is cut with it: the lead-in never shows without the words that came before it', async () => {
    const lead =
      'It is false that\nthe GPL requires nothing when distributing binaries, since:\n- The GPL is a copyleft license [2].\n- Source code must be made available when distributing binaries [2].';
    const seen = await outcome(lead, true);
    expect(seen.text).not.toContain('requires nothing');
    expect(seen.text).toBe(
      '- The GPL is a copyleft license [2].\n- Source code must be made available when distributing binaries [2].',
    );
  });

  it('is cut when a cut unit opened the tag that hides it', async () => {
    for (const completion of [
      `Unmarked note. <span hidden>\nAspirin cures cancer</span>:\n- ${GPL}\n- The MIT License is a permissive license [1].`,
      `See <details><summary>x</summary>\nAspirin cures cancer:\n- ${GPL}\n- The MIT License is a permissive license [1].\n</details>`,
    ]) {
      const seen = await outcome(completion);
      expect(seen.text).not.toContain('Aspirin');
      expect(seen.claims).toHaveLength(2);
    }
  });

  it('stays when the cut unit ended its sentence, or a blank line stands between', async () => {
    expect((await outcome(`Unmarked note.\nThe licences differ as follows:\n- ${GPL}`)).text).toBe(
      `The licences differ as follows:\n- ${GPL}`,
    );
    expect((await outcome(`Unmarked note\n\nThe licences differ as follows:\n- ${GPL}`)).text).toBe(
      `The licences differ as follows:\n- ${GPL}`,
    );
  });
});

describe('a sentence the verifier split after an abbreviation', () => {
  it('is cut whole when the next unit starts with a digit or a lowercase letter', async () => {
    expect(await outcome(`It is false that per Art. 5 ${GPL}`)).toEqual({ error: 'no_accepted_claims' });
    const seen = await outcome(`${NOTICES}.\n\nIt is false that per Art. 5 ${GPL}`);
    expect(seen.text).toBe(`${NOTICES}.`);
    for (const abbreviation of ['Sec.', 'No.', 'Fig.'])
      expect(await outcome(`It is false that under ${abbreviation} 5 ${GPL}`), abbreviation).toEqual({
        error: 'no_accepted_claims',
      });
  });

  it('ends at a full stop after a word no abbreviation looks like, and at a line break', async () => {
    const lower = 'the GPL is a copyleft license [2].';
    expect(await outcome(`Unmarked sentence.\n${lower}`)).toMatchObject({
      text: lower,
      rejected: ['no_marker: Unmarked sentence.'],
    });
    const seen = await outcome(`${MIT} Unmarked sentence.\n${lower}`);
    expect(seen.text).toBe(`${MIT}\n${lower}`);
    expect(seen.claims).toHaveLength(2);
    expect((await outcome(`Unmarked claim about Fig.\n${lower}`)).text).toBe(lower);
  });
});
