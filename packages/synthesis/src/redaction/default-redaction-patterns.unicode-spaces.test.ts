import { describe, expect, it } from 'vitest';
import { redact } from '../__fixtures__/redact-with-defaults.js';

// A review found these sent whole: a key and its value parted by a no-break, thin or ideographic space instead of an
// ASCII one (as a word processor, French typography or a CJK input method writes it), and a phone number whose groups
// such spaces part.

describe('DEFAULT_REDACTION_PATTERNS on keys parted from their values by Unicode spaces', () => {
  it.each([
    ['a no-break space after the colon', 'password:\u00a0hunter2X9', 'password:\u00a0[SECRET_1]'],
    ['no-break spaces around =', 'DB_PASSWORD\u00a0=\u00a0hunter2x', 'DB_PASSWORD\u00a0=\u00a0[SECRET_1]'],
    ['a no-break space in JSON', '"password":\u00a0"hunter2x"', '"password":\u00a0"[SECRET_1]"'],
    [
      'a no-break space after Authorization:',
      'Authorization:\u00a0Bearer abcdef123456',
      'Authorization:\u00a0Bearer [SECRET_1]',
    ],
    [
      'a no-break space after the scheme',
      'Authorization: Bearer\u00a0abcdef123456',
      'Authorization: Bearer\u00a0[SECRET_1]',
    ],
    [
      'a no-break space after a command line option',
      '--password\u00a0hunter2X9',
      '--password\u00a0[SECRET_1]',
    ],
    ['thin spaces around =', 'secret\u2009=\u2009hunter2x', 'secret\u2009=\u2009[SECRET_1]'],
    ['ideographic spaces around =', 'password\u3000=\u3000hunter2x', 'password\u3000=\u3000[SECRET_1]'],
    ['a no-break space before the colon', 'mot_de_passe\u00a0: hunter2X9', 'mot_de_passe\u00a0: [SECRET_1]'],
  ])('redacts the value: %s', (_label, text, read) => {
    expect(redact(text)).toBe(read);
  });

  it.each([
    ['prose after a no-break space', 'Password:\u00a0see the wiki.'],
    ['French prose', 'Mot de passe\u00a0: voir le wiki.'],
    ['a word after a key in a sentence', 'The token\u00a0is refreshed hourly.'],
    ['a scheme named in prose', 'Authorization:\u00a0Basic authentication is off.'],
  ])('leaves prose: %s', (_label, text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on phone numbers parted by Unicode spaces', () => {
  it.each([
    ['thin spaces', 'call +44\u200920\u20097946\u20090958', 'call [PHONE_1]'],
    ['ideographic spaces', 'call +1\u3000555\u3000123\u30004567', 'call [PHONE_1]'],
    ['a thin space after the area code', '(555)\u2009123-4567', '[PHONE_1]'],
    ['thin spaces, North American', '555\u2009123\u20094567', '[PHONE_1]'],
    ['hair spaces', 'call 555\u200a123\u200a4567', 'call [PHONE_1]'],
    ['figure spaces', 'call 555\u2007123\u20074567', 'call [PHONE_1]'],
    ['an extension after a thin space', 'call 555-123-4567\u2009ext.\u200912', 'call [PHONE_1]'],
  ])('redacts the whole number: %s', (_label, text, read) => {
    expect(redact(text)).toBe(read);
  });

  it.each([
    ['a number grouped by thin spaces', 'about 1\u2009234\u2009567\u2009890 bytes'],
    ['a short grouped number', 'a score of 12\u2009345 points'],
    ['a range of years', 'from 1990\u20091995'],
    ['a clause number of a regulation', 'See DFARS\u2009252.227-7013 for the terms.'],
  ])('leaves what only looks like one: %s', (_label, text) => {
    expect(redact(text)).toBe(text);
  });
});
