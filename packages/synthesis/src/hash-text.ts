import { checkArgument } from '@gk/internal';

const encoder = new TextEncoder();
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The SHA-256 (hex) of `text` as UTF-8, as recorded for prompts and corpora; refuses what is not a string. A lone
 * surrogate, which UTF-8 cannot hold (TextEncoder would write U+FFFD, so `'\uD800'` and `'\uFFFD'` would hash
 * alike), is written as its own three bytes (WTF-8): no well-formed string encodes to those, and a well-formed
 * string hashes exactly as its UTF-8.
 */
export async function hashText(text: string): Promise<string> {
  checkArgument(typeof text === 'string', 'text', 'a string', text);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encode(text));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** `text` as UTF-8, with each lone surrogate as the three bytes of its code point (one pass, linear). */
function encode(text: string): Uint8Array<ArrayBuffer> {
  if (!LONE_SURROGATE.test(text)) return encoder.encode(text);
  const bytes = new Uint8Array(text.length * 3); // no code unit takes more than three bytes (a pair takes four)
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1); // NaN past the end
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
      i++;
      bytes.set(
        [
          0xf0 | (code >> 18),
          0x80 | ((code >> 12) & 0x3f),
          0x80 | ((code >> 6) & 0x3f),
          0x80 | (code & 0x3f),
        ],
        at,
      );
      at += 4;
    } else if (code < 0x80) {
      bytes[at++] = code;
    } else if (code < 0x800) {
      bytes[at++] = 0xc0 | (code >> 6);
      bytes[at++] = 0x80 | (code & 0x3f);
    } else {
      bytes[at++] = 0xe0 | (code >> 12);
      bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[at++] = 0x80 | (code & 0x3f);
    }
  }
  return bytes.subarray(0, at);
}
