export { redactionMiddleware } from './redaction-middleware.js';
export type { RedactionMiddlewareOptions } from './redaction-middleware.js';
export { DEFAULT_REDACTION_PATTERNS } from './default-redaction-patterns.js';
export type { RedactionPattern } from './redactor.js';
