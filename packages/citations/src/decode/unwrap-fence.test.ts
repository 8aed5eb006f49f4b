import { describe, expect, it } from 'vitest';
import { findFenceLine, unwrapFence } from './unwrap-fence.js';

/** unwrapFence over the whole text. */
const whole = (text: string): ReturnType<typeof unwrapFence> => unwrapFence(text, 0, text.length);
/** The text inside the fence, or null when the region came back unchanged. */
const inside = (text: string): string | null => {
  const region = whole(text);
  return region.fenced ? text.slice(region.start, region.end) : null;
};
const unchanged = (text: string): { start: number; end: number; fenced: false } => ({
  start: 0,
  end: text.length,
  fenced: false,
});

describe('unwrapFence', () => {
  it('returns the exact region between the opening line and the closing line', () => {
    expect(whole('```json\n[1]\n```')).toEqual({ start: 8, end: 11, fenced: true });
    expect(whole('```\n[1]\n```')).toEqual({ start: 4, end: 7, fenced: true });
    expect(whole('~~~JSON\n{"a":1}\n~~~')).toEqual({ start: 8, end: 15, fenced: true });
    expect(inside('```json\n[1,\n 2]\n```')).toBe('[1,\n 2]');
  });

  it('unwraps a blank fence to an empty region just after the opening line', () => {
    expect(whole('```\n```')).toEqual({ start: 4, end: 4, fenced: true });
    expect(whole('```json\n```')).toEqual({ start: 8, end: 8, fenced: true });
    expect(whole('```json\n\n```')).toEqual({ start: 8, end: 8, fenced: true });
    expect(whole('~~~\n  \n~~~')).toEqual({ start: 4, end: 6, fenced: true });
  });

  it('skips JSON whitespace (space, tab, CR, LF) around the fence, and only that', () => {
    expect(whole(' \t\r\n```json\n[1]\n```\r\n \t')).toEqual({ start: 12, end: 15, fenced: true });
    expect(inside('\n\n```json\n[1]\n```\n\n')).toBe('[1]');
    for (const space of ['\u00a0', '\f', '\v', '\u2028', '\ufeff', '\u200b']) {
      expect(whole(`${space}\`\`\`json\n[1]\n\`\`\``), JSON.stringify(space)).toEqual(
        unchanged(`${space}\`\`\`json\n[1]\n\`\`\``),
      );
      expect(whole(`\`\`\`json\n[1]\n\`\`\`${space}`), JSON.stringify(space)).toEqual(
        unchanged(`\`\`\`json\n[1]\n\`\`\`${space}`),
      );
    }
  });

  it('works on a region inside a longer text and never looks past its bounds', () => {
    const text = '\ufeff```json\n[1]\n```';
    expect(unwrapFence(text, 1, text.length)).toEqual({ start: 9, end: 12, fenced: true });
    const framed = 'xx```json\n[1]\n```yy';
    expect(unwrapFence(framed, 2, framed.length - 2)).toEqual({ start: 10, end: 13, fenced: true });
    // The same fence with the closing marks cut off by the region's end.
    expect(unwrapFence(framed, 2, framed.length - 3)).toEqual({
      start: 2,
      end: framed.length - 3,
      fenced: false,
    });
    // Blank characters past the end of the region are not the region's.
    const trailing = '```json\n[1]\n```  \n';
    expect(unwrapFence(trailing, 0, 15)).toEqual({ start: 8, end: 11, fenced: true });
    expect(unwrapFence('  ```\n[1]\n```', 0, 0)).toEqual({ start: 0, end: 0, fenced: false });
    expect(unwrapFence('  ```\n[1]\n```', 2, 2)).toEqual({ start: 2, end: 2, fenced: false });
  });

  it('needs at least three marks of one kind, and a closing line at least as long', () => {
    expect(whole('``\n[1]\n``')).toEqual(unchanged('``\n[1]\n``'));
    expect(whole('~~\n[1]\n~~')).toEqual(unchanged('~~\n[1]\n~~'));
    expect(whole('````json\n[1]\n````')).toEqual({ start: 9, end: 12, fenced: true });
    expect(whole('```json\n[1]\n`````')).toEqual({ start: 8, end: 11, fenced: true });
    expect(whole('````json\n[1]\n```')).toEqual(unchanged('````json\n[1]\n```'));
    expect(whole('~~~~~\n[1]\n~~~~')).toEqual(unchanged('~~~~~\n[1]\n~~~~'));
    expect(whole('~~~~\n[1]\n~~~~')).toEqual({ start: 5, end: 8, fenced: true });
    expect(whole('```json\n[1]\n~~~')).toEqual(unchanged('```json\n[1]\n~~~'));
    expect(whole('~~~json\n[1]\n```')).toEqual(unchanged('~~~json\n[1]\n```'));
    expect(whole('```json\n[1]\n``~')).toEqual(unchanged('```json\n[1]\n``~'));
    expect(whole('```json\n[1]\n```x')).toEqual(unchanged('```json\n[1]\n```x'));
    expect(whole('```json\n[1]\nx```')).toEqual(unchanged('```json\n[1]\nx```'));
    expect(whole('`~`\n[1]\n`~`')).toEqual(unchanged('`~`\n[1]\n`~`'));
    expect(whole("'''\n[1]\n'''")).toEqual(unchanged("'''\n[1]\n'''"));
    expect(whole('"""\n[1]\n"""')).toEqual(unchanged('"""\n[1]\n"""'));
  });

  it('allows spaces and tabs before the closing marks but not other characters', () => {
    expect(whole('```json\n[1]\n   ```')).toEqual({ start: 8, end: 11, fenced: true });
    expect(whole('```json\n[1]\n\t```')).toEqual({ start: 8, end: 11, fenced: true });
    expect(whole('```json\n[1]\n \t ~~~')).toEqual(unchanged('```json\n[1]\n \t ~~~'));
    expect(whole('```json\n[1]\n\u00a0```')).toEqual(unchanged('```json\n[1]\n\u00a0```'));
    // Indentation that leaves fewer marks than the opening fence is not a closing line.
    expect(whole('````\n[1]\n  ```')).toEqual(unchanged('````\n[1]\n  ```'));
  });

  it('needs the opening line, the body and the closing line on separate lines', () => {
    expect(whole('```json')).toEqual(unchanged('```json'));
    expect(whole('```json\n')).toEqual(unchanged('```json\n'));
    expect(whole('```json\n[1]')).toEqual(unchanged('```json\n[1]'));
    expect(whole('```json\n[1]```')).toEqual(unchanged('```json\n[1]```'));
    expect(whole('```[1]```')).toEqual(unchanged('```[1]```'));
    expect(whole('```')).toEqual(unchanged('```'));
    expect(whole('``````')).toEqual(unchanged('``````'));
    expect(whole('```\n```\n')).toEqual({ start: 4, end: 4, fenced: true });
    expect(whole('```json\n   \n')).toEqual(unchanged('```json\n   \n'));
  });

  it('refuses prose before or after the fence', () => {
    for (const text of [
      'Here it is:\n```json\n[1]\n```',
      '```json\n[1]\n```\nHope this helps.',
      'x```json\n[1]\n```',
      '```json\n[1]\n```\n```',
    ]) {
      expect(whole(text), JSON.stringify(text)).toEqual(
        text.endsWith('```\n```') ? { start: 8, end: 15, fenced: true } : unchanged(text),
      );
    }
  });

  it('takes the last line as the closing fence, so a second block stays inside the region', () => {
    const text = '```json\n{"a":1}\n```\n```json\n{"b":2}\n```';
    expect(whole(text)).toEqual({ start: 8, end: text.length - 4, fenced: true });
    expect(inside(text)).toBe('{"a":1}\n```\n```json\n{"b":2}');
  });

  it('accepts a language tag of letters, digits and + - . _, with blanks and CR around it', () => {
    for (const tag of [
      'json',
      'JSON',
      'jsonc',
      'json5',
      'c++',
      'objective-c',
      'json.v1',
      'my_tag',
      '09AZaz',
    ]) {
      expect(inside(`\`\`\`${tag}\n[1]\n\`\`\``), tag).toBe('[1]');
    }
    expect(inside('```  json \t\n[1]\n```')).toBe('[1]');
    expect(inside('``` \t\n[1]\n```')).toBe('[1]');
    expect(whole('```json\r\n[1]\r\n```')).toEqual({ start: 9, end: 13, fenced: true });
    expect(inside('```json\r\n[1]\r\n```')).toBe('[1]\r');
  });

  it('refuses a tag with any other character, including those next to the accepted ranges', () => {
    for (const tag of [
      '/',
      ':',
      '@',
      '[',
      '`',
      '{',
      '!',
      ',',
      '*',
      'js on',
      'json title="x"',
      '\u00e9',
      '\u00a0',
    ]) {
      const text = `\`\`\`${tag}\n[1]\n\`\`\``;
      expect(whole(text), JSON.stringify(tag)).toEqual(unchanged(text));
    }
    // A tag on its own (no body line) is the whole opening line: the closing line must follow it.
    expect(whole('```json\n```json')).toEqual(unchanged('```json\n```json'));
  });
});

describe('findFenceLine', () => {
  // First: a search that wrapped around to the start of the text would loop forever on the later cases.
  it('looks only inside from..to', () => {
    const text = '```\nab\n```';
    expect(findFenceLine(text, 4, 10)).toBe(7);
    expect(findFenceLine(text, 4, 7)).toBe(-1);
    expect(findFenceLine(text, 4, 9)).toBe(-1); // the marks are cut off by the end
    expect(findFenceLine(text, 4, 4)).toBe(-1);
    expect(findFenceLine(text, 0, 2)).toBe(-1);
    expect(findFenceLine(text, 0, 3)).toBe(0);
    // Spaces running up to the end of the range, then marks past it.
    expect(findFenceLine('  ```', 0, 2)).toBe(-1);
    // A line break past the end of the range does not start a line inside it.
    expect(findFenceLine('ab\n```', 0, 2)).toBe(-1);
    expect(findFenceLine('ab\n```', 0, 3)).toBe(-1);
    expect(findFenceLine('ab\n```', 0, 6)).toBe(3);
    // The last line inside the range has no line break after it: the search ends there and never wraps
    // around to a fence line before `from`.
    expect(findFenceLine('```\nab', 4, 6)).toBe(-1);
    expect(findFenceLine('```\n  ab', 4, 8)).toBe(-1);
    expect(findFenceLine('a\n```', 0, 5)).toBe(2);
  });

  it('returns the position of the first line opening with three backticks or tildes', () => {
    expect(findFenceLine('[1]\n```\n[2]', 0, 11)).toBe(4);
    expect(findFenceLine('```', 0, 3)).toBe(0);
    expect(findFenceLine('~~~', 0, 3)).toBe(0);
    expect(findFenceLine('a\n  ~~~json', 0, 11)).toBe(4);
    expect(findFenceLine('a\n\t```', 0, 6)).toBe(3);
    expect(findFenceLine('a\nb\n```\n```', 0, 11)).toBe(4);
  });

  it('ignores lines with fewer or mixed marks, marks after other text, and other indentation', () => {
    expect(findFenceLine('``\n``x\n', 0, 7)).toBe(-1);
    expect(findFenceLine('``~\n~``\n`~`', 0, 11)).toBe(-1);
    expect(findFenceLine('x```\n a```', 0, 10)).toBe(-1);
    expect(findFenceLine('\u00a0```', 0, 4)).toBe(-1);
    expect(findFenceLine('\'\'\'\n"""', 0, 7)).toBe(-1);
    expect(findFenceLine('', 0, 0)).toBe(-1);
  });
});
