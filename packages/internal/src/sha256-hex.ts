const encoder = new TextEncoder();

/** The SHA-256 of `text` (UTF-8) as 64 lowercase hex characters, through Web Crypto (Node, browsers, edge). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
