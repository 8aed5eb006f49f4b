// Every module loads and exports its functions. Module-level work (compiled rules, lookup tables, regular
// expressions built from strings) runs at import; a fault there must fail a test rather than leave every test
// file that imports the module unloaded, which a mutation run would count as "no tests" instead of a kill.
import { describe, expect, it } from 'vitest';

const MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  'check-support': () => import('./check-support.js'),
  'create-handles': () => import('./create-handles.js'),
  'create-rejection-counter': () => import('./create-rejection-counter.js'),
  'decode-error': () => import('./decode-error.js'),
  'decode-json': () => import('./decode-json.js'),
  'decode-quoted-rows': () => import('./decode-quoted-rows.js'),
  'decode-rows': () => import('./decode-rows.js'),
  'find-quotations': () => import('./find-quotations.js'),
  'find-stripped-keys': () => import('./find-stripped-keys.js'),
  'format-sources': () => import('./format-sources.js'),
  'identifier-rules': () => import('./identifier-rules.js'),
  'invalid-passage-error': () => import('./invalid-passage-error.js'),
  'is-unicode-space': () => import('./is-unicode-space.js'),
  'locate-quote': () => import('./locate-quote.js'),
  'normalize-text': () => import('./normalize-text.js'),
  offsets: () => import('./offsets.js'),
  'parse-markers': () => import('./parse-markers.js'),
  'passes-quick-scan': () => import('./passes-quick-scan.js'),
  'read-json-text': () => import('./read-json-text.js'),
  'resolve-citation': () => import('./resolve-citation.js'),
  'resolve-quoted-rows': () => import('./resolve-quoted-rows.js'),
  'safe-decode-json': () => import('./safe-decode-json.js'),
  'scan-json': () => import('./scan-json.js'),
  'schema-strips-keys': () => import('./schema-strips-keys.js'),
  'sentence-starts': () => import('./sentence-starts.js'),
  'split-claims': () => import('./split-claims.js'),
  'summarize-verifications': () => import('./summarize-verifications.js'),
  'trim-end': () => import('./trim-end.js'),
  'unwrap-fence': () => import('./unwrap-fence.js'),
  'verify-answer': () => import('./verify-answer.js'),
  index: () => import('./index.js'),
};

describe('@gk/citations modules', () => {
  for (const [name, load] of Object.entries(MODULES)) {
    it(`${name} loads and exports functions`, async () => {
      const module = await load();
      const functions = Object.values(module).filter((value) => typeof value === 'function');
      expect(functions.length).toBeGreaterThan(0);
    });
  }

  it('the barrel exports the public API by name', async () => {
    const api = await import('./index.js');
    for (const name of ['parseMarkers', 'splitClaims', 'verifyAnswer', 'locateQuote', 'safeDecodeJson']) {
      expect(typeof (api as Record<string, unknown>)[name]).toBe('function');
    }
  });
});
