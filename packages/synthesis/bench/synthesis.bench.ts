// Offline synthesis cost: the extractive model plus verification per answer, and redaction throughput.
// Run with `npx tsx packages/synthesis/bench/synthesis.bench.ts`. Numbers only; nothing here fails a build.
import { Bench } from 'tinybench';
import { wrapLanguageModel } from 'ai';
import { extractiveModel, redactionMiddleware, synthesize } from '../src/index.js';

const VOCABULARY = (
  'licence patent grant source code binary notice copyright holder warranty liability derivative work ' +
  'distribution court ruling appeal contract party clause term obligation permission condition'
).split(' ');

/** `count` passages of about `bytes` characters of sentence-shaped text with consistent offsets. */
function makePassages(count: number, bytes: number) {
  let seed = 7;
  const next = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  return Array.from({ length: count }, (_, i) => {
    let text = '';
    while (text.length < bytes) {
      const words = Array.from({ length: 8 + (next() % 10) }, () => VOCABULARY[next() % VOCABULARY.length]);
      text += `${words.join(' ')}. `;
    }
    text = text.trim();
    return { documentId: `doc-${i}`, chunkId: `doc-${i}#0`, text, start: 0, end: text.length };
  });
}

const question = 'Which clause grants a patent licence to the holder?';
const sizes = [
  { label: '5 passages × 1 KB', passages: makePassages(5, 1024) },
  { label: '20 passages × 1 KB', passages: makePassages(20, 1024) },
  { label: '20 passages × 10 KB', passages: makePassages(20, 10 * 1024) },
];
const model = extractiveModel();
const redacted = wrapLanguageModel({ model, middleware: redactionMiddleware() });
/** 20 passages of 1 KB, each ending with `line(i)`. */
const endingWith = (line: (i: number) => string) =>
  makePassages(20, 1024).map((p, i) => {
    const text = `${p.text} ${line(i)}`;
    return { ...p, text, end: text.length };
  });
const withContacts = endingWith(
  (i) => `Contact legal${i}@example.org or +1 555 010 ${String(1000 + i)} from 10.0.${i}.1.`,
);
// The same contacts spelled as a model still reads them (a zero-width space inside, a full-width @, %40): redaction
// then runs on the reading view too.
const spelledContacts = endingWith(
  (i) => `Contact le\u200bgal${i}＠example.org or legal${i}%40example.org, ａｔ 10.0.${i}.1.`,
);

const bench = new Bench({ time: 1500 });
const tasks = [
  ...sizes.map(({ label, passages }) => ({
    name: `synthesize, extractive, support on: ${label}`,
    model,
    passages,
  })),
  {
    name: 'synthesize through redactionMiddleware: 20 passages × 1 KB with contacts',
    model: redacted,
    passages: withContacts,
  },
  {
    name: 'synthesize through redactionMiddleware: 20 passages × 1 KB with contacts spelled otherwise',
    model: redacted,
    passages: spelledContacts,
  },
];
for (const { name, model, passages } of tasks) {
  bench.add(name, async () => {
    const result = await synthesize({ model, question, passages, verify: { support: {} } });
    if (result.status !== 'answered') throw new Error('expected an answer');
  });
}
await bench.run();

console.table(
  bench.tasks.map((task) => {
    const latency = task.result?.state === 'completed' ? task.result.latency : undefined;
    return {
      task: task.name,
      'mean (ms)': latency ? latency.mean.toFixed(3) : 'n/a',
      'p99 (ms)': latency?.p99 !== undefined ? latency.p99.toFixed(3) : 'n/a',
      'answers/s': latency ? Math.round(1000 / latency.mean) : 'n/a',
      samples: latency?.samplesCount ?? 0,
    };
  }),
);
