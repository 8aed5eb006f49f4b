// Chromium entry of the runtime-matrix script, bundled with esbuild: the validators' half, result on a global.
import { runValidators } from './validators.mjs';

globalThis.__gkMatrix = runValidators().then(
  (validators) => JSON.stringify({ validators }),
  (error) => JSON.stringify({ error: String(error?.stack ?? error) }),
);
