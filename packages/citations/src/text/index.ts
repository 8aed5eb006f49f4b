export { locateQuote } from './locate-quote.js';
export type { LocateQuoteOptions, LocateQuoteResult } from './locate-quote.js';
export { fromCodePointOffset, fromUtf8ByteOffset, toCodePointOffset, toUtf8ByteOffset } from './offsets.js';
