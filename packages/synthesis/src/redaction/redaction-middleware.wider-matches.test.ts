import { wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { type MockCallOptions, MockLanguageModel, usage } from '../__fixtures__/mock-models.js';
import { redactionMiddleware } from './redaction-middleware.js';

// A review found the bare copy of a secret sent where the match that hid it was wider than the secret: a query string's
// or a connection string's value ran on through `&…`, `#…` or `;Next=…`, and a link's password with a dotted host was
// taken by an address-shaped match (`pw@db.internal`), so only the wider text was looked for again.

/** What the model reads of `text`, and the model's echo of it as the caller gets it back. */
async function roundTrip(
  text: string,
  middleware = redactionMiddleware(),
): Promise<{ seen: string; restored: string }> {
  const inner = new MockLanguageModel({
    doGenerate: async ({ prompt }) => {
      const part = (prompt[0] as { content: Array<{ text: string }> }).content[0];
      return {
        content: [{ type: 'text', text: part?.text ?? '' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    },
  });
  const model = wrapLanguageModel({ model: inner, middleware });
  const prompt: MockCallOptions['prompt'] = [{ role: 'user', content: [{ type: 'text', text }] }];
  const result = await model.doGenerate({ prompt });
  const seen = (
    (inner.doGenerateCalls[0] as MockCallOptions).prompt[0] as { content: Array<{ text: string }> }
  ).content[0]?.text as string;
  const first = result.content[0];
  return { seen, restored: first?.type === 'text' ? first.text : '' };
}

describe('redactionMiddleware and a value a wider match hid', () => {
  it.each([
    [
      'GET https://api.example.com/v1?api_key=Zk9q2LmNx7&page=2 failed; retry with api key Zk9q2LmNx7 later',
      'Zk9q2LmNx7',
      'GET https://api.example.com/v1?api_key=[SECRET_1]&page=2 failed; retry with api key [SECRET_1] later',
    ],
    [
      'Server=db;Password=Hunter2x9Q;Database=app; and Hunter2x9Q',
      'Hunter2x9Q',
      'Server=db;Password=[SECRET_1];Database=app; and [SECRET_1]',
    ],
    [
      'Data Source=db; User ID=sa; Pwd=Hunter2x9Q ; Initial Catalog=app; then Hunter2x9Q',
      'Hunter2x9Q',
      'Data Source=db; User ID=sa; Pwd=[SECRET_1] ; Initial Catalog=app; then [SECRET_1]',
    ],
    [
      'jdbc:mysql://db/app?user=sa&password=Hunter2x9Q&useSSL=true then Hunter2x9Q',
      'Hunter2x9Q',
      'jdbc:mysql://db/app?user=sa&password=[SECRET_1]&useSSL=true then [SECRET_1]',
    ],
    [
      'https://x.example/?token=Zk9q2LmNx7#frag and Zk9q2LmNx7',
      'Zk9q2LmNx7',
      'https://x.example/?token=[SECRET_1]#frag and [SECRET_1]',
    ],
    [
      'https://x.example/cb?code=1&access_token=Zk9q2LmNx7&state=abc#x then Zk9q2LmNx7',
      'Zk9q2LmNx7',
      'https://x.example/cb?code=1&access_token=[SECRET_1]&state=abc#x then [SECRET_1]',
    ],
    [
      'DATABASE_URL=postgres://admin:Zk9q2LmNx7@db.internal:5432/app and the password is Zk9q2LmNx7',
      'Zk9q2LmNx7',
      'DATABASE_URL=postgres://admin:[SECRET_1]@db.internal:5432/app and the password is [SECRET_1]',
    ],
    [
      'redis://:Hunter2x9Q@cache.internal:6379 then Hunter2x9Q',
      'Hunter2x9Q',
      'redis://:[SECRET_1]@cache.internal:6379 then [SECRET_1]',
    ],
    [
      'mongodb+srv://app:s3cr.et99@cluster0.ab1cd.mongodb.net/db?retryWrites=true, password s3cr.et99',
      's3cr.et99',
      'mongodb+srv://app:[SECRET_1]@cluster0.ab1cd.mongodb.net/db?retryWrites=true, password [SECRET_1]',
    ],
  ])('hides every copy of the value in %j and restores the text exactly', async (text, secret, expected) => {
    const { seen, restored } = await roundTrip(text);
    expect(seen).not.toContain(secret);
    expect(seen).toBe(expected);
    expect(restored).toBe(text);
  });

  it('hides the bare copy of a value that stood inside a wider match of another pattern', async () => {
    const patterns = [
      { name: 'LOGIN', pattern: /[a-z]+:[A-Za-z0-9]+@[a-z.]+/g },
      { name: 'PASS', pattern: /(?<=[a-z]:)[A-Za-z0-9]+(?=@)/g },
    ];
    const text = 'reach ops:Zk9q2LmNx7@db.internal, or use Zk9q2LmNx7 directly';
    const { seen, restored } = await roundTrip(text, redactionMiddleware({ patterns }));
    expect(seen).toBe('reach [LOGIN_1], or use [PASS_1] directly');
    expect(seen).not.toContain('Zk9q2LmNx7');
    expect(restored).toBe(text);
  });

  it('still hides a whole value that holds `&`, `#` or `;` with no pair after them', async () => {
    for (const text of ['PASSWORD=Tr0ub4dor&3 and Tr0ub4dor&3', 'password=abc#123;x and abc#123;x']) {
      const { seen, restored } = await roundTrip(text);
      expect(seen).toMatch(/^\S+=\[SECRET_1\] and \[SECRET_1\]$/);
      expect(restored).toBe(text);
    }
  });

  it('still reads an address in a link that has no password', async () => {
    const { seen } = await roundTrip(
      'see https://host.example:8080/contact/ada@example.org or mailto:ada@example.org',
    );
    expect(seen).not.toContain('ada@example.org');
  });
});
