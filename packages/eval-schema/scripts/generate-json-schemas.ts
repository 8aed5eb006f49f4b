// Writes schemas/<artifact>.v1.json from the zod schemas; run by `npm run build` after tsup.
import { mkdirSync, writeFileSync } from 'node:fs';
import { JSON_SCHEMA_NAMES, renderJsonSchemaFile } from '../src/json-schemas.js';

const folder = new URL('../schemas/', import.meta.url);
mkdirSync(folder, { recursive: true });
for (const name of JSON_SCHEMA_NAMES) {
  const file = new URL(`${name}.v1.json`, folder);
  writeFileSync(file, renderJsonSchemaFile(name));
  console.log(`wrote schemas/${name}.v1.json`);
}
