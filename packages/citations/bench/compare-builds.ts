// verifyAnswer in two builds, side by side: the least process CPU time per call over interleaved rounds, on the
// realistic answers of verify.bench.ts and on answers that reach the other paths (lists with a lead-in and a source
// list, quotations, rejections, 800 claims), and whether the two builds give the same verification on every case.
// For a change that must not make verifyAnswer slower: copy the build before it, rebuild, compare.
//   mkdir -p /tmp/before && cp -r packages/citations/dist packages/citations/package.json /tmp/before/
//   npx turbo run build --filter=@gk/citations
//   npx tsx packages/citations/bench/compare-builds.ts /tmp/before/dist [rounds] [part of a set's name]
// Each build is loaded from its `verify.js` (the entry without zod), so a copy can live anywhere, beside the
// package.json that makes its files ES modules: without it tsx compiles them to CommonJS, and they run slower.
// Rounds alternate which build goes first; the least time per call is what a loaded machine still measures well.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Verify from '../src/verify/index.js';
import type { Passage, VerifyOptions } from '../src/verify/index.js';
import { buildCase, random, sentencesOf } from './realistic-answers.js';

type Build = typeof Verify;
const here = dirname(fileURLToPath(import.meta.url));
const [baselineDir, roundsArgument, only = ''] = process.argv.slice(2);
if (baselineDir === undefined) {
  console.error('usage: compare-builds.ts <baseline dist directory> [rounds] [part of a set name]');
  process.exit(2);
}
const rounds = Number(roundsArgument ?? 60);
const before = await load(resolve(baselineDir));
const after = await load(resolve(here, '..', 'dist'));

interface Case {
  answer: string;
  passages: Passage[];
  options?: VerifyOptions;
}

/** Lists as models write them: a lead-in, cited items, a source list naming each passage by its title. */
function listCase(items: number, passageCount: number): Case {
  const { passages } = buildCase(1, passageCount);
  const titled = passages.map((passage, i) => ({
    ...passage,
    title: `Address ${i + 1}: ${passage.documentId}`,
  }));
  const lines = ['The addresses make these points:'];
  const cited: number[] = [];
  for (let k = 0; k < items; k++) {
    const n = 1 + ((k * 7) % titled.length);
    const sentence = sentencesOf(titled[n - 1]!)[k % 3];
    if (sentence === undefined) continue;
    lines.push(`- ${sentence.slice(0, -1)} [${n}].`);
    if (!cited.includes(n)) cited.push(n);
  }
  lines.push('', 'Sources:');
  for (const n of cited) lines.push(`[${n}] ${titled[n - 1]!.title}`);
  return { answer: lines.join('\n'), passages: titled };
}

/** Claims that quote a passage, a few misquoted (rejected) and a few with an unknown DOI or a number out of range. */
function quotationCase(claims: number, passageCount: number): Case {
  const { passages } = buildCase(1, passageCount);
  const parts: string[] = [];
  for (let k = 0; k < claims; k++) {
    const n = 1 + ((k * 5) % passages.length);
    const sentence = sentencesOf(passages[n - 1]!)[0];
    if (sentence === undefined) continue;
    const words = sentence.split(' ');
    const quote = words.slice(1, 7).join(' ');
    if (k % 7 === 3) parts.push(`The address said "${quote} indeed" [${n}].`);
    else if (k % 7 === 5) parts.push(`It cites doi 10.1234/xyz.${k} [${n}].`);
    else if (k % 7 === 6) parts.push(`${sentence.slice(0, -1)} [${passages.length + 1}].`);
    else parts.push(`The address said "${quote}" and more [${n}].`);
  }
  return { answer: parts.join(' '), passages };
}

// The 40 realistic answers of verify.bench.ts (built first, from the same seeded sequence).
const realistic: Case[] = Array.from({ length: 40 }, () =>
  buildCase(6 + Math.floor(random() * 5), 5 + Math.floor(random() * 16)),
);
const sets: Record<string, { cases: Case[]; calls: number }> = {
  'realistic (default)': { cases: realistic, calls: 200 },
  'realistic + support': {
    cases: realistic.map((c) => ({ ...c, options: { support: {} } })),
    calls: 200,
  },
  'lists, lead-in, source list': {
    cases: Array.from({ length: 20 }, (_, i) => listCase(4 + (i % 6), 6 + (i % 8))),
    calls: 200,
  },
  'quotations and rejections': {
    cases: Array.from({ length: 20 }, (_, i) => quotationCase(6 + (i % 5), 5 + (i % 10))),
    calls: 200,
  },
  '800 claims': { cases: [buildCase(800, 20, true)], calls: 10 },
};

for (const name of Object.keys(sets)) if (!name.includes(only)) delete sets[name];

// Same verification from both builds (messages compared apart: a change may reword them).
let messagesDiffer = 0;
for (const [name, { cases }] of Object.entries(sets)) {
  for (const c of cases) {
    const a = before.verifyAnswer(c.answer, c.passages, c.options);
    const b = after.verifyAnswer(c.answer, c.passages, c.options);
    const strip = (v: typeof a): string =>
      JSON.stringify({ ...v, rejected: v.rejected.map((r) => ({ ...r, message: '' })) });
    if (strip(a) !== strip(b))
      throw new Error(`${name}: the builds verify ${JSON.stringify(c.answer)} differently`);
    for (let i = 0; i < a.rejected.length; i++)
      if (a.rejected[i]!.message !== b.rejected[i]!.message) messagesDiffer++;
  }
}

const least = new Map<string, number>();
for (let round = 0; round < rounds; round++) {
  for (const [name, { cases, calls }] of Object.entries(sets)) {
    const order: Array<[string, Build]> = [
      ['before', before],
      ['after', after],
    ];
    if (round % 2 === 1) order.reverse();
    for (const [label, build] of order) {
      let k = 0;
      const started = process.cpuUsage();
      for (let i = 0; i < calls; i++) {
        const c = cases[k++ % cases.length]!;
        build.verifyAnswer(c.answer, c.passages, c.options);
      }
      const used = process.cpuUsage(started);
      const key = `${name}\u0000${label}`;
      least.set(key, Math.min(least.get(key) ?? Number.POSITIVE_INFINITY, (used.user + used.system) / calls));
    }
  }
}

console.log(`least CPU time per call over ${rounds} interleaved rounds (µs)`);
console.table(
  Object.keys(sets).map((name) => {
    const a = least.get(`${name}\u0000before`)!;
    const b = least.get(`${name}\u0000after`)!;
    return {
      answers: name,
      before: a.toFixed(2),
      after: b.toFixed(2),
      change: `${((b / a - 1) * 100).toFixed(1)}%`,
    };
  }),
);
console.log(`verifications equal on every case; rejection messages that differ: ${messagesDiffer}`);

async function load(dist: string): Promise<Build> {
  const entry = resolve(dist, 'verify.js');
  if (!existsSync(entry)) {
    console.error(`${entry} is missing: build first, or give the directory of a copied dist`);
    process.exit(2);
  }
  const manifest = resolve(dist, '..', 'package.json');
  if (!existsSync(manifest) || JSON.parse(readFileSync(manifest, 'utf8')).type !== 'module') {
    console.error(`${manifest} is missing or not "type": "module": copy the package.json beside the dist`);
    process.exit(2);
  }
  return (await import(pathToFileURL(entry).href)) as Build;
}
