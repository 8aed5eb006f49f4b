import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', decode: 'src/decode/index.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
});
