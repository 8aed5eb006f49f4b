import { expect } from 'vitest';
import { DEFAULT_REDACTION_PATTERNS } from '../redaction/default-redaction-patterns.js';
import { compilePatterns, Redactor } from '../redaction/redactor.js';

/** The default patterns, compiled once for every test that redacts with them. */
export const defaults = compilePatterns(DEFAULT_REDACTION_PATTERNS);

/** What the model reads of `text` with the default patterns, after checking that restoring it gives `text` back exactly. */
export function redact(text: string): string {
  const redactor = new Redactor(defaults, [text]);
  const redacted = redactor.redact(text);
  expect(redactor.restore(redacted)).toBe(text);
  return redacted;
}
