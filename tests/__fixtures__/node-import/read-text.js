import { readFileSync } from 'node:fs';

export const readText = (path) => readFileSync(path, 'utf8');
