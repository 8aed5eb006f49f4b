// scratch (not committed)
import { readFileSync } from 'node:fs';
import { DEFAULT_PROMPT, renderPrompt } from '@gk/synthesis';
import { DEFAULT_SETTINGS, extractAnswer, readPrompt } from '../../packages/synthesis/src/extract-answer.ts';
import { buildLicenceIndex } from './src/build-index.ts';
import { loadLicences } from './src/load-licences.ts';
import { retrievePassages } from './src/retrieve.ts';
import { readQuestionSet, comparable, licenceFamily } from './src/evaluate-questions.ts';
const questions = readQuestionSet(readFileSync(new URL('./eval/questions.jsonl', import.meta.url), 'utf8'));
const ids = process.argv.slice(2);
const index = buildLicenceIndex(loadLicences());
for (const id of ids) {
  const q = questions.find((x) => x.id === id) ?? { id, question: id, family: '', clause: 'zzzz', split: 'dev' };
  if (q.split !== 'dev' && !id.includes(' ')) { console.log('not dev'); continue; }
  const r = retrievePassages(index, q.question, { topK: 5 });
  console.log(`\n=== ${q.id} ${q.question}\nmentions: ${r.mentionedLicences}`);
  const clauses = typeof q.clause === 'string' ? [q.clause] : q.clause;
  r.passages.forEach((p, i) => {
    const has = clauses.some((c) => comparable(p.text).includes(comparable(c)));
    console.log(`  [${i + 1}] ${p.chunkId} ${r.scores[i]!.toFixed(2)} cov=${r.coverage[i]!.toFixed(2)} ${has ? 'CLAUSE' : ''} :: ${p.text.slice(0, 90).replace(/\s+/g, ' ')}`);
  });
  if (r.passages.length === 0) continue;
  const prompt = await renderPrompt(DEFAULT_PROMPT, { question: q.question, passages: r.passages });
  const ans = extractAnswer(`${prompt.system}\n\n${prompt.user}`, { ...DEFAULT_SETTINGS, maxSentences: Number(process.env.N ?? 3) });
  for (const line of ans.lines) console.log(`  > ${clauses.some((c) => comparable(line).includes(comparable(c))) ? '✓' : ' '} ${line.slice(0, 220)}`);
}
