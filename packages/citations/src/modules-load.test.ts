// Every module loads and exports its functions. Module-level work (compiled rules, lookup tables, regular
// expressions built from strings) runs at import; a fault there must fail a test rather than leave every test
// file that imports the module unloaded, which a mutation run would count as "no tests" instead of a kill.
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

// Found by glob, so a new module is covered without editing this file.
const MODULES = import.meta.glob<Record<string, unknown>>([
  './**/*.ts',
  '!./**/*.test.ts',
  '!./**/*.test-d.ts',
  '!./**/__fixtures__/**',
  '!./types.ts',
]);

describe('@gk/citations modules', () => {
  it('finds every subsystem', () => {
    const folders = new Set(Object.keys(MODULES).map((path) => path.split('/')[1]));
    expect([...folders].sort()).toEqual(['decode', 'index.ts', 'provider', 'quoted-rows', 'text', 'verify']);
  });

  for (const [path, load] of Object.entries(MODULES)) {
    it(`${path} loads and exports functions or compiled rules`, async () => {
      const module = await load();
      const functions = Object.values(module).filter(
        (value) => typeof value === 'function' || value instanceof RegExp,
      );
      expect(functions.length).toBeGreaterThan(0);
    });
  }

  it('the barrel exports the public API by name', async () => {
    const api = await import('./index.js');
    for (const name of [
      'parseMarkers',
      'splitClaims',
      'verifyAnswer',
      'locateQuote',
      'safeDecodeJson',
      'verifyProviderCitations',
    ]) {
      expect(typeof (api as Record<string, unknown>)[name]).toBe('function');
    }
  });
});
