// The rule for numbers whose value is an integer, however the literal writes it (fraction digits, exponent).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { scanJson } from './scan-json.js';

const scan = (text: string) => scanJson(text, 0, text.length, 64);
const inexact = (position: number, characters: number) => ({
  code: 'not_json',
  position,
  message: `Integer at position ${position} (${characters} characters) cannot be held exactly by a double; expected at most 2^53 - 1 or a string.`,
});

/** The exact value of a decimal literal as `numerator / 10^scale` (an oracle written apart from the scanner). */
function exactValue(literal: string): { numerator: bigint; scale: number } {
  const [mantissa = '', power = '0'] = literal.toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const exponent = Number(power) - fraction.length;
  const numerator = BigInt(whole + fraction);
  return exponent >= 0
    ? { numerator: numerator * 10n ** BigInt(exponent), scale: 0 }
    : { numerator, scale: -exponent };
}

/** The integer a literal's value is, or null when it has a fraction. */
function integerOf(literal: string): bigint | null {
  const { numerator, scale } = exactValue(literal);
  const unit = 10n ** BigInt(scale);
  return numerator % unit === 0n ? numerator / unit : null;
}

/**
 * The documented rule: refused when the value is an integer that its double neither equals nor prints as (shortest,
 * or with 17 significant digits).
 */
function refusedByRule(literal: string): boolean {
  const value = Number(literal);
  const integer = integerOf(literal);
  if (integer === null || !Number.isFinite(value)) return false;
  return (
    BigInt(value) !== integer &&
    integerOf(String(value)) !== integer &&
    integerOf(value.toPrecision(17)) !== integer
  );
}

describe('scanJson', () => {
  describe('a number whose value is an integer a double changes', () => {
    it('is refused however it is written: a fraction of zeros, an exponent, both, either sign', () => {
      for (const literal of [
        '9007199254740993.0',
        '9007199254740993.000000',
        '-9007199254740993.0',
        '9007199254740993e0',
        '9007199254740993E0',
        '9007199254740993e+0',
        '9007199254740993e-0',
        '9007199254740993E+00',
        '9.007199254740993e15',
        '9.007199254740993E15',
        '9.007199254740993e+15',
        '-9.007199254740993E+15',
        '9.0071992547409930e15',
        '90071992547409930e-1',
        '900719925474099300E-2',
        '9007199254740993000e-3',
        '900719925474099.3e1',
        '0.9007199254740993e16',
        '0.000009007199254740993e21',
        '-0.000009007199254740993E+21',
        '12345678901234567890.0',
        '1.2345678901234567890e19',
        '1234567890123456789e1',
        '1.2345678901234567e18',
        '1000000000000000000001.0',
        '1.000000000000000000001e21',
      ]) {
        expect(scan(literal), literal).toEqual(inexact(0, literal.length));
        expect(scan(`{"id": ${literal}}`), literal).toEqual(inexact(7, literal.length));
      }
    });

    it('is kept when the double is exactly that integer, however it is written', () => {
      for (const literal of [
        '9007199254740992.0',
        '9.007199254740992e15',
        '-9.007199254740992E+15',
        '90071992547409920e-1',
        '18014398509481984.00',
        '1152921504606846976.0', // 2^60, which prints as 1152921504606847000
        '1.152921504606846976e18',
        '1e21',
        '1.0e22',
        '1000000000000000000000.000',
        '4.35e18',
      ])
        expect(scan(literal), literal).toBeNull();
    });

    it('is kept when it is how the double prints, as JSON.stringify or a %.17g printer wrote it', () => {
      for (const literal of [
        '1e300',
        '1E+300',
        '-1e300',
        '1.7976931348623157e308',
        '6.02214076e23',
        '1.2345678901234568e25',
        '123456789012345680000.0',
        '1.2345678901234568E+20',
        '0.12345678901234568e21',
        String(2 ** 64 + 2 ** 20),
        String(-(2 ** 70)),
        // With 17 significant digits, as C's %.17g, numpy and Go print a double.
        '6.0221407599999999e+23',
        '9.9999999999999992e+22',
        '1.7976931348623157e+308',
        '3.1415926535897932e+16',
        '-1.2345678901234568e+20',
        (6.02214076e23).toPrecision(17),
      ])
        expect(scan(literal), literal).toBeNull();
    });

    it('leaves a true fraction to round as doubles do, and a small integer in any form alone', () => {
      for (const literal of [
        '0.1',
        '-0.1',
        '9007199254740993.5',
        '9.0071992547409935e15',
        '90071992547409935e-1',
        '12345678901234567.5',
        '1.00000000000000000000001',
        '0.12345678901234567890123',
        '1e-400',
        '1.0',
        '100e-2',
        '-5E0',
        '0.0e10',
        '-0.0',
        '0e999999999',
        '9007199254740991.0',
        '9.007199254740991e15',
        '123456789012345.0e1',
      ])
        expect(scan(literal), literal).toBeNull();
    });

    it('follows the rule for any literal, checked against exact arithmetic', () => {
      // Significant digits of every length up to 25 (past a double's 17), so both answers come up often.
      const digits = fc
        .integer({ min: 1, max: 25 })
        .chain((length) =>
          fc.tuple(
            fc.integer({ min: 1, max: 9 }),
            fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length - 1, maxLength: length - 1 }),
          ),
        )
        .map(([first, rest]) => `${first}${rest.join('')}`);
      const sign = fc.constantFrom('', '-');
      const exponent = fc.tuple(
        fc.constantFrom('e', 'E'),
        fc.constantFrom('', '+', '-'),
        fc.nat({ max: 30 }),
      );
      const literal = fc
        .tuple(sign, digits, fc.nat({ max: 25 }), fc.option(exponent), fc.constantFrom('', '0', '000'))
        .map(([minus, significant, point, power, zeros]) => {
          const at = Math.min(point, significant.length - 1) + 1;
          const fraction = significant.slice(at) + zeros;
          const mantissa = significant.slice(0, at) + (fraction === '' ? '' : `.${fraction}`);
          return `${minus}${mantissa}${power === null ? '' : power.join('')}`;
        });
      const belowOne = fc
        .tuple(sign, fc.nat({ max: 6 }), digits, exponent)
        .map(
          ([minus, zeros, significant, power]) =>
            `${minus}0.${'0'.repeat(zeros)}${significant}${power.join('')}`,
        );
      fc.assert(
        fc.property(fc.oneof(literal, belowOne), (text) => {
          const failure = scan(text);
          if (!Number.isFinite(Number(text))) expect(failure?.code).toBe('not_json');
          else
            expect(failure === null ? false : failure.message.startsWith('Integer'), text).toBe(
              refusedByRule(text),
            );
        }),
        { numRuns: propertyRuns(20_000) },
      );
    });
  });
});
