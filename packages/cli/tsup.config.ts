import { defineConfig } from 'tsup';

export default defineConfig({
  // `verify-worker` is loaded by URL from the code that starts worker threads, so it keeps a fixed name.
  entry: { index: 'src/index.ts', cli: 'src/cli.ts', 'verify-worker': 'src/verify/verify-worker.ts' },
  format: ['esm'],
  dts: { resolve: ['@gk/internal'] },
  sourcemap: true,
  clean: true,
  // The private kit (the error base) is bundled in, never a runtime dependency.
  noExternal: ['@gk/internal'],
});
