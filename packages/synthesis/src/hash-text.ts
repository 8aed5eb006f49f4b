import { checkArgument, sha256Hex } from '@gk/internal';

/** The SHA-256 (hex) of `text` as UTF-8, as recorded for prompts and corpora; refuses what is not a string. */
export async function hashText(text: string): Promise<string> {
  checkArgument(typeof text === 'string', 'text', 'a string', text);
  return sha256Hex(text);
}
