import { describe, expect, it } from 'vitest';
import { redact } from '../__fixtures__/redact-with-defaults.js';

// A review found these sent as written or in part: a phone number typeset by a word processor (its hyphens turned into
// en dashes, non-breaking hyphens or minus signs, its spaces into no-break spaces) and an IPv4 address printed with
// leading zeros (`192.168.001.010`, as some routers and logs print it).

describe('DEFAULT_REDACTION_PATTERNS on phone numbers written with typeset dashes and no-break spaces', () => {
  it.each([
    ['en dashes', 'Call 555\u2013123\u20134567 today.', 'Call [PHONE_1] today.'],
    ['non-breaking hyphens', 'Call 555\u2011123\u20114567 today.', 'Call [PHONE_1] today.'],
    ['Unicode hyphens', 'Call 555\u2010123\u20104567 today.', 'Call [PHONE_1] today.'],
    ['figure dashes', 'Call 555\u2012123\u20124567 today.', 'Call [PHONE_1] today.'],
    ['minus signs', 'Call 555\u2212123\u22124567 today.', 'Call [PHONE_1] today.'],
    ['one en dash among hyphens', 'Call 555-123\u20134567 today.', 'Call [PHONE_1] today.'],
    ['no-break spaces', 'Call 555\u00a0123\u00a04567 today.', 'Call [PHONE_1] today.'],
    ['narrow no-break spaces', 'Call 555\u202f123\u202f4567 today.', 'Call [PHONE_1] today.'],
    ['a no-break space after the area code', 'Call (555)\u00a0123-4567 today.', 'Call [PHONE_1] today.'],
    [
      'an international number with en dashes',
      'Call +1 555\u2013123\u20134567 today.',
      'Call [PHONE_1] today.',
    ],
    ['an area code then an en dash', 'Call +1 (555) 123\u20134567 today.', 'Call [PHONE_1] today.'],
    [
      'non-breaking hyphens after the country code',
      'Call +1\u2011555\u2011123\u20114567.',
      'Call [PHONE_1].',
    ],
    ['an extension', 'Call 555\u2013123\u20134567 ext. 12 today.', 'Call [PHONE_1] today.'],
  ])('redacts the whole number: %s', (_label, text, read) => {
    expect(redact(text)).toBe(read);
  });

  it.each([
    ['a range of years', 'From 1990\u20131995 and 2001\u20132004.'],
    ['a clause number of a regulation', 'See DFARS 252.227\u20137013 for the terms.'],
    ['a page range', 'pages 120\u2013135 of volume 3'],
    ['a decimal after a plus sign', 'a rise of +40.7128 points'],
    ['a date', 'on 2023\u201301\u201315'],
  ])('leaves what only looks like one: %s', (_label, text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on IPv4 addresses with leading zeros', () => {
  it.each([
    ['every octet padded', 'host 192.168.001.010 is up', 'host [IPV4_1] is up'],
    ['one octet padded', 'host 010.0.0.1 is up', 'host [IPV4_1] is up'],
    ['zeros', 'bind 000.000.000.000:80', 'bind [IPV4_1]:80'],
    ['the last octet padded', 'gateway 10.0.0.01', 'gateway [IPV4_1]'],
  ])('redacts the address: %s', (_label, text, read) => {
    expect(redact(text)).toBe(read);
  });

  it.each([
    ['an octet of four digits', 'version 1.2.3.0004'],
    ['an octet past 255', 'build 192.168.1.256'],
    ['five parts', 'release 1.2.3.4.5'],
  ])('leaves what is no address: %s', (_label, text) => {
    expect(redact(text)).toBe(text);
  });
});
