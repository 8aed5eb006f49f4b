/** SHA-256 of the UTF-8 encoding of `text`, as 64 lowercase hex characters, through Web Crypto. */
export async function hashText(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
