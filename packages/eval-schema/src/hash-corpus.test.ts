import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { hashCorpus } from './index.js';

// Vectors computed independently with Python: sha256(("gk-corpus-v1\n" + json.dumps(entries, separators=(",", ":"),
// ensure_ascii=False)).encode("utf-8")).hexdigest(), entries sorted by id.
describe('hashCorpus', () => {
  it('matches the pinned vectors', async () => {
    expect(await hashCorpus([])).toBe('b711ca97e70133f832b733423cbee6c23905b3f79198667649ad01d41f3af53b');
    expect(
      await hashCorpus([
        { id: 'a', text: 'Ay' },
        { id: 'b', text: 'Bee' },
      ]),
    ).toBe('fb34ee45b5b7e51d23d434eb54ff2a5b7de59e3952afdd19c13a12b5cadb1cd3');
    expect(
      await hashCorpus([
        { id: 'doc\u00e9', text: 'na\u00efve \u2014 \u201cquoted\u201d\nline\u0000\u200b\u202e' },
      ]),
    ).toBe('d6b42c361db68b13069c2093f358ddea9f251191b2079f3a16f75d5d6811c089');
  });
  it('does not depend on document order', async () => {
    const forward = await hashCorpus([
      { id: 'a', text: 'Ay' },
      { id: 'b', text: 'Bee' },
    ]);
    expect(
      await hashCorpus([
        { id: 'b', text: 'Bee' },
        { id: 'a', text: 'Ay' },
      ]),
    ).toBe(forward);
  });
  it('ignores fields other than id and text', async () => {
    const withTitle = { id: 'a', text: 'Ay', title: 'A' };
    expect(await hashCorpus([withTitle])).toBe(await hashCorpus([{ id: 'a', text: 'Ay' }]));
  });
  it('changes when any id or text changes, including by one invisible character', async () => {
    const base = await hashCorpus([{ id: 'a', text: 'Ay' }]);
    expect(await hashCorpus([{ id: 'a', text: 'Ay\u200b' }])).not.toBe(base);
    expect(await hashCorpus([{ id: 'A', text: 'Ay' }])).not.toBe(base);
    // Moving text between the id and the text must not collide.
    expect(await hashCorpus([{ id: 'a","A', text: 'y' }])).not.toBe(base);
  });
  it('escapes lone surrogates instead of collapsing them to U+FFFD', async () => {
    const lone = await hashCorpus([{ id: 'x', text: '\ud800' }]);
    expect(lone).toBe('d6103b090cc00bc5c475360789f5920b2aa6d44694b437633d6143ef826137ec');
    expect(await hashCorpus([{ id: 'x', text: '\ufffd' }])).toBe(
      '486279df43139192cf6d8b7a5c87b0fdef3ad7eb448a50e3244d8e0cd12251ff',
    );
  });
  it('treats __proto__ as an ordinary id', async () => {
    const hash = await hashCorpus([
      { id: '__proto__', text: 'x' },
      { id: 'constructor', text: 'y' },
    ]);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(await hashCorpus([{ id: 'constructor', text: 'y' }]));
  });
  it('hashes a 5 MB document', async () => {
    const hash = await hashCorpus([{ id: 'big', text: '[['.repeat(2_500_000) }]);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
  it('reads each field once: a getter that passes the check with one value is not hashed with another', async () => {
    let reads = 0;
    const shifting = {
      get id(): string {
        reads += 1;
        return (reads === 1 ? 'a' : 42) as string;
      },
      text: 't',
    };
    expect(await hashCorpus([shifting])).toBe(await hashCorpus([{ id: 'a', text: 't' }]));
    expect(reads).toBe(1);
  });
  it('refuses a repeated id and a non-string field', async () => {
    await expect(
      hashCorpus([
        { id: 'a', text: '1' },
        { id: 'a', text: '2' },
      ]),
    ).rejects.toThrow(
      invalidArgument(
        'documents[].id',
        'Invalid documents[].id: expected each document id once, received the string "a".',
      ),
    );
    await expect(hashCorpus([{ id: 1 as unknown as string, text: '1' }])).rejects.toThrow(
      invalidArgument('documents[0].id', 'Invalid documents[0].id: expected a string, received number 1.'),
    );
    await expect(hashCorpus([{ id: 'a', text: null as unknown as string }])).rejects.toThrow(
      invalidArgument('documents[0].text'),
    );
  });
});
