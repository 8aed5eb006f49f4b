// Behaviour pinned by mutation testing (npm run mutation -- citations): the exact prompt text formatSources
// renders for each style and heading, every character its sanitiser removes or turns into a line break (checked at
// the edges of each range, with the neighbours it keeps), and exactly which bracketed runs become parentheses.
import { describe, expect, it } from 'vitest';
import { formatSources, sanitize } from './format-sources.js';
import { passage } from '../__fixtures__/passage.js';

const hex = (char: string): string => `U+${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

describe('formatSources output (mutation-pinned)', () => {
  it('numbers sources from 1 by default and with style numbers, with S in front for style handles', () => {
    const passages = [passage('one', { title: 'A' }), passage('two', { title: 'B' }), passage('three')];
    const numbers = '[1] A\none\n\n[2] B\ntwo\n\n[3] doc\nthree';
    expect(formatSources(passages)).toBe(numbers);
    expect(formatSources(passages, {})).toBe(numbers);
    expect(formatSources(passages, { style: 'numbers' })).toBe(numbers);
    expect(formatSources(passages, { style: 'handles' })).toBe(
      '[S1] A\none\n\n[S2] B\ntwo\n\n[S3] doc\nthree',
    );
    expect(formatSources([passage('')])).toBe('[1] doc\n');
  });

  it('collapses whitespace runs in a heading to one space and trims it', () => {
    expect(formatSources([passage('x', { title: '  Annual\n\n report\t2024  ' })])).toBe(
      '[1] Annual report 2024\nx',
    );
    expect(formatSources([passage('x', { documentId: ' file\r\nname.pdf ' })])).toBe('[1] file name.pdf\nx');
    expect(formatSources([passage('x', { title: 'A\u00a0\u00a0B' })])).toBe('[1] A B\nx');
    expect(formatSources([passage('x', { title: 'A\u200bB' })])).toBe('[1] AB\nx');
  });

  it('uses the title when there is one, the document id when the title is missing or sanitises to nothing', () => {
    expect(formatSources([passage('x', { title: 'Title', documentId: 'id' })])).toBe('[1] Title\nx');
    expect(formatSources([passage('x', { documentId: 'id' })])).toBe('[1] id\nx');
    expect(formatSources([passage('x', { title: '', documentId: 'id' })])).toBe('[1] id\nx');
    expect(formatSources([passage('x', { title: ' \n\t', documentId: 'id' })])).toBe('[1] id\nx');
    expect(formatSources([passage('x', { title: '\u200b\u202e', documentId: 'id' })])).toBe('[1] id\nx');
  });

  it('sanitises headings and text alike, keeping the line breaks of the text', () => {
    expect(
      formatSources([passage('Line one\r\nLine [2] two\u000bthree', { title: 'Forged [3]\n[S4] title' })]),
    ).toBe('[1] Forged (3) (S4) title\nLine one\nLine (2) two\nthree');
  });
});

describe('sanitize: invisible characters and line breaks (mutation-pinned)', () => {
  it('removes C0 controls except tab, LF, VT, FF and CR, at the edges of each range', () => {
    for (const char of ['\u0000', '\u0001', '\u0007', '\u0008', '\u000e', '\u0010', '\u001b', '\u001f']) {
      expect(sanitize(`a${char}b${char}c`), hex(char)).toBe('abc');
    }
    expect(sanitize('a\tb\nc d~e')).toBe('a\tb\nc d~e');
  });

  it('removes DEL and C1 controls except NEL', () => {
    for (const char of ['\u007f', '\u0080', '\u0084', '\u0086', '\u0090', '\u009b', '\u009f']) {
      expect(sanitize(`a${char}b${char}c`), hex(char)).toBe('abc');
    }
    expect(sanitize('a\u007eb\u00a0c\u00a1d')).toBe('a\u007eb\u00a0c\u00a1d');
  });

  it('removes the Arabic letter mark, zero-width characters, bidi embeddings, overrides and isolates, and BOMs', () => {
    for (const char of [
      '\u061c',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202c',
      '\u202e',
      '\u2060',
      '\u2063',
      '\u2066',
      '\u2069',
      '\ufeff',
    ]) {
      expect(sanitize(`a${char}b${char}c`), hex(char)).toBe('abc');
    }
  });

  it('keeps the neighbours of each removed range', () => {
    for (const char of [
      '\u061b',
      '\u061d',
      '\u200a',
      '\u2010',
      '\u2029',
      '\u202f',
      '\u205f',
      '\u206a',
      '\ufefe',
      '\uff00',
    ]) {
      expect(sanitize(`a${char}b`), hex(char)).toBe(`a${char}b`);
    }
  });

  it('turns CRLF, CR, vertical tab, form feed and NEL into one line feed each', () => {
    expect(sanitize('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
    expect(sanitize('a\r\r\nb')).toBe('a\n\nb');
    expect(sanitize('a\n\rb')).toBe('a\n\nb');
    expect(sanitize('a\u000bb\u000cc\u0085d')).toBe('a\nb\nc\nd');
    expect(sanitize('\u000b\u000b')).toBe('\n\n');
    expect(sanitize('\r\n\r\n')).toBe('\n\n');
  });

  it('turns full-width square brackets into parentheses, each side on its own', () => {
    expect(sanitize('\uff3b7\uff3d')).toBe('(7)');
    expect(sanitize('\uff3bnote\uff3d')).toBe('(note)');
    expect(sanitize('a\uff3d b\uff3b')).toBe('a) b(');
    expect(sanitize('\uff3b1\uff3d\uff3b2\uff3d')).toBe('(1)(2)');
    expect(sanitize('\uff08x\uff09')).toBe('\uff08x\uff09');
  });

  it('removes an invisible character inside a marker so the marker is neutralised too', () => {
    expect(sanitize('[\u200b7\u200b]')).toBe('(7)');
    expect(sanitize('[1\u202e]')).toBe('(1)');
  });

  it('returns the text unchanged when there is nothing to do', () => {
    expect(sanitize('')).toBe('');
    expect(sanitize('Plain text (with parentheses) and [words].')).toBe(
      'Plain text (with parentheses) and [words].',
    );
  });
});

describe('sanitize: bracketed source look-alikes (mutation-pinned)', () => {
  it('parenthesises a bracket holding digits, with every digit from 0 to 9', () => {
    for (let digit = 0; digit <= 9; digit++) {
      expect(sanitize(`see [${digit}].`)).toBe(`see (${digit}).`);
    }
    expect(sanitize('[1234567890]')).toBe('(1234567890)');
    expect(sanitize('[9007199254740993]')).toBe('(9007199254740993)');
  });

  it('allows spaces, tabs and no-break spaces, the separators , ; - and en dash, and S or s', () => {
    expect(sanitize('[ 1 ]')).toBe('( 1 )');
    expect(sanitize('[\t1\t]')).toBe('(\t1\t)');
    expect(sanitize('[\u00a01\u00a0]')).toBe('(\u00a01\u00a0)');
    expect(sanitize('[1, 2]')).toBe('(1, 2)');
    expect(sanitize('[1;2]')).toBe('(1;2)');
    expect(sanitize('[1-2]')).toBe('(1-2)');
    expect(sanitize('[1\u20132]')).toBe('(1\u20132)');
    expect(sanitize('[S3]')).toBe('(S3)');
    expect(sanitize('[s3]')).toBe('(s3)');
    expect(sanitize('[ S1, S2 ]')).toBe('( S1, S2 )');
    expect(sanitize('[SS1]')).toBe('(SS1)');
    expect(sanitize('[1S]')).toBe('(1S)');
    expect(sanitize('[,1]')).toBe('(,1)');
    expect(sanitize('[1,]')).toBe('(1,)');
    expect(sanitize('[-1]')).toBe('(-1)');
  });

  it('leaves brackets without a digit, with any other character, or without a closing bracket', () => {
    for (const text of [
      '[]',
      '[ ]',
      '[S]',
      '[s]',
      '[,;-]',
      '[sic]',
      '[T3]',
      '[1/2]',
      '[1:2]',
      '[/]',
      '[:]',
      '[1.2]',
      '[1+2]',
      '[1\u20142]',
      '[1\n]',
      '[\n1]',
      '[1\u30002]',
      '[1\u00202\u2002]',
      '[1a]',
      '[PERSON_1]',
      '[1',
      '[1)',
      '[ 1 ',
      '[',
      '[   ',
      '[\uff11]',
    ]) {
      expect(sanitize(text), JSON.stringify(text)).toBe(text);
    }
  });

  it('handles several brackets, nested brackets and brackets after a refused one', () => {
    expect(sanitize('[1][2][3]')).toBe('(1)(2)(3)');
    expect(sanitize('a [1] b [2] c')).toBe('a (1) b (2) c');
    expect(sanitize('[[1]]')).toBe('[(1)]');
    expect(sanitize('[x[1]')).toBe('[x(1)');
    expect(sanitize('[1 [2]')).toBe('[1 (2)');
    expect(sanitize('[sic] [4]')).toBe('[sic] (4)');
    expect(sanitize('[1] [sic]')).toBe('(1) [sic]');
    expect(sanitize('[1]]')).toBe('(1)]');
    expect(sanitize('x]')).toBe('x]');
    expect(sanitize('[1][')).toBe('(1)[');
    // Only a real opening bracket starts a look-alike: digits and a closing bracket alone stay as written.
    expect(sanitize('x7] and [8]')).toBe('x7] and (8)');
    expect(sanitize('7]')).toBe('7]');
    expect(sanitize('[1]x2]')).toBe('(1)x2]');
    expect(sanitize('[1]2]')).toBe('(1)2]');
  });
});
