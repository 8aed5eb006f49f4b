// The reference the sentence-start properties compare `sentenceStarts` with: Intl.Segmenter, plus where a reader
// sees a sentence start that UAX #29 SB8a joins.
/** The segmenter `sentenceStarts` is given in these tests. */
export const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
/** Intl.Segmenter's sentence starts. */
export const icu = (text: string): number[] => Array.from(segmenter.segment(text), (s) => s.index);

const SPACE = '[\\p{Zs}\\t]';
/**
 * The segmenter's starts, and where a reader sees a sentence start SB8a joins: after a sentence terminator (a run of
 * `.`, `!` and `?`, one of ideographic stops, or one other terminator; `․`, `﹒` and `．` are full stops), closing marks (`Pe`, `Pf`, `Pi`, straight quotes, `>`,
 * `≫`) and a space of any kind (none after an ideographic stop, or none before dashes with one after them), a run of
 * punctuation but terminators, then spaces (none after a dash) and a capitalised word (any letter or digit after
 * another terminator than full stops).
 */
const READER = new RegExp(
  `(?:([.]+|[\\u2024\\ufe52\\uff0e])|[.!?]*[!?][.!?]*|[\\u3002\\uff01\\uff1f]+|(?![.!?\\u3002\\uff01\\uff1f\\u2024\\ufe52\\uff0e])\\p{Sentence_Terminal})(?=([\\p{Pe}\\p{Pf}\\p{Pi}"'>\\]\\u226b]*))\\2(${SPACE}*)((?:(?!\\p{Sentence_Terminal})[\\p{Pd}\\p{Po}])+)(?:${SPACE}+|(?<=\\p{Pd}))([\\p{L}\\p{N}])`,
  'dgu',
);
/** The segmenter's starts and the ones a reader sees that SB8a joins. */
export const reader = (text: string): number[] => {
  const starts = new Set(icu(text));
  for (const match of text.matchAll(READER)) {
    const [whole, fullStop, , space, run, first] = match;
    const unspaced = space === '' && !/^[\u3002\uff01\uff1f]/.test(whole);
    if (unspaced && !/^\p{Pd}+$/u.test(run!)) continue;
    if (unspaced && !new RegExp(SPACE, 'u').test(text[match.indices![4]![1]] ?? '')) continue;
    if (fullStop !== undefined && !/\p{Lu}/u.test(first!)) continue;
    starts.add(match.indices![4]![0]);
  }
  return [...starts].sort((a, b) => a - b);
};
