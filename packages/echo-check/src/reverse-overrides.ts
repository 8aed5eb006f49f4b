const OVERRIDE = '\u202e';
const POP = '\u202c';
const POP_ISOLATE = '\u2069';
/** Isolate initiators (LRI, RLI, FSI), each closed by a PDI. */
const ISOLATE = /[\u2066-\u2068]/;
/**
 * What starts, holds or ends an override: embeddings and overrides (each closed by a PDF), their pop (PDF), isolates
 * and their end (PDI), paragraph ends.
 */
const CONTROL = /[\u202a-\u202e\u2066-\u2069\n\r\u2029\u001c-\u001e\u0085]/g;

/**
 * `text` with what each right-to-left override (U+202E) governs written in the order a page shows it: its characters
 * reversed, up to the override's pop (U+202C), a paragraph end, the end of an isolate that holds the override (PDI),
 * or the end of the text. As in UAX #9, a PDI that closes no isolate ends nothing (rule X6a), an isolate opened
 * inside the override ends at its own PDI, a PDF inside it ending nothing, and an embedding or override opened inside
 * the override ends at its own PDF. Null when `text` holds no override. Embeddings and isolates inside an override
 * are not modelled otherwise (their characters are reversed with the rest). Linear in the length of the text.
 */
export function reverseOverrides(text: string): string | null {
  if (!text.includes(OVERRIDE)) return null;
  const parts: string[] = [];
  let from = 0;
  // Isolates open in this paragraph, and how many were open where the current override started (-1: none started).
  let isolates = 0;
  let base = -1;
  // Embeddings and overrides opened inside the current override, outside isolates it holds: each takes a PDF.
  let nested = 0;
  for (const { 0: char, index } of text.matchAll(CONTROL)) {
    let ends = false;
    if (char === POP) {
      // A PDF inside an isolate opened inside the override ends nothing; one that closes a nested override or
      // embedding ends that one only.
      ends = isolates === base && nested-- === 0;
    } else if (char >= '\u202a' && char <= OVERRIDE) {
      // An override inside an override is read as part of the outer one.
      if (base === -1 && char === OVERRIDE) {
        parts.push(text.slice(from, index));
        from = index + 1;
        base = isolates;
        nested = 0;
      } else if (isolates === base) nested++;
    } else if (ISOLATE.test(char)) isolates++;
    // A PDI closes the last isolate open, if any; it ends the override when that isolate holds the override.
    else if (char === POP_ISOLATE) ends = isolates > 0 && --isolates < base;
    else {
      isolates = 0; // a paragraph end closes every isolate, and ends the override
      ends = true;
    }
    if (ends && base !== -1) {
      parts.push(reversed(text.slice(from, index)));
      from = index;
      base = -1;
    }
  }
  parts.push(base === -1 ? text.slice(from) : reversed(text.slice(from)));
  return parts.join('');
}

/** Code points, not code units, so a pair of surrogates stays a pair. */
const reversed = (text: string): string => Array.from(text).reverse().join('');
