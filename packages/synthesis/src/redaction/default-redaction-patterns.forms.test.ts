import { generateKeyPairSync } from 'node:crypto';
import { generateText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { generateResult, MockLanguageModel } from '../__fixtures__/mock-models.js';
import { redact } from '../__fixtures__/redact-with-defaults.js';
import { redactionMiddleware } from './redaction-middleware.js';

// A review found these sent as written: the lines of a private key carried a prefix or were joined by markup, a key
// had a name the patterns did not know, a credential was given on a command line, in a cookie or in a link whose
// password holds '@', '/' or '#'.

const pemOf = (type: 'ed25519' | 'rsa'): string =>
  (type === 'rsa'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : generateKeyPairSync('ed25519')
  ).privateKey
    .export({ type: 'pkcs8', format: 'pem' })
    .toString()
    .trim();

/** The characters of the key's body that the model still reads: every run of 6 or more base64 characters of it. */
function leaked(read: string, pem: string): string[] {
  const body = pem
    .split('\n')
    .filter((line) => !line.startsWith('-----'))
    .join('');
  return (read.match(/[A-Za-z0-9+/=]{6,}/g) ?? []).filter((run) => body.includes(run));
}

describe('DEFAULT_REDACTION_PATTERNS on a private key whose lines carry a prefix or are joined by markup', () => {
  const keys = { ed25519: pemOf('ed25519'), rsa: pemOf('rsa') };
  const forms: Array<[string, (lines: string[]) => string]> = [
    ['plain', (lines) => lines.join('\n')],
    ['# comments', (lines) => lines.map((line) => `# ${line}`).join('\n')],
    ['> quotes', (lines) => lines.map((line) => `> ${line}`).join('\n')],
    ['; comments', (lines) => lines.map((line) => `; ${line}`).join('\n')],
    [' * comments', (lines) => lines.map((line) => ` * ${line}`).join('\n')],
    ['-- comments', (lines) => lines.map((line) => `-- ${line}`).join('\n')],
    ['% comments', (lines) => lines.map((line) => `% ${line}`).join('\n')],
    ['// comments', (lines) => lines.map((line) => `// ${line}`).join('\n')],
    ['# comments and CRLF', (lines) => lines.map((line) => `# ${line}`).join('\r\n')],
    [
      'numbered lines',
      (lines) => lines.map((line, i) => `${String(i + 1).padStart(3)} | ${line}`).join('\n'),
    ],
    ['removed lines of a diff', (lines) => lines.map((line) => `-${line}`).join('\n')],
    ['added lines of a diff', (lines) => lines.map((line) => `+${line}`).join('\n')],
    ['Python string concatenation', (lines) => lines.map((line) => `    "${line}\\n"`).join('\n')],
    ['JavaScript string concatenation', (lines) => lines.map((line) => `  '${line}\\n' +`).join('\n')],
    ['<br>', (lines) => lines.join('<br>')],
    ['<br> and line breaks', (lines) => lines.join('<br>\n')],
    ['&#10;', (lines) => lines.join('&#10;')],
    ['&#xA;', (lines) => `<key>${lines.join('&#xA;')}</key>`],
    ['<p> per line', (lines) => lines.map((line) => `<p>${line}</p>`).join('\n')],
  ];
  for (const [type, pem] of Object.entries(keys)) {
    it.each(forms)(`sends none of the body of an ${type} key written with %s`, (_, write) => {
      const lines = pem.split('\n');
      const read = redact(write(lines));
      expect(leaked(read, pem)).toEqual([]);
      expect(read).toContain('-----BEGIN PRIVATE KEY-----');
      expect(read).toContain('-----END PRIVATE KEY-----');
    });
    it.each(forms)(
      `sends none of the body of an ${type} key cut off before its footer, written with %s`,
      (_, write) => {
        const lines = pem.split('\n').slice(0, -1);
        expect(leaked(redact(write(lines)), pem)).toEqual([]);
      },
    );
  }

  it('keeps the text before the header and after the footer', () => {
    const pem = keys.ed25519;
    const read = redact(
      `Here:\n${pem
        .split('\n')
        .map((line) => `# ${line}`)
        .join('\n')}\nThat was the key.`,
    );
    expect(read).toBe(
      'Here:\n# -----BEGIN PRIVATE KEY-----\n# [SECRET_1]\n# -----END PRIVATE KEY-----\nThat was the key.',
    );
  });
});

describe('DEFAULT_REDACTION_PATTERNS on secrets under short, *_KEY and non-English names', () => {
  it.each([
    [`auth: { user: 'ops', pass: 'Tr0ub4dor&3' }`, `auth: { user: 'ops', pass: '[SECRET_1]' }`],
    ['DB_PASS=hunter2', 'DB_PASS=[SECRET_1]'],
    ['SMTP_PASS=hunter2', 'SMTP_PASS=[SECRET_1]'],
    ['MAIL_PASS=hunter2x', 'MAIL_PASS=[SECRET_1]'],
    ['RABBITMQ_DEFAULT_PASS=guest2', 'RABBITMQ_DEFAULT_PASS=[SECRET_1]'],
    ['smtp:\n  pass: Tr0ub4dor&3\n', 'smtp:\n  pass: [SECRET_1]\n'],
    ['{"pass": "hunter2"}', '{"pass": "[SECRET_1]"}'],
    ['const smtpPass = "hunter2";', 'const smtpPass = "[SECRET_1]";'],
    ['PW=Xk9mQ2vL', 'PW=[SECRET_1]'],
    ['db_pw=hunter2', 'db_pw=[SECRET_1]'],
    ['ENCRYPTION_KEY=Xk9mQ2vL7pz', 'ENCRYPTION_KEY=[SECRET_1]'],
    ['SIGNING_KEY=abcdefgh', 'SIGNING_KEY=[SECRET_1]'],
    ['MASTER_KEY=abcdefgh', 'MASTER_KEY=[SECRET_1]'],
    ['JWT_KEY=abcdefgh', 'JWT_KEY=[SECRET_1]'],
    ['HMAC_KEY=abcdefgh', 'HMAC_KEY=[SECRET_1]'],
    ['SESSION_KEY=abcdefgh', 'SESSION_KEY=[SECRET_1]'],
    ['STRIPE_KEY: Xk9mQ2vL7pz', 'STRIPE_KEY: [SECRET_1]'],
    ['license_key=ABCD-EFGH-1234', 'license_key=[SECRET_1]'],
    ['consumer_key = "abcdefgh"', 'consumer_key = "[SECRET_1]"'],
    ['encryptionKey: "abcdefgh"', 'encryptionKey: "[SECRET_1]"'],
    ['key=abcd1234ef', 'key=[SECRET_1]'],
    ['auth="dXNlcjpw"', 'auth="[SECRET_1]"'],
    ['https://api.example.com/v1?key=abc123def456&q=1', 'https://api.example.com/v1?key=[SECRET_1]&q=1'],
    ['{"key": "abc123def456"}', '{"key": "[SECRET_1]"}'],
    ['auth=dXNlcjpw', 'auth=[SECRET_1]'],
    ['REDIS_AUTH=hunter23x', 'REDIS_AUTH=[SECRET_1]'],
    ['credentials=admin:hunter2', 'credentials=[SECRET_1]'],
    ['pin=1234', 'pin=[SECRET_1]'],
    ['otp=123456', 'otp=[SECRET_1]'],
    ['cvv=123', 'cvv=[SECRET_1]'],
    ['Passwort=Geheim123', 'Passwort=[SECRET_1]'],
    ['mot_de_passe=secret12', 'mot_de_passe=[SECRET_1]'],
    ['contraseña=secreto12', 'contraseña=[SECRET_1]'],
    ['wachtwoord=geheim12', 'wachtwoord=[SECRET_1]'],
    ['hasło=tajne123', 'hasło=[SECRET_1]'],
    ['data:\n  DB_PASS: UGE1NXcwcmQy\n', 'data:\n  DB_PASS: [SECRET_1]\n'],
  ])('redacts the value in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    // Prose and code in which the short names are words or mean no secret.
    'The key: understanding takes years.',
    'A key is a small piece of metal.',
    'The mountain pass: closed in winter.',
    'Boarding Pass: Gate 12',
    '--- PASS: TestRedact (0.00s)',
    'bypass=true and compass=north',
    'pass_through=true',
    'def f():\n    pass\n',
    'The pin: a small needle.',
    'key: value',
    "fetch(url, { credentials: 'include' })",
    'auth: { user: "ops" }',
    '{"auth": {"user": "u"}}',
    'sort_key = "name"',
    'primary_key=True',
    'keyboard=us',
    'sorted(xs, key=len)',
    'key=value',
    '<li key={item.id}>',
    '<li key="first">',
    '<add key="Theme" value="dark" />',
    "build('drive', 'v3', credentials=creds)",
    'monkey=banana',
    'turkey=roast',
    'spin=3',
    'lotp=1',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on credentials given on a command line or in a credentials file', () => {
  it.each([
    ['curl -u admin:Tr0ub4dor3 https://api.example.com', 'curl -u admin:[SECRET_1] https://api.example.com'],
    [
      'curl --user admin:Tr0ub4dor3 https://api.example.com',
      'curl --user admin:[SECRET_1] https://api.example.com',
    ],
    [
      'curl -X POST \\\n  -u "admin:hunter2" \\\n  https://api.example.com',
      'curl -X POST \\\n  -u "admin:[SECRET_1]" \\\n  https://api.example.com',
    ],
    ['docker login -u alice -p Tr0ub4dor3 registry.io', 'docker login -u alice -p [SECRET_1] registry.io'],
    ['sshpass -p Hunt3r2! ssh root@host', 'sshpass -p [SECRET_1] ssh root@host'],
    ['mysql -u root -pHunt3r2 app', 'mysql -u root -p[SECRET_1] app'],
    ['htpasswd -b .htpasswd alice Hunt3r2x', 'htpasswd -b .htpasswd alice [SECRET_1]'],
    ['htpasswd -nbB alice hunter', 'htpasswd -nbB alice [SECRET_1]'],
    [
      'aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'aws configure set aws_secret_access_key [SECRET_1]',
    ],
    ['npm config set _authToken abcdef12', 'npm config set _authToken [SECRET_1]'],
    [
      'machine api.example.com login alice password Tr0ub4dor3',
      'machine api.example.com login alice password [SECRET_1]',
    ],
    [
      'machine api.example.com\n  login alice\n  password hunter\n',
      'machine api.example.com\n  login alice\n  password [SECRET_1]\n',
    ],
    ['_auth=dXNlcjpQYTU1dzByZA==\nemail=me@x.org', '_auth=[SECRET_1]\nemail=[EMAIL_1]'],
    [
      '{"auths":{"https://index.docker.io/v1/":{"auth":"dXNlcjpQYTU1dzByZA=="}}}',
      '{"auths":{"https://index.docker.io/v1/":{"auth":"[SECRET_1]"}}}',
    ],
  ])('redacts the credential in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    'docker run -u 1000:1000 img',
    'curl -u admin https://api.example.com',
    'curl -u admin:$PASSWORD https://api.example.com',
    'docker login -u alice -p $REGISTRY_PASSWORD registry.io',
    'htpasswd -c .htpasswd alice',
    'The password you choose should be long.',
    'aws configure set region us-east-1',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on cookies', () => {
  it.each([
    [
      'Cookie: sessionid=k2j3h4g5f6d7s8a9q0w1e2r3; csrftoken=AbCdEf123456',
      'Cookie: sessionid=[SECRET_1]; csrftoken=[SECRET_2]',
    ],
    [
      'Set-Cookie: connect.sid=s%3AAbCdEf12345.Xyz%2Fabc; Path=/; HttpOnly',
      'Set-Cookie: connect.sid=[SECRET_1]; Path=/; HttpOnly',
    ],
    ['cookie: session=abc123DEF456ghi', 'cookie: session=[SECRET_1]'],
    ['{"Cookie":"session=abc123DEF456ghi"}', '{"Cookie":"session=[SECRET_1]"}'],
    [
      'curl -H "Cookie: a=Xk9mQ2vL7pz; b=y2Rt8wZ1n" https://x',
      'curl -H "Cookie: a=[SECRET_1]; b=[SECRET_2]" https://x',
    ],
  ])('redacts each value in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each(['Cookie: a small baked good.', 'for (i=0; i<n; i=i+1) {}'])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on a link whose password holds @, / or #', () => {
  it.each([
    ['postgres://app:p@ssw0rd!@db:5432/app', 'postgres://app:[SECRET_1]@db:5432/app'],
    ['postgres://user:ab/cd12@db', 'postgres://user:[SECRET_1]@db'],
    ['redis://default:abc#123@redis:6379', 'redis://default:[SECRET_1]@redis:6379'],
    ['postgres://u:p@ss/w0rd@db/app', 'postgres://u:[SECRET_1]@db/app'],
    ['https://u:pw@host/p?email=a@b.org', 'https://u:[SECRET_1]@host/p?email=[EMAIL_1]'],
    [
      '"postgres://u:p@ss@db" and amqp://:guest@rabbit',
      '"postgres://u:[SECRET_1]@db" and amqp://:[SECRET_2]@rabbit',
    ],
  ])('redacts the whole password in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each(['http://localhost:3000/@alice', 'https://example.com:8443/a@b', 'https://host:8080/path'])(
    'leaves %j as it is',
    (text) => {
      expect(redact(text)).toBe(text);
    },
  );
});

describe('DEFAULT_REDACTION_PATTERNS on clause numbers shaped like phone numbers', () => {
  it.each([
    'clause at DFARS 252.227-7013 and/or in similar',
    'as defined in Clause 252.227-7013 (c) (1)',
    'DFAR 252.227-7015 (Technical Data',
    'defined at 48 C.F.R. § 252.227-7014(a)(1))',
    'set forth in DFARS 202.227-7015 Technical Data',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });

  it.each([
    ['call 555.123.4567', 'call [PHONE_1]'],
    ['call (555) 123-4567', 'call [PHONE_1]'],
    ['call 555-123-4567', 'call [PHONE_1]'],
    ['call 555.123-4567', 'call [PHONE_1]'],
  ])('still redacts %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });
});

describe('redactionMiddleware on short key names and cookies in a tool call input', () => {
  it('sends neither the password under `pass` nor the cookie', async () => {
    const inner = new MockLanguageModel({ doGenerate: async () => generateResult('ok') });
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    await generateText({
      model,
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: '1',
              toolName: 'http',
              input: { auth: { user: 'u', pass: 'hunter2' }, headers: { Cookie: 'session=abc123DEF456ghi' } },
            },
          ],
        },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: '1', toolName: 'http', output: { type: 'text', value: 'ok' } },
          ],
        },
      ],
    });
    const seen = JSON.stringify(inner.doGenerateCalls[0]?.prompt);
    expect(seen).not.toContain('hunter2');
    expect(seen).not.toContain('abc123DEF456ghi');
    expect(seen).toContain('session=[SECRET_');
  });
});
