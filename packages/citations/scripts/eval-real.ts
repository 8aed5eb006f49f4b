// Measures the validators on real third-party data that lives beside the checkout (../shared/data, never
// copied into the repository) and writes docs/real-data.md. Run with `npm run eval:real` (root or package);
// `-- --check` compares instead of writing. Skips with a message when the data folder is absent.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureRealData } from './measure-real-data.js';
import { findRealDataDir, readRealData } from './real-data.js';
import { renderRealData } from './render-real-data.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const target = resolve(repoRoot, 'docs', 'real-data.md');
const check = process.argv.includes('--check');

const dir = findRealDataDir(repoRoot);
if (dir === null) {
  console.log(
    `eval:real skipped: no real data in ${resolve(repoRoot, '..', 'shared', 'data')} (expects expertqa-dev.jsonl and quotesum-dev.jsonl; GK_REAL_DATA_DIR names another folder).`,
  );
} else {
  const page = renderRealData(measureRealData(readRealData(dir)));
  const name = relative(repoRoot, target);
  if (check) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {}
    if (current === page) console.log(`eval:real: ${name} is current (data from ${dir}).`);
    else {
      console.error(`eval:real: ${name} is out of date; run \`npm run eval:real\` to regenerate it.`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(target, page);
    console.log(page);
    console.log(`eval:real: wrote ${name} (data from ${dir}).`);
  }
}
