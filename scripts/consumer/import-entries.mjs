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
