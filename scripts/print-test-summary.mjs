#!/usr/bin/env node
// Prints the test run's closing line ("Tests: N passed, N failed") from vitest's JSON report.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const file = resolve(import.meta.dirname, '..', '.vitest', 'results.json');
if (!existsSync(file)) {
  console.error('no vitest JSON report at .vitest/results.json');
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
process.exit(report.numFailedTests === 0 && report.numTotalTests > 0 ? 0 : 1);
