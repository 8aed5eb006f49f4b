import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';

// The brackets that quote or title text in Chinese and Japanese (「」『』《》〈〉, and their half-width, vertical and
// presentation forms) and the math delimiters (⌈⌉ ⌊⌋ ⟨⟩ 〈〉) hold numbers in honest prose: no look-alike marker.
// One source, which shows no number in brackets, but the numbers the brackets quote (a quotation that holds a digit is
// checked whatever its length); the support check is off: only the markers and quotations are read.
const SOURCES = [source('A passage that shows no bracket, but 1984, 2 and 3.', 'doc')];
/** The codes of `answer` (the whole and streamed verifications agree). */
const codes = (answer: string): string[] => streamedCodes(answer, SOURCES);

describe('verifyAnswer: title and quotation brackets and math delimiters hold no look-alike marker', () => {
  it('accepts a Chinese title, a Japanese quoted label or math holding a number', () => {
    for (const answer of [
      '奥威尔的《1984》描写了一个极权社会[1]。',
      '这是《2》号文件，本软件可以免费使用[1]。',
      '設定画面で「3」を選択すると、機能が有効になります[1]。',
      '設定画面で『2』を選択すると、機能が有効になります[1]。',
      '設定画面で｢3｣を選択すると、機能が有効になります[1]。',
      '設定画面で〈3〉を選択すると、機能が有効になります[1]。',
      '設定画面で﹁3﹂を選択すると、機能が有効になります[1]。',
      '設定画面で﹃3﹄を選択すると、機能が有効になります[1]。',
      '奥威尔的︽1984︾描写了一个极权社会[1]。',
      '奥威尔的︿2﹀描写了一个极权社会[1]。',
      'The ceiling of x is ⌈3⌉ [1].',
      'The floor of x is ⌊2⌋ [1].',
      'The expectation of x is ⟨3⟩ [1].',
      'The expectation of x is 〈3〉 [1].',
      'The ceiling of x is &lceil;3&rceil; [1].',
      'The floor of x is &lfloor;2&rfloor; [1].',
      'The expectation of x is &lang;3&rang; [1].',
      'The expectation of x is &#x2308;3&#x2309; [1].',
    ])
      expect(codes(answer), answer).toEqual([]);
  });

  it('still reads the citation-style CJK brackets and the other look-alikes as markers', () => {
    for (const lookAlike of [
      '【3】',
      '〔3〕',
      '〖3〗',
      '〘3〙',
      '〚3〛',
      '︻3︼',
      '︹3︺',
      '⟬3⟭',
      '❲3❳',
      '⦗3⦘',
      '⟪3⟫',
    ])
      expect(codes(`The ceiling of x is 4 ${lookAlike} [1].`), lookAlike).toContain('marker_out_of_range');
  });
});
