// gk verify on real third-party data (ExpertQA, from the shared data folder beside the checkout; skipped when
// absent), on a generated LFRQA-shaped log over real text, and on Langfuse trace exports.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeLfrqaShaped } from '../../bench/write-lfrqa-shaped.js';
import { runGk, temporaryFolder } from '../__fixtures__/run-gk.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const dataDir = [
  process.env.GK_SHARED_DATA,
  resolve(repoRoot, '..', 'shared', 'data'),
  '/work/shared/data',
].find((dir): dir is string => dir !== undefined && existsSync(join(dir, 'expertqa-dev.jsonl')));
const fixtures = fileURLToPath(new URL('../__fixtures__/', import.meta.url));

interface Out {
  id: unknown;
  line: number;
  verification: {
    status: string;
    claims: Array<{
      citations: Array<{ source: number; documentId: string; start: number; end: number; text: string }>;
    }>;
  };
}
const parse = (stdout: string): Out[] =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Out);

describe.skipIf(dataDir === undefined)('gk verify --map expertqa on ExpertQA (real data)', () => {
  it('verifies every line whose cited sources have text, skips the rest naming the field, and cites the evidence text', async () => {
    const file = join(dataDir!, 'expertqa-dev.jsonl');
    const raw = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const run = await runGk(['verify', file, '--map', 'expertqa'], { cwd: temporaryFolder() });
    expect(run.code).toBe(2);
    const out = parse(run.stdout);
    expect(out.length).toBeGreaterThan(150);
    expect(run.stderr).toMatch(new RegExp(`${out.length} verified`));
    expect(run.stderr).toMatch(
      new RegExp(`skipped   ${raw.length - out.length} lines: missing_field ${raw.length - out.length}\\n`),
    );
    let checked = 0;
    for (const record of out) {
      const source = raw[record.line - 1];
      for (const claim of record.verification.claims) {
        for (const citation of claim.citations) {
          const evidence = source.claims
            .flatMap((c: { evidence: Array<{ n: number; text?: string }> }) => c.evidence)
            .find((e: { n: number; text?: string }) => e.n === citation.source && e.text !== undefined);
          // The whole passage, or a quotation located in it; without offsets in the log, a passage starts at 0.
          expect(evidence.text.slice(citation.start, citation.end)).toBe(citation.text);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('gk verify --map lfrqa on a generated LFRQA-shaped log', () => {
  it('resolves gold_doc_ids in the collection and builds each citation from the text of the cited passage', async () => {
    const dir = temporaryFolder();
    const files = await writeLfrqaShaped({ dir, answers: 300 });
    const collection = new Map(
      readFileSync(files.collection, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)] as const),
    );
    const records = readFileSync(files.log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const run = await runGk(['verify', files.log, '--map', 'lfrqa', '--documents', files.collection], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    const out = parse(run.stdout);
    expect(out).toHaveLength(300);
    for (const record of out) {
      const source = records[record.line - 1];
      expect(record.id).toBe(source.qid);
      for (const claim of record.verification.claims) {
        for (const citation of claim.citations) {
          const id = String(source.gold_doc_ids[citation.source - 1]);
          expect(citation.documentId).toBe(id);
          expect(collection.get(id)!.slice(citation.start, citation.end)).toBe(citation.text);
        }
      }
    }
    expect(run.stderr).toMatch(/no_marker \d+/);
    expect(run.stderr).toMatch(/marker_out_of_range \d+/);
    const threaded = await runGk(
      ['verify', files.log, '--map', 'lfrqa', '--documents', files.collection, '--workers', '2'],
      { cwd: dir },
    );
    expect(threaded.stdout).toBe(run.stdout);
  });
});

describe('gk verify --map langfuse on Langfuse trace exports', () => {
  it('reads the answer from the trace output and the passages from the RETRIEVER observation', async () => {
    const dir = temporaryFolder();
    const run = await runGk(
      ['verify', join(fixtures, 'langfuse-traces.jsonl'), '--map', 'langfuse', '--support'],
      { cwd: dir },
    );
    expect(run.stderr).toContain('3 verified');
    const out = parse(run.stdout);
    expect(out.map((record) => [record.id, record.verification.status])).toEqual([
      ['7f1c2a9e-0b1d-4a3e-9a51-1c2d3e4f5a60', 'answered'],
      ['a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d', 'rejected'],
      ['5d6e7f80-91a2-4b3c-8d4e-5f60718293a4', 'abstained'],
    ]);
    expect(out[0]!.verification.claims[0]!.citations[0]!.documentId).toBe('handbook/leave-policy.md');
  });
});
