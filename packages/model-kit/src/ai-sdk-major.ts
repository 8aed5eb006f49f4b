import { gateway } from 'ai';

/**
 * The major of the installed AI SDK, read from the AI SDK itself (its package.json may be out of reach in a bundle):
 * 6 when its own gateway provider implements the v3 specification, which AI SDK 6 speaks to models, 7 otherwise
 * (v4, whose call options carry AI SDK 7's `reasoning`).
 */
export function aiSdkMajor(): 6 | 7 {
  return (gateway as { specificationVersion?: unknown }).specificationVersion === 'v3' ? 6 : 7;
}
