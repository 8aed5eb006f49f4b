import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeParseEvalReport } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { runGk, temporaryFolder } from '../__fixtures__/run-gk.js';

// A self-contained pipeline module over two tiny documents; `options.drop` removes the best hit (a worse retriever).
const PIPELINE = `
const documents = [
  { id: 'water', text: 'Water boils at 100 C at sea level. Ice melts at 0 C.' },
  { id: 'air', text: 'Air is mostly nitrogen. Oxygen is about a fifth of it.' },
];
const chunks = [
  { chunkId: 'water#0', documentId: 'water', start: 0, end: 34 },
  { chunkId: 'water#1', documentId: 'water', start: 35, end: 52 },
  { chunkId: 'air#0', documentId: 'air', start: 0, end: 23 },
  { chunkId: 'air#1', documentId: 'air', start: 24, end: 54 },
];
const words = (text) => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);
export function pipeline(options) {
  return {
    setup: () => ({
      documents,
      chunks,
      config: { chunking: { strategy: 'sentence', unit: 'characters', size: 40, overlap: 0 }, scoreThreshold: null, embedding: null, fusion: null, rerank: null },
      synthesis: { inputStage: 'lexical', model: { provider: 'test', modelId: 'tiny' }, promptHash: '${'c'.repeat(64)}' },
    }),
    answer: async (question, { topK }) => {
      const asked = words(question.question);
      const hits = chunks
        .map((chunk) => ({ ...chunk, score: [...words(documents.find((d) => d.id === chunk.documentId).text.slice(chunk.start, chunk.end))].filter((w) => asked.has(w)).length }))
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score || a.chunkId.localeCompare(b.chunkId))
        .slice(options.drop ? 1 : 0)
        .slice(0, topK);
      if (options.badOffsets) hits.forEach((hit) => { hit.end = hit.start; });
      if (options.madeUp) hits.forEach((hit) => { hit.documentId = 'made-up'; hit.start = 5000; hit.end = 9000; });
      if (options.unknownChunk) hits.forEach((hit) => { hit.chunkId = 'nowhere#0'; });
      return { stages: { lexical: hits }, synthesis: hits.length === 0 ? { status: 'abstained', claimsWritten: 0, claimsAccepted: 0 } : { status: 'answered', claimsWritten: 2, claimsAccepted: 1 } };
    },
  };
}
`;
const QUESTIONS = [
  { id: 'boil', question: 'When does water boil?', category: 'water', gold: ['water#0'] },
  {
    id: 'melt',
    question: 'When does ice melt?',
    category: 'water',
    gold: [{ documentId: 'water', start: 35, end: 52 }],
  },
  { id: 'oxygen', question: 'How much oxygen is in air?', category: 'air', gold: ['air#1'] },
  { id: 'penguins', question: 'Where do penguins live?', gold: [] },
];

function project(
  options: Record<string, unknown> = {},
  questions: string = QUESTIONS.map((q) => JSON.stringify(q)).join('\n'),
): string {
  const dir = temporaryFolder();
  writeFileSync(join(dir, 'pipeline.mjs'), PIPELINE);
  writeFileSync(join(dir, 'questions.jsonl'), `${questions}\n`);
  writeFileSync(
    join(dir, 'eval.config.json'),
    JSON.stringify({
      pipeline: './pipeline.mjs',
      questions: './questions.jsonl',
      topK: 2,
      out: 'results/latest.json',
      options,
    }),
  );
  return dir;
}

describe('gk eval', () => {
  it('writes a valid EvalReport with metrics per stage and category and the synthesis counts', async () => {
    const dir = project();
    const run = await runGk(['eval', 'eval.config.json'], { cwd: dir });
    expect(run.code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'results/latest.json'), 'utf8'));
    expect(safeParseEvalReport(report).success).toBe(true);
    const lexical = report.stages[0];
    // boil: water#0 at rank 1 (one hit); melt: water#1, the gold span's chunk, at rank 1 (one hit); oxygen: air#0
    // and air#1 tie on two words and air#1 comes second; penguins: no gold and no hit, so not in the means. Precision divides by k.
    expect(lexical.metrics.queries).toBe(3);
    expect(lexical.metrics.recall).toBe(1);
    expect(lexical.metrics.precision).toBe(0.5);
    expect(lexical.metrics.hitRate).toBe(1);
    expect(lexical.metrics.mrr).toBeCloseTo((1 + 1 + 1 / 2) / 3, 12);
    expect(lexical.metrics.ndcg).toBeCloseTo((1 + 1 + 1 / Math.log2(3)) / 3, 12);
    expect(lexical.categories.map((entry: { category: string }) => entry.category)).toEqual(['water', 'air']);
    expect(lexical.queries[1].gold).toEqual([{ documentId: 'water', start: 35, end: 52 }]);
    // Gold written as a passage id keeps it: only that chunk is relevant, and it hashes apart from the bare span.
    expect(lexical.queries[0].gold).toEqual([{ documentId: 'water', start: 0, end: 34, chunkId: 'water#0' }]);
    expect(report.synthesis.counts).toMatchObject({
      questions: 4,
      answered: 3,
      abstained: 1,
      claimsWritten: 6,
      claimsAccepted: 3,
    });
    expect(JSON.parse(run.stdout)).toMatchObject({
      report: join(dir, 'results/latest.json'),
      comparison: null,
    });
    expect(run.stderr).toContain('lexical   1.000   0.500      1.000     0.833  0.877');
  });

  it('compares with a baseline and exits 1 on a drop past --max-drop', async () => {
    const dir = project();
    expect((await runGk(['eval', 'eval.config.json', '--out', 'baseline.json'], { cwd: dir })).code).toBe(0);
    const same = await runGk(['eval', 'eval.config.json', '--baseline', 'baseline.json', '--max-drop', '0'], {
      cwd: dir,
    });
    expect(same.code).toBe(0);
    const worse = project({ drop: true });
    const config = join(worse, 'eval.config.json');
    const run = await runGk(
      ['eval', config, '--baseline', join(dir, 'baseline.json'), '--max-drop', '0.05'],
      { cwd: dir },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/lexical recall\s+1\.000 → 0\.\d{3}\s+-0\.\d{3}\s+REGRESSION/);
    const comparison = JSON.parse(run.stdout).comparison;
    expect(comparison.regressions.map((delta: { metric: string }) => delta.metric)).toContain('mrr');
    const lenient = await runGk(
      ['eval', config, '--baseline', join(dir, 'baseline.json'), '--max-drop', '1'],
      { cwd: dir },
    );
    expect(lenient.code).toBe(0);
    const noBaseline = await runGk(['eval', config, '--max-drop', '0.1'], { cwd: dir });
    expect(noBaseline.code).toBe(2);
  });

  it('takes --max-drop as a plain decimal only: 0x1, 0b1 and 1e0 would read as 1 and pass every drop', async () => {
    const dir = project();
    expect((await runGk(['eval', 'eval.config.json', '--out', 'baseline.json'], { cwd: dir })).code).toBe(0);
    for (const value of ['0x1', '0b1', '0o1', '1e0', ' 0.5', '+0.5', '0.5 ']) {
      const run = await runGk(
        ['eval', 'eval.config.json', '--baseline', 'baseline.json', '--max-drop', value, '--out', 'now.json'],
        { cwd: dir },
      );
      expect([value, run.code]).toEqual([value, 2]);
      expect(run.stderr).toContain('--max-drop: expected a decimal from 0 to 1 such as 0.02');
    }
    for (const value of ['0', '.5', '0.02', '1', '1.0']) {
      const run = await runGk(
        ['eval', 'eval.config.json', '--baseline', 'baseline.json', '--max-drop', value, '--out', 'now.json'],
        { cwd: dir },
      );
      expect([value, run.code]).toEqual([value, 0]);
    }
  });

  it('refuses a question id or category that reads as none, or holds a lone surrogate, before the pipeline runs', async () => {
    for (const [field, value] of [
      ['id', '\u200b'],
      ['id', 'q\ud800'],
      ['category', ' \u2060 '],
    ] as const) {
      const question = { id: 'boil', question: 'When does water boil?', gold: ['water#0'], [field]: value };
      const dir = project({}, JSON.stringify(question));
      const run = await runGk(['eval', 'eval.config.json'], { cwd: dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`invalid_questions: \\S+:1: ${field}: expected`));
      expect(run.stderr).not.toContain('pipeline');
    }
  });

  it('fails --max-drop against a baseline of other questions, another k or another corpus unless allowed', async () => {
    const dir = project();
    expect((await runGk(['eval', 'eval.config.json', '--out', 'baseline.json'], { cwd: dir })).code).toBe(0);
    const baseline = join(dir, 'baseline.json');
    // Only the easy question: every metric rises, and a gate that compared them would pass.
    const easy = project({}, JSON.stringify(QUESTIONS[0]));
    const otherCorpus = project();
    writeFileSync(
      join(otherCorpus, 'pipeline.mjs'),
      PIPELINE.replace('Air is mostly nitrogen.', 'Air is mostly hydrogen.'),
    );
    for (const [config, extra, warning] of [
      [join(easy, 'eval.config.json'), [], 'judgmentsHash'],
      [join(dir, 'eval.config.json'), ['--top-k', '3'], 'k differs'],
      [join(otherCorpus, 'eval.config.json'), [], 'corpusHash'],
    ] as const) {
      const run = await runGk(
        ['eval', config, '--baseline', baseline, '--max-drop', '0', '--out', join(dir, 'now.json'), ...extra],
        { cwd: dir },
      );
      expect(run.code, warning).toBe(1);
      expect(run.stderr).toContain('exit 1: --max-drop compares runs that are not comparable');
      expect(run.stderr).toContain(warning);
      const allowed = await runGk(
        [
          'eval',
          config,
          '--baseline',
          baseline,
          '--max-drop',
          '1',
          '--allow-incomparable',
          '--out',
          join(dir, 'now.json'),
          ...extra,
        ],
        { cwd: dir },
      );
      expect(allowed.code, warning).toBe(0);
      // Without a gate the comparison is only printed, as before.
      const printed = await runGk(
        ['eval', config, '--baseline', baseline, '--out', join(dir, 'now.json'), ...extra],
        {
          cwd: dir,
        },
      );
      expect(printed.code, warning).toBe(0);
      expect(printed.stderr).toContain(`note: `);
    }
  });

  it('refuses --out over the pipeline module, and a key given twice in the config, questions or baseline', async () => {
    const dir = project();
    const module = readFileSync(join(dir, 'pipeline.mjs'), 'utf8');
    const run = await runGk(['eval', 'eval.config.json', '--out', 'pipeline.mjs'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/usage: --out \S*pipeline\.mjs: is the input/);
    expect(readFileSync(join(dir, 'pipeline.mjs'), 'utf8')).toBe(module);
    writeFileSync(
      join(dir, 'twice.json'),
      '{"pipeline": "./nowhere.mjs", "questions": "./questions.jsonl", "pipeline": "./pipeline.mjs"}',
    );
    const config = await runGk(['eval', 'twice.json'], { cwd: dir });
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('invalid_config: twice.json: key "pipeline" appears twice in one object');
    expect((await runGk(['eval', 'eval.config.json', '--out', 'baseline.json'], { cwd: dir })).code).toBe(0);
    const report = readFileSync(join(dir, 'baseline.json'), 'utf8');
    writeFileSync(join(dir, 'baseline.json'), report.replace('"stages":', '"runId": "forged", "stages":'));
    const baseline = await runGk(['eval', 'eval.config.json', '--baseline', 'baseline.json'], { cwd: dir });
    expect(baseline.code).toBe(2);
    expect(baseline.stderr).toContain('invalid_report');
    expect(baseline.stderr).toContain('appears twice');
  });

  it.each([
    [
      '{"id": "q", "question": "x", "gold": []}\n{"id": "r", "question": "y", "gold": [',
      'questions.jsonl:2: not JSON',
    ],
    ['{"id": "q", "question": "x", "gold": "water#0"}', 'questions.jsonl:1: gold:'],
    [
      '{"id": "q", "question": "x", "gold": [{"documentId": "water", "start": 9, "end": 3}]}',
      'questions.jsonl:1: gold[0].end: expected start < end',
    ],
    ['{"id": "q", "question": "x", "gold": ["nowhere#9"]}', 'gold[0]: passage id "nowhere#9" is not a chunk'],
    [
      '{"id": "q", "question": "x", "gold": []}\n{"id": "q", "question": "y", "gold": []}',
      'questions.jsonl:2: id "q" is used twice',
    ],
    // JSON.parse keeps the last of two keys: gold air#1 read by a person, water#0 scored.
    [
      '{"id": "boil", "question": "When does water boil?", "gold": ["air#1"], "gold": ["water#0"]}',
      'questions.jsonl:1: key "gold" appears twice in one object',
    ],
    [
      '{"id": "boil", "question": "When does water boil?", "\\u0069d": "melt", "gold": []}',
      'questions.jsonl:1: key "id" appears twice in one object',
    ],
    [
      '{"id": "q", "question": "x", "gold": [{"documentId": "air", "start": 0, "start": 24, "end": 54}]}',
      'questions.jsonl:1: key "start" appears twice in one object',
    ],
    ['', 'questions.jsonl: no questions'],
    [`{"id": "q", "question": "${'x'.repeat(10 * 1024 * 1024)}", "gold": []}`, 'questions.jsonl:1: line of'],
  ])('names the line and field of a bad question set (%#)', async (questions, message) => {
    const dir = project({}, questions);
    const run = await runGk(['eval', 'eval.config.json'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('fails a missing or malformed config, a missing module and hits whose offsets are wrong', async () => {
    const dir = project();
    expect((await runGk(['eval', 'nowhere.json'], { cwd: dir })).stderr).toContain('file_not_found');
    writeFileSync(join(dir, 'bad.json'), '{"pipeline": "./pipeline.mjs", "questions": 3}');
    expect((await runGk(['eval', 'bad.json'], { cwd: dir })).stderr).toContain(
      'invalid_config: bad.json: questions:',
    );
    writeFileSync(join(dir, 'broken.json'), '{"pipeline": ');
    expect((await runGk(['eval', 'broken.json'], { cwd: dir })).stderr).toContain('not_json');
    writeFileSync(join(dir, 'empty.json'), '');
    expect((await runGk(['eval', 'empty.json'], { cwd: dir })).stderr).toContain('empty_input');
    writeFileSync(
      join(dir, 'nomodule.json'),
      '{"pipeline": "./missing.mjs", "questions": "./questions.jsonl"}',
    );
    expect((await runGk(['eval', 'nomodule.json'], { cwd: dir })).stderr).toContain('module_not_found');
    const offsets = project({ badOffsets: true });
    const run = await runGk(['eval', 'eval.config.json'], { cwd: offsets });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'pipeline_output: pipeline answer for "boil": stages.lexical[0]: chunk "water#0" is water 0–34 in setup.chunks; the hit says water 0–0',
    );
  });

  it("fails a hit that is not the setup's chunk as pipeline_output, and a gold span outside the corpus as invalid_questions", async () => {
    const madeUp = await runGk(['eval', 'eval.config.json'], { cwd: project({ madeUp: true }) });
    expect(madeUp.code).toBe(2);
    expect(madeUp.stderr).toContain(
      'pipeline_output: pipeline answer for "boil": stages.lexical[0]: chunk "water#0" is water 0–34 in setup.chunks; the hit says made-up 5000–9000',
    );
    const unknown = await runGk(['eval', 'eval.config.json'], { cwd: project({ unknownChunk: true }) });
    expect(unknown.stderr).toContain(
      'pipeline_output: pipeline answer for "boil": stages.lexical[0].chunkId: not a chunk of the setup\'s corpus',
    );
    const gold = (span: object) =>
      JSON.stringify({ id: 'q', question: 'When does water boil?', gold: [span] });
    for (const [span, message] of [
      [
        { documentId: 'no-such-doc', start: 0, end: 5 },
        'document "no-such-doc" is not in the pipeline\'s corpus',
      ],
      [{ documentId: 'water', start: 40, end: 500 }, "span 40–500 ends past the document's 52 characters"],
    ] as const) {
      const run = await runGk(['eval', 'eval.config.json'], { cwd: project({}, gold(span)) });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`invalid_questions: question "q": gold[0]: ${message}`);
    }
  });

  it('refuses an --out it cannot write (unwritable) or that is its question set (usage) before running, leaving no temporary file', async () => {
    const dir = project();
    mkdirSync(join(dir, 'adir'));
    const before = readdirSync(dir).sort();
    const folder = await runGk(['eval', 'eval.config.json', '--out', 'adir'], { cwd: dir });
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(
      `gk: unwritable: --out ${join(dir, 'adir')}: cannot write: it is a folder`,
    );
    const questions = await runGk(['eval', 'eval.config.json', '--out', 'questions.jsonl'], { cwd: dir });
    expect(questions.code).toBe(2);
    expect(questions.stderr).toContain(`gk: usage: --out ${join(dir, 'questions.jsonl')}: is the input`);
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(readFileSync(join(dir, 'questions.jsonl'), 'utf8')).toContain('penguins');
  });

  it('escapes terminal control and bidirectional characters from a question set in what it prints', async () => {
    const evil = '\u001b]0;PWNED\u0007\u001b[2J\u202e';
    const line = JSON.stringify({ id: 'q', question: 'x', gold: [], [evil]: 1 });
    const run = await runGk(['eval', 'eval.config.json'], { cwd: project({}, line) });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('\\u001b]0;PWNED\\u0007\\u001b[2J\\u202e');
    expect(run.stderr).not.toMatch(/[\u001b\u0007\u202e]/);
  });

  it('has help with examples', async () => {
    const run = await runGk(['eval', '--help'], { cwd: temporaryFolder() });
    expect(run.stdout).toContain('gk eval eval.config.json --baseline');
  });
});
