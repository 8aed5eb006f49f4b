import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: { resolve: ['@gk/internal', '@gk/model-kit'] },
  sourcemap: true,
  clean: true,
  // The private kits (errors, excerpts, invisible characters; the model-call layer) are bundled in, never
  // runtime dependencies.
  noExternal: ['@gk/internal', '@gk/model-kit'],
});
