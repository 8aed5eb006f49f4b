// Every module loads and exports something. Module-level work (the template table, the random pool) runs at
// import; a fault there must fail a test rather than leave every test file that imports the module unloaded,
// which a mutation run would count as "no tests" instead of a kill.
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

// Found by glob, so a new module is covered without editing this file.
const MODULES = import.meta.glob<Record<string, unknown>>([
  './**/*.ts',
  '!./**/*.test.ts',
  '!./**/*.test-d.ts',
  '!./**/__fixtures__/**',
]);

describe('@gk/echo-check modules', () => {
  it('finds the modules', () => {
    expect(Object.keys(MODULES)).toContain('./run-echo-check.ts');
  });

  for (const [path, load] of Object.entries(MODULES)) {
    it(`${path} loads and exports its API`, async () => {
      const module = await load();
      expect(Object.keys(module).length).toBeGreaterThan(0);
    });
  }
});
