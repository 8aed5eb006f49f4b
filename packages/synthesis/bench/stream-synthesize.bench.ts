// Release latency of streamSynthesize: the CPU time from the arrival of the chunk that makes a claim final to the
// claim's release (target: under 1 ms per claim), measured on the synchronous core every stream goes through
// (verifier, policy, accepted text), chunk by chunk, with process.cpuUsage (microsecond resolution), after a
// warm-up. Also: whether the latency grows with the claim's position in a long answer (it must not: the work per
// chunk does not depend on the text before it). Run with `npm run bench -- synthesis`. Numbers only.
import { cpus } from 'node:os';
import { licencePassages } from '../src/__fixtures__/passages.js';
import type { SynthesizeResult } from '../src/synthesize/synthesize.js';
import { createStreamSession } from '../src/stream-synthesize/create-stream-session.js';
import type { SynthesisPolicy } from '../src/synthesize/apply-synthesis-policy.js';

const passages = licencePassages;
const SENTENCES = [
  'The MIT License is a permissive license [1].',
  'It requires preservation of copyright and license notices [1].',
  'Source code must be made available when distributing binaries [2].',
  'The GPL version 3 is compatible with the Apache License 2.0 [2][3].',
  'It requires a NOTICE file to be carried with redistributions [3].',
  'The Apache License 2.0 grants an express patent license from contributors [3].',
  'The licence also requires a fee for every copy [1].', // unsupported: withheld
  'Most companies ignore this in practice.', // no marker: withheld
];

/** A completion of `claims` sentences, as paragraphs of five and list items. */
function completion(claims: number): string {
  let text = '';
  for (let i = 0; i < claims; i++) {
    const sentence = SENTENCES[i % SENTENCES.length]!;
    text += i % 10 < 5 ? `${sentence} ` : `\n- ${sentence}`;
    if (i % 10 === 4) text += '\n';
  }
  return text;
}

/** Chunkings a provider might use: one character, about a token, a few words. */
const CHUNKINGS: Record<string, (text: string) => string[]> = {
  '1 character': (text) => text.split(''),
  '~4 characters (a token)': (text) => text.match(/[\s\S]{1,4}/g) ?? [],
  '~24 characters': (text) => text.match(/[\s\S]{1,24}/g) ?? [],
};

interface Measurement {
  /** CPU microseconds of each chunk that released at least one claim, per claim released. */
  perClaim: number[];
  claims: number;
}

function measure(chunks: readonly string[], policy: SynthesisPolicy): Measurement {
  let released = 0;
  const session = createStreamSession({
    passages,
    verify: { noSourceToken: 'NO_SOURCE', support: {} },
    policy,
    attempts: 1,
    emit: (event) => {
      if (event.type === 'claim') released++;
    },
  });
  const perClaim: number[] = [];
  for (const chunk of chunks) {
    const before = released;
    const start = process.cpuUsage();
    session.push(chunk);
    const { user, system } = process.cpuUsage(start);
    if (released > before) for (let k = before; k < released; k++) perClaim.push(user + system);
  }
  session.finish(
    'stop',
    undefined,
    (outcome, text) => ({ ...outcome, completion: text }) as unknown as SynthesizeResult,
  );
  return { perClaim, claims: released };
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (microseconds: number): string => `${(microseconds / 1000).toFixed(3)} ms`;

// Warm-up: compile every path before measuring.
for (let i = 0; i < 3; i++)
  for (const cut of Object.values(CHUNKINGS)) measure(cut(completion(200)), 'drop-claims');

console.log(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}`);
console.log('CPU time from the chunk that makes a claim final to its release (per released claim)\n');
console.log(
  'completion                          chunking                   claims   median      p95       p99       max',
);
for (const size of [100, 2000]) {
  const text = completion(size);
  for (const [name, cut] of Object.entries(CHUNKINGS)) {
    const runs = [1, 2, 3].map(() => measure(cut(text), 'drop-claims'));
    // Least of three runs per claim: noise only ever adds time.
    const perClaim = runs[0]!.perClaim.map((_, k) =>
      Math.min(...runs.map((run) => run.perClaim[k] ?? Infinity)),
    );
    const sorted = [...perClaim].sort((a, b) => a - b);
    console.log(
      `${`${size} claims, ${text.length} chars`.padEnd(36)}${name.padEnd(27)}${String(runs[0]!.claims).padStart(6)}` +
        `${ms(quantile(sorted, 0.5)).padStart(10)}${ms(quantile(sorted, 0.95)).padStart(10)}` +
        `${ms(quantile(sorted, 0.99)).padStart(10)}${ms(sorted.at(-1) ?? 0).padStart(10)}`,
    );
    if (size === 2000 && name === '1 character') {
      const tenth = Math.floor(perClaim.length / 10);
      const median = (values: number[]): number =>
        quantile(
          [...values].sort((a, b) => a - b),
          0.5,
        );
      console.log(
        `${''.padEnd(36)}first tenth of the claims: median ${ms(median(perClaim.slice(0, tenth)))}, last tenth: ` +
          `median ${ms(median(perClaim.slice(-tenth)))} (no growth with the position in the answer)`,
      );
    }
  }
}
