import { describe, expect, it } from 'vitest';
import { redact } from '../__fixtures__/redact-with-defaults.js';

// A second review found honest values hidden after the names 7ef2de4 added: names that are words of code and
// configuration too (`key`, `*_KEY`, `auth`, `credentials`, `pin`, `pass`, `pw`), a cookie any site sets, a command's
// `-p -` and a setting after `configure set`, a port glued to a path in a link. After such a name only a value shaped
// like a secret is hidden; after a name of a secret (`password`, `token`, `SIGNING_KEY`) any value still is.

describe('DEFAULT_REDACTION_PATTERNS on values of names that are words of code too', () => {
  it.each([
    // Keyboard keys, file names, ids, fetch's credentials modes and settings quoted after the name.
    '"key": "Enter"',
    '"key": "ArrowUp"',
    '"key": "README.md"',
    '{"key": "user-42", "value": 1}',
    '"credentials": "include"',
    '"credentials": "same-origin"',
    '"auth": "required"',
    '"auth": "Bearer"',
    '"pin": "A0"',
    // Keys of tables, caches, buckets and translations, licences, certificate paths and app ids.
    'PRIMARY_KEY=Id',
    'SORT_KEY=createdAt',
    'CACHE_KEY=users_v2',
    'PARTITION_KEY=tenantId2',
    'REDIS_KEY=sessions:v2',
    'S3_KEY=reports/2024.csv',
    'I18N_KEY=home.title',
    "const APP_KEY = 'MyApp2';",
    'license_key: MIT',
    'licenseKey: Apache-2.0',
    'client_key: ./certs/client.key',
    'appKey: com.example.App1',
    'webhookKey: orderCreated2',
    // A test runner's counts and results.
    'PASS = 3',
    '✓ PASS=12 FAIL=0',
    'TEST_PASS=Green',
    // `pw` in prose.
    'pw: see below',
    'Vault pw: the password manager stores it',
    // Pins of a board, a query's placeholders, arguments of code, schemes and prose.
    'Connect the LED to pin=D13 and the button to pin=A0.',
    'Set pin=GPIO17 in config.txt, then reboot.',
    'PIN=13 PIN2=GND',
    'Use the query string ?key=value&sort=asc to filter.',
    'map.get(key=Item1) returns the first.',
    'df.groupby(key=Col2)',
    'auth=Kerberos5 realm',
    'cvv=3digits',
    'otp=Enabled in settings',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });

  it.each([
    // Secret-shaped values after the same names, quoted or not.
    ['"key": "k3y8Xq2Lm9"', '"key": "[SECRET_1]"'],
    ['"credentials": "admin:hunter2"', '"credentials": "[SECRET_1]"'],
    ['"auth": "dXNlcjpQYTU1dzByZA=="', '"auth": "[SECRET_1]"'],
    ['"auth": "Basic dXNlcjpQYTU1dzByZA=="', '"auth": "Basic [SECRET_1]"'],
    ['"pin": "4821"', '"pin": "[SECRET_1]"'],
    ['SIM_PIN=4821', 'SIM_PIN=[SECRET_1]'],
    ['otp=JBSWY3DPEHPK3PXP', 'otp=[SECRET_1]'],
    ['CACHE_KEY=Zq81mXv0Lr7', 'CACHE_KEY=[SECRET_1]'],
    ["const APP_KEY = 'base64:Qm9vN2tLZXk5Mg==';", "const APP_KEY = '[SECRET_1]';"],
    ['licenseKey: ABCD-1234-EFGH-5678', 'licenseKey: [SECRET_1]'],
    ['TEST_PASS=Gr33nLight', 'TEST_PASS=[SECRET_1]'],
    ['pw: s3cr3t!', 'pw: [SECRET_1]'],
    // Names of a secret or of key material take any value.
    ['SIGNING_KEY=abcdefgh', 'SIGNING_KEY=[SECRET_1]'],
    ['APP_ENCRYPTION_KEY=abcdefgh', 'APP_ENCRYPTION_KEY=[SECRET_1]'],
    ['appSessionKey: "abcdefgh"', 'appSessionKey: "[SECRET_1]"'],
    ['"api_key": "Enter"', '"api_key": "[SECRET_1]"'],
    ['DB_PASSWORD=Green', 'DB_PASSWORD=[SECRET_1]'],
  ])('redacts the secret in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on cookies, command lines and links that hold no secret', () => {
  it.each([
    'Cookie: theme=dark; lang=en-US',
    'Set-Cookie: theme=dark; Path=/',
    'docker login -p - --password-stdin',
    'aws configure set aws_session_token_duration 3600',
    'aws configure set output json',
    'http://host:80abc/@u',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });

  it.each([
    ['Cookie: theme=dark; sid=k2j3h4g5', 'Cookie: theme=dark; sid=[SECRET_1]'],
    ['Cookie: __Host-id=abc; lang=en', 'Cookie: __Host-id=[SECRET_1]; lang=en'],
    ['Cookie: remember_me=yes; auth_state=x', 'Cookie: remember_me=[SECRET_1]; auth_state=[SECRET_2]'],
    ['Cookie: theme=dark; uid=Zq81mXv0Lr7', 'Cookie: theme=dark; uid=[SECRET_1]'],
    ['Set-Cookie: jwt=abc; Path=/', 'Set-Cookie: jwt=[SECRET_1]; Path=/'],
    ['aws configure set aws_session_token Zq81mXv0Lr7', 'aws configure set aws_session_token [SECRET_1]'],
    ['http://u:80pass@host/x', 'http://u:[SECRET_1]@host/x'],
  ])('redacts the secret in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });
});
