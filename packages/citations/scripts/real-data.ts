// The real third-party data the evaluation reads: where it lives, its row shapes, and reading it with hashes.
// It stays beside the checkout (../shared/data); nothing here copies it into the repository.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

/** One ExpertQA claim: a sentence of the answer, the experts' support label and the cited evidence. */
export interface ExpertClaim {
  claim: string;
  support: string | null;
  evidence: Array<{ n: number; url: string; text?: string }>;
}

/** One ExpertQA answer with its numbered sources and labelled claims. */
export interface ExpertRow {
  question: string;
  system: string;
  answer: string;
  attribution: Array<{ n: number; url: string }>;
  claims: ExpertClaim[];
}

/** One QuoteSum example: a summary quoting numbered sources, each quote with its exact offsets. */
export interface QuoteRow {
  id: string;
  question: string;
  summary: string;
  sources: Array<{ n: number; title: string; text: string }>;
  quotes: Array<{
    n: number;
    quote: string;
    found_in: 'text' | 'title' | null;
    start: number | null;
    end: number | null;
  }>;
}

/** A data file as read: its name, SHA-256 and number of rows. */
export interface DataFile {
  name: string;
  sha256: string;
  rows: number;
}

/** Everything the evaluation reads. */
export interface RealData {
  files: DataFile[];
  expertqa: ExpertRow[];
  quotesum: QuoteRow[];
}

export const EXPERTQA_FILE = 'expertqa-dev.jsonl';
export const QUOTESUM_FILE = 'quotesum-dev.jsonl';

/**
 * The data folder: `GK_REAL_DATA_DIR` when set, else `../shared/data` beside the checkout, else (in a git
 * worktree) beside the main checkout the worktree belongs to. Null when none holds both files.
 */
export function findRealDataDir(repoRoot: string): string | null {
  const candidates: string[] = [];
  const fromEnv = process.env['GK_REAL_DATA_DIR'];
  if (fromEnv) candidates.push(resolve(fromEnv));
  candidates.push(resolve(repoRoot, '..', 'shared', 'data'));
  const main = mainCheckoutOf(repoRoot);
  if (main !== null) candidates.push(resolve(main, '..', 'shared', 'data'));
  return (
    candidates.find(
      (dir) => existsSync(resolve(dir, EXPERTQA_FILE)) && existsSync(resolve(dir, QUOTESUM_FILE)),
    ) ?? null
  );
}

/** In a linked git worktree `.git` is a file naming `<main>/.git/worktrees/<name>`: returns `<main>`. */
function mainCheckoutOf(repoRoot: string): string | null {
  const dotGit = resolve(repoRoot, '.git');
  let content: string;
  try {
    content = readFileSync(dotGit, 'utf8');
  } catch {
    return null; // absent, or a directory: a main checkout
  }
  const gitDir = /^gitdir: (.+)$/m.exec(content)?.[1]?.trim();
  if (gitDir === undefined) return null;
  const absolute = isAbsolute(gitDir) ? gitDir : resolve(repoRoot, gitDir);
  const marker = absolute.lastIndexOf('/.git/worktrees/');
  return marker === -1 ? null : absolute.slice(0, marker);
}

/** Reads both files from `dir`, with their hashes. */
export function readRealData(dir: string): RealData {
  const expert = readJsonl<ExpertRow>(resolve(dir, EXPERTQA_FILE));
  const quote = readJsonl<QuoteRow>(resolve(dir, QUOTESUM_FILE));
  return {
    files: [
      { name: EXPERTQA_FILE, sha256: expert.sha256, rows: expert.rows.length },
      { name: QUOTESUM_FILE, sha256: quote.sha256, rows: quote.rows.length },
    ],
    expertqa: expert.rows,
    quotesum: quote.rows,
  };
}

function readJsonl<T>(file: string): { rows: T[]; sha256: string } {
  const bytes = readFileSync(file);
  const rows = bytes
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
  return { rows, sha256: createHash('sha256').update(bytes).digest('hex') };
}
