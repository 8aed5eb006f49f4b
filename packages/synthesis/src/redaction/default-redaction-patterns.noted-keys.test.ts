import { describe, expect, it } from 'vitest';
import { redact } from '../__fixtures__/redact-with-defaults.js';

// A review found values sent as written after a password's name in words (`Mot de passe : …`, `clave de acceso: …`),
// after a note between a key and its ':' (`Password (prod): …`, `Password for admin: …`), and on the line under a key
// (`password:\n  …` in YAML, a formatter's `"api_key":\n    "…"`, code's `password =\n  "…"`).

const SECRET = 'Hunter2x9Q';

describe('DEFAULT_REDACTION_PATTERNS on a password named in words of another language', () => {
  it.each([
    'Mot de passe',
    'mot de passe',
    'MOT DE PASSE',
    'Mot\u00a0de\u00a0passe',
    'Clave de acceso',
    'clave de acceso',
    'Palavra-passe',
    'palavra passe',
    'Kata sandi',
    'Adgangskode',
    'Contraseña',
    'Passwort',
    'Senha',
  ])('redacts the value after %j and its colon', (name) => {
    for (const sep of [': ', ' : ', '\u00a0: '])
      expect(redact(`${name}${sep}${SECRET}`)).toBe(`${name}${sep}[SECRET_1]`);
  });

  it('leaves prose after such a name alone', () => {
    expect(redact('Mot de passe : choisissez un mot long.')).toBe('Mot de passe : choisissez un mot long.');
  });
});

describe('DEFAULT_REDACTION_PATTERNS on a key with a note before its colon', () => {
  it.each([
    'Password (prod): ',
    'DB password (staging): ',
    'Password for admin: ',
    'password for the root user: ',
    'API key (read-only): ',
    'Token for CI: ',
    'Mot de passe pour root : ',
    'Passwort für den Server: ',
    'Password (prod): "',
  ])('redacts the value after %j', (key) => {
    const close = key.endsWith('"') ? '"' : '';
    expect(redact(`${key}${SECRET}${close} and more`)).toBe(`${key}[SECRET_1]${close} and more`);
  });

  it('leaves a sentence after such a key alone', () => {
    for (const text of [
      'Password (required): see the wiki.',
      'Passwords for all accounts: must be long.',
      'Token for CI: ask the platform team.',
    ])
      expect(redact(text)).toBe(text);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on a value on the line under its key', () => {
  it.each([
    ['password:\n  Hunter2x9Q\n', 'password:\n  [SECRET_1]\n'],
    ['db:\n  password:\n    Hunter2x9Q\n  host: db\n', 'db:\n  password:\n    [SECRET_1]\n  host: db\n'],
    ['password: >-\n  Hunter2x9Q\n', 'password: >-\n  [SECRET_1]\n'],
    ['{\n  "api_key":\n    "abc"\n}', '{\n  "api_key":\n    "[SECRET_1]"\n}'],
    ['{"api_key":\r\n"abc def"}', '{"api_key":\r\n"[SECRET_1]"}'],
    ['password =\n  "Hunter2x9Q"', 'password =\n  "[SECRET_1]"'],
    ["const dbPassword =\n  'Hunter2x9Q';", "const dbPassword =\n  '[SECRET_1]';"],
  ])('redacts the value in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it('leaves a nested key, a list and a heading followed by prose alone', () => {
    for (const text of [
      'password:\n  prod: see vault\n',
      'tokens:\n  - name: ci\n',
      'Password:\nChoose one you can remember.\n',
      'Password:\n  Choose one you can remember.\n',
    ])
      expect(redact(text)).toBe(text);
  });
});
