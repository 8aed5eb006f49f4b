// Imports every public entry of the installed tarballs and exercises the main entries for real.
import { readFileSync } from 'node:fs';

const entries = JSON.parse(readFileSync(new URL('./entries.json', import.meta.url), 'utf8'));
for (const entry of entries) {
  const module = entry.endsWith('.json')
    ? await import(entry, { with: { type: 'json' } })
    : await import(entry);
  const names = Object.keys(module);
  if (names.length === 0) throw new Error(`${entry} exports nothing`);
  console.log(`  ✓ ${entry} (${names.length} exports)`);
}

const { verifyAnswer } = await import('@gk/citations');
const passages = [
  {
    documentId: 'mit',
    chunkId: 'mit#0',
    start: 0,
    end: 43,
    text: 'The software is provided "as is", without warranty.',
  },
];
passages[0].end = passages[0].text.length;
const verification = verifyAnswer('The software is provided without warranty [1].', passages);
if (verification.status !== 'answered' || verification.citations[0]?.documentId !== 'mit') {
  throw new Error(`verifyAnswer from the tarball returned ${JSON.stringify(verification)}`);
}
console.log('  ✓ verifyAnswer from the tarball built a citation to mit');

// The `gk` bin as installed from the @gk/cli tarball: JSONL in on stdin, a verification out on stdout.
const { execFileSync } = await import('node:child_process');
const gk = new URL('./node_modules/.bin/gk', import.meta.url).pathname;
const line = `${JSON.stringify({ id: 'mit-1', answer: 'The software is provided without warranty [1].', passages })}\n`;
const output = JSON.parse(
  execFileSync(gk, ['verify', '-'], { input: line, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] }),
);
if (output.id !== 'mit-1' || output.verification.status !== 'answered') {
  throw new Error(`gk verify from the tarball printed ${JSON.stringify(output)}`);
}
console.log('  ✓ gk verify from the tarball verified a line from stdin');
