import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    verify: 'src/verify/index.ts',
    decode: 'src/decode/index.ts',
    provider: 'src/provider/index.ts',
  },
  format: ['esm'],
  dts: { resolve: ['@gk/internal'] },
  sourcemap: true,
  clean: true,
  // The private kit (errors, excerpts, invisible characters) is bundled in, never a runtime dependency.
  noExternal: ['@gk/internal'],
});
