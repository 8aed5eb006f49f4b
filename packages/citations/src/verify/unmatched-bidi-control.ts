import { shownCodePoint } from '../text/shown-code-point.js';

// What reorders the text shown: embeddings, overrides and isolates with their terminators (U+202A–U+202E,
// U+2066–U+2069), and the marks LRM, RLM and ALM (each an invisible letter of a direction, which turns the digits and
// punctuation beside it: `\u200F1 - 2` shows as `2 - 1`).
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LETTER = /\p{L}/u;

/**
 * A bidi control as written or as a character reference a renderer decodes to one (`&#x202E;`, `&#8238;`, `&rlm;`;
 * a numeric one without its `;` too, as a browser reads it in raw HTML): refused as the control itself (rt10 #4).
 */
export const BIDI_OR_REFERENCE =
  /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|&(?:#0*(1564|820[67]|823[4-8]|829[4-7])(?!\d);?|#[xX]0*(61[cC]|200[e-fE-F]|202[a-eA-E]|206[6-9])(?![\da-fA-F]);?|(lrm|rlm);)/g;

/** The control a match of {@link BIDI_OR_REFERENCE} writes (its text and groups). */
export function bidiControl(whole: string, decimal?: string, hex?: string, name?: string): string {
  if (decimal || hex)
    return String.fromCodePoint(shownCodePoint(decimal ? +decimal : Number.parseInt(hex!, 16)));
  return name === undefined ? whole : name === 'lrm' ? '\u200e' : '\u200f';
}

/**
 * The first bidi control in `written` (a claim as written, markers included; references read as controls) that a cited passage does not hold at that
 * place, or null: each control, with everything it can reorder (an isolate's content; from the letter before any other
 * control to the letter after the terminator that closes it), must occur as written in one passage (`holds`), and an
 * embedding, override or isolate must close in the same claim. The verifier compares text with these controls removed, so a stretch that holds them
 * is shown as its passage shows it or not accepted.
 */
export function unmatchedBidiControl(written: string, holds: (part: string) => boolean): string | null {
  // A control written as a reference is read as the control: a passage must hold it as a control where it stands.
  const text = written.includes('&') ? written.replace(BIDI_OR_REFERENCE, bidiControl) : written;
  BIDI.lastIndex = 0;
  for (let match = BIDI.exec(text); match !== null; match = BIDI.exec(text)) {
    // An isolate reads as one neutral character from outside: only its content must be the passage's.
    const isolate = match[0] >= '\u2066' && match[0] <= '\u2068';
    let start = match.index;
    while (!isolate && start > 0 && !LETTER.test(text[--start]!));
    const open: number[] = []; // the embeddings (1) and isolates (2) not yet closed, innermost last
    let end = match.index;
    for (
      ;
      end < text.length && (open.length > 0 || end === match.index || (!isolate && !LETTER.test(text[end]!)));
      end++
    ) {
      const code = text.charCodeAt(end);
      if (code === 0x202c || code === 0x2069) {
        if (open.pop() !== (code === 0x202c ? 1 : 2)) return text[end]!;
      } else if (code >= 0x202a && code <= 0x202e) open.push(1);
      else if (code >= 0x2066 && code <= 0x2068) open.push(2);
    }
    if (open.length > 0 || !holds(text.slice(start, isolate ? end : end + 1))) return match[0];
    BIDI.lastIndex = end;
  }
  return null;
}

/** The first bidi control in `text`, written or as a character reference a renderer decodes to one, or null. */
export function firstBidiControl(text: string): string | null {
  BIDI_OR_REFERENCE.lastIndex = 0;
  const match = BIDI_OR_REFERENCE.exec(text);
  BIDI_OR_REFERENCE.lastIndex = 0;
  return match === null ? null : bidiControl(match[0], match[1], match[2], match[3]);
}
