// Node, Bun and Deno entry of the runtime-matrix script: both halves, one JSON line on stdout.
import { runSynthesis } from './synthesis.mjs';
import { runValidators } from './validators.mjs';

const summary = { validators: await runValidators(), synthesis: await runSynthesis() };
console.log(JSON.stringify(summary));
