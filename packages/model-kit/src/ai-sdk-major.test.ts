import aiPackage from 'ai/package.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { aiSdkMajor } from './ai-sdk-major.js';

// The workspace runs this on AI SDK 6; the runtime matrix runs it again on AI SDK 7.
describe('aiSdkMajor', () => {
  it('is the major of the installed AI SDK, read from what it implements', () => {
    expect(aiSdkMajor()).toBe(Number(aiPackage.version.split('.')[0]));
  });
});
