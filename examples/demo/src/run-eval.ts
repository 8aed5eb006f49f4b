import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildLicenceIndex } from './build-index.js';
import {
  type QuestionScore,
  readQuestionSet,
  type ScoreSummary,
  scoreAnswer,
  summarizeScores,
} from './evaluate-questions.js';
import { licenceReader } from './licence-reader.js';
import { loadLicences } from './load-licences.js';
import { createLicencePipeline } from './pipeline.js';

// Scores the offline demo on the question set: `npm run eval -w examples/demo [-- --json]`. `--misses` lists
// the dev, dev2, dev3 and dev4 questions answered from the wrong licence or without their clause (`--split holdout`,
// `holdout2` to `holdout8`, or `all`, for the others: look at holdout misses only after tuning is over).
const USAGE = `Usage: npm run -s eval -w examples/demo [-- --json | --misses [--split <name>]]

  --json            every question's score and each split's summary, as JSON
  --misses          after the table, the questions answered from the wrong licence or without their clause
  --split <name>    with --misses: which split's misses (default dev to dev4; holdout to holdout8, or all)
  -h, --help        show this help
`;
let values: { json?: boolean; misses?: boolean; split?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      json: { type: 'boolean' },
      misses: { type: 'boolean' },
      split: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (values.help === true) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const missSplits = values.split === undefined ? ['dev', 'dev2', 'dev3', 'dev4'] : [values.split];
const questions = readQuestionSet(readFileSync(new URL('../eval/questions.jsonl', import.meta.url), 'utf8'));
const splits = new Set(['all', ...questions.map((question) => question.split)]);
if (values.split !== undefined && !splits.has(values.split)) {
  process.stderr.write(`Unknown split '${values.split}': expected one of ${[...splits].join(', ')}.\n`);
  process.exit(2);
}
const index = buildLicenceIndex(loadLicences());
const pipeline = createLicencePipeline({ model: licenceReader(index.names), index });
const texts = new Map(pipeline.index.documents.map((document) => [document.id, document.text]));
const readPassage = (passage: { documentId: string; start: number; end: number }): string =>
  texts.get(passage.documentId)?.slice(passage.start, passage.end) ?? '';
const scores: QuestionScore[] = [];
const firstClaims = new Map<string, string>();
for (const question of questions) {
  const record = await pipeline.answerQuestion(question.question);
  scores.push(scoreAnswer(question, record, readPassage));
  firstClaims.set(question.id, record.claims[0]?.text ?? `(${record.outcome})`);
}

const groups: Array<[string, QuestionScore[]]> = [
  ['all', scores],
  ['dev', scores.filter((score) => score.split === 'dev')],
  ['holdout', scores.filter((score) => score.split === 'holdout')],
  ['holdout2', scores.filter((score) => score.split === 'holdout2')],
  ['dev2', scores.filter((score) => score.split === 'dev2')],
  ['holdout3', scores.filter((score) => score.split === 'holdout3')],
  ['holdout4', scores.filter((score) => score.split === 'holdout4')],
  ['dev3', scores.filter((score) => score.split === 'dev3')],
  ['holdout5', scores.filter((score) => score.split === 'holdout5')],
  ['dev4', scores.filter((score) => score.split === 'dev4')],
  ['holdout6', scores.filter((score) => score.split === 'holdout6')],
  ['holdout7', scores.filter((score) => score.split === 'holdout7')],
  ['holdout8', scores.filter((score) => score.split === 'holdout8')],
  [
    'the 334 before dev4',
    scores.filter((score) => !['dev4', 'holdout6', 'holdout7', 'holdout8'].includes(score.split)),
  ],
  ['the 426 before holdout7', scores.filter((score) => !['holdout7', 'holdout8'].includes(score.split))],
  ...(['id', 'name', 'short', 'none'] as const).map((naming): [string, QuestionScore[]] => [
    `named by ${naming}`,
    scores.filter((score) => score.naming === naming),
  ]),
];

if (values.json === true) {
  const summary = Object.fromEntries(groups.map(([name, group]) => [name, summarizeScores(group)]));
  process.stdout.write(`${JSON.stringify({ summary, scores }, null, 2)}\n`);
} else {
  const percent = (value: number | null): string => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);
  const row = (name: string, summary: ScoreSummary): string =>
    `| ${name} | ${summary.questions} | ${percent(summary.hitAt1)} | ${percent(summary.hitAny)} | ` +
    `${percent(summary.answeringClause)} | ${percent(summary.clauseShown)} |`;
  const lines = [
    '| questions | n | hit@1 | hit@any | answering clause | clause shown |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...groups.map(([name, group]) => row(name, summarizeScores(group))),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (values.misses === true) {
    for (const score of scores) {
      if (score.hitAt1 && score.answeringClause) continue;
      if (!missSplits.includes('all') && !missSplits.includes(score.split)) continue;
      const question = questions.find((candidate) => candidate.id === score.id);
      process.stdout.write(
        `\n${score.id} [${score.split}] ${question?.question}\n  expected ${score.family}, top ${score.topCitation ?? '-'}` +
          `${score.hitAt1 ? '' : ' (miss)'}${score.answeringClause ? '' : ', clause missing'}` +
          `${score.clauseShown ? '' : ' (not in the passages shown)'}\n  first claim: ${firstClaims.get(score.id)}\n`,
      );
    }
  }
}
