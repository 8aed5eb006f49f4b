/**
 * Index of the quote that closes the JSON string opening at `start`, past escaped quotes; the text's length when
 * none does. Each run of backslashes is counted once, by the quote after it, so a scan of a whole text is linear.
 */
export function closingQuote(text: string, start: number): number {
  for (let i = text.indexOf('"', start + 1); i !== -1; i = text.indexOf('"', i + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
  return text.length;
}
