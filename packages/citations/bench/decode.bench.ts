// Strict decoding throughput against its floor: plain `JSON.parse` + `schema.parse` of the same text, which
// has no size bound, no fence handling and no duplicate/forbidden-key, depth, number or surrogate checks.
// Run with `npx tsx packages/citations/bench/decode.bench.ts`. Target: within 2× of the floor.
// Two tables: tinybench wall-clock means, and a ratio from process CPU time measured in interleaved rounds
// (minimum per round), which stays meaningful on a loaded machine where wall-clock runs drift apart.
import { Bench } from 'tinybench';
import { z } from 'zod';
import { decodeRows, safeDecodeJson } from '../src/index.js';

const row = z.strictObject({
  handle: z.string(),
  quote: z.string(),
  claim: z.string(),
  confidence: z.number(),
  tags: z.array(z.string()),
});
const document = z.strictObject({ claims: z.array(row) });

/** A structured output of about `bytes` bytes: pretty-printed claims with quotes, like a model writes them. */
function structuredOutput(bytes: number): string {
  const claims: Array<z.infer<typeof row>> = [];
  let text = '';
  for (let i = 0; text.length < bytes; i++) {
    claims.push({
      handle: `S${(i % 12) + 1}`,
      quote: `The council approved the “${i}th” amendment on 12 March after a debate — see minutes, p. ${i}.`,
      claim: `Amendment ${i} was approved in March, with a recorded vote of ${i % 40} to ${(i * 7) % 40}.`,
      confidence: (i % 100) / 100,
      tags: ['vote', i % 2 === 0 ? 'amendment' : 'procedure'],
    });
    text = JSON.stringify({ claims }, null, 2);
  }
  return text;
}

const small = structuredOutput(2 * 1024);
const large = structuredOutput(200 * 1024);
const largeRows = JSON.stringify(JSON.parse(large).claims, null, 2);
const smallFenced = `\`\`\`json\n${small}\n\`\`\``;

const check = (ok: boolean): void => {
  if (!ok) throw new Error('benchmark input did not decode');
};

interface Pair {
  label: string;
  decode: () => void;
  floor: () => void;
}
const pairs: Pair[] = [
  {
    label: `2 KB (${small.length} chars)`,
    decode: () => check(safeDecodeJson(small, document).success),
    floor: () => void document.parse(JSON.parse(small)),
  },
  {
    label: `2 KB fenced`,
    decode: () => check(safeDecodeJson(smallFenced, document).success),
    floor: () => void document.parse(JSON.parse(small)),
  },
  {
    label: `200 KB (${large.length} chars)`,
    decode: () => check(safeDecodeJson(large, document).success),
    floor: () => void document.parse(JSON.parse(large)),
  },
  {
    label: `200 KB rows, decodeRows`,
    decode: () => check(decodeRows(largeRows, row).rejected.length === 0),
    floor: () => {
      for (const item of JSON.parse(largeRows) as unknown[]) row.parse(item);
    },
  },
];

const bench = new Bench({ time: 1_500, warmup: true });
for (const { label, decode, floor } of pairs) {
  bench.add(`${label}: safeDecodeJson`, decode).add(`${label}: JSON.parse + schema.parse`, floor);
}
await bench.run();

const meanOf = (name: string): number => {
  const result = bench.getTask(name)?.result;
  return result && 'latency' in result ? result.latency.mean : Number.NaN;
};
const rows = pairs.map(({ label }) => {
  const decode = meanOf(`${label}: safeDecodeJson`);
  const floor = meanOf(`${label}: JSON.parse + schema.parse`);
  return {
    input: label,
    'strict decode (µs)': (decode * 1000).toFixed(1),
    'JSON.parse + schema.parse (µs)': (floor * 1000).toFixed(1),
    ratio: `${(decode / floor).toFixed(2)}×`,
  };
});
console.log('tinybench, wall clock (mean per call)');
console.table(rows);

const rounds = 100;
/** Unmeasured rounds first, so the garbage and compiler work left by the previous input are not counted. */
const warmupRounds = 20;

/** The least CPU time per call over interleaved rounds, in microseconds. */
function cpuMicroseconds(pair: Pair): { decode: number; floor: number } {
  const calls = Math.max(1, Math.round(200_000 / (pair.label.startsWith('2 KB') ? 2_000 : 200_000)));
  const best = { decode: Number.POSITIVE_INFINITY, floor: Number.POSITIVE_INFINITY };
  for (let round = -warmupRounds; round < rounds; round++) {
    for (const side of ['decode', 'floor'] as const) {
      const started = process.cpuUsage();
      for (let i = 0; i < calls; i++) pair[side]();
      const used = process.cpuUsage(started);
      if (round >= 0) best[side] = Math.min(best[side], (used.user + used.system) / calls);
    }
  }
  return best;
}
console.log('process CPU time, interleaved rounds (least per call)');
console.table(
  pairs.map((pair) => {
    const { decode, floor } = cpuMicroseconds(pair);
    const ratio = decode / floor;
    return {
      input: pair.label,
      'strict decode (µs)': decode.toFixed(1),
      'JSON.parse + schema.parse (µs)': floor.toFixed(1),
      ratio: `${ratio.toFixed(2)}×`,
      'target (≤ 2×)': ratio <= 2 ? 'met' : 'MISSED',
    };
  }),
);
