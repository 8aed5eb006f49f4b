const OVERRIDE = '\u202e';
/** What ends a right-to-left override: a pop (PDF), a paragraph end, or the end of an isolate that holds it (PDI). */
const OVERRIDE_END = /[\u202c\u2069\n\r\u2029\u001c-\u001e\u0085]/g;

/**
 * `text` with what each right-to-left override (U+202E) governs written in the order a page shows it: its characters
 * reversed, up to the override's pop (U+202C), a paragraph end or the end of the text. Null when `text` holds no
 * override. Embeddings inside an override are not modelled (their characters are reversed with the rest). Linear in
 * the length of the text.
 */
export function reverseOverrides(text: string): string | null {
  let start = text.indexOf(OVERRIDE);
  if (start === -1) return null;
  const parts: string[] = [];
  let from = 0;
  while (start !== -1) {
    OVERRIDE_END.lastIndex = start + 1;
    const end = OVERRIDE_END.exec(text)?.index ?? text.length;
    // Code points, not code units, so a pair of surrogates stays a pair.
    parts.push(
      text.slice(from, start),
      Array.from(text.slice(start + 1, end))
        .reverse()
        .join(''),
    );
    from = end;
    start = text.indexOf(OVERRIDE, end);
  }
  parts.push(text.slice(from));
  return parts.join('');
}
