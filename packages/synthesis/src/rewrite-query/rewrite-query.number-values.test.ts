import { describe, expect, it } from 'vitest';
import { codeOf } from '../__fixtures__/rewrite-code.js';

// Two of the query's numbers written side by side read as one grouped number (`1 500` as 1500), and scientific notation
// was compared as written, so an honest `1e-3` → `1×10⁻³` was refused.
describe('rewriteQuery refuses two numbers the rewrite writes side by side where the query did not', () => {
  it.each([
    ['take 1 tablet of 500 mg ibuprofen', 'ibuprofen 1 500 mg tablet dosage'],
    ['take 1 tablet of 500 mg ibuprofen', 'ibuprofen 1\t500 mg tablet dosage'],
    ['paracetamol 2 tablets of 500 mg max dose', 'paracetamol max dose 2  500 mg tablets'],
    ['paracetamol 2 tablets of 500 mg max dose', 'paracetamol max dose 2 \u00a0500 mg tablets'],
    ['Windows 10 and 365 licence price', 'Windows 10 365 licence price'],
    ['iPhone 15 with 256 GB storage price', 'iPhone 15 256 GB storage price'],
    ['top 5 of 500 companies revenue', 'top 5 500 companies revenue'],
    // A group separator before three digits joins them as well.
    ['top 5 of 500 companies revenue', 'top 5,500 companies revenue'],
    ['top 5 of 500 companies revenue', "top 5'500 companies revenue"],
    ['top 5 of 500 companies revenue', 'top 5.500 companies revenue'],
    ['top 5 of 500 companies revenue', 'top 5\u2009500 companies revenue'],
    ['top 5 of 500 companies revenue', 'top 5\u00a0500 companies revenue'],
  ])('refuses %j rewritten as %j with dropped_term', async (query, output) => {
    expect([output, await codeOf(query, output)]).toEqual([output, 'dropped_term']);
  });

  it.each([
    // The query wrote them side by side itself.
    ['Windows 10 365 licence price', 'Windows 10 365 licence cost'],
    ['take 1 500 mg tablet', 'dosage of 1 500 mg tablet'],
    ['take 1\t500 mg tablet', 'dosage of 1 500 mg tablet'],
    ['Windows 10 365 licence price', 'Windows 10 and 365 licence price'],
    // Apart, or side by side where no grouping can be read (a group is exactly three digits).
    ['iPhone 15 with 256 GB storage price', 'iPhone 15 price 256 GB storage'],
    ['shoe sizes 10, 12 and 14 chart', 'shoe size chart 10 12 14'],
  ])('accepts %j rewritten as %j', async (query, output) => {
    expect([query, await codeOf(query, output)]).toEqual([query, output]);
  });
});

describe('rewriteQuery reads scientific notation by its exact value', () => {
  it.each([
    ['half-life 1e-3 seconds isotope', 'isotope half-life 1\u00d710\u207b\u00b3 seconds'],
    ['decay rate 1e-3 per second', 'decay rate 1 x 10^-3 per second'],
    ['decay rate 1e-3 per second', 'decay rate 1\u00b710\u207b\u00b3 per second'],
    ['decay rate 1e-3 per second', 'decay rate 10^-3 per second'],
    ['decay rate 1e-3 per second', 'decay rate 1.0\u00d710\u207b\u00b3 per second'],
    ['decay rate 1E-3 per second', 'decay rate 1 \u00d7 10^-3 per second'],
    ['decay rate 10\u207b\u00b3 per second', 'decay rate 10^-3 per second'],
    ['Avogadro number 6.022\u00d710\u00b2\u00b3 mol', 'Avogadro number 6.022e23 per mol'],
    ['speed of light 3 x 10^8 m/s', 'speed of light 3e8 m/s'],
    ['tolerance 2.5E-6 mm bearing', 'bearing tolerance 2.50 \u00d7 10^-6 mm'],
    // A capital `E` writes an exponent, not a name the rewrite must keep as a word.
    ['decay rate 1E\u22123 per second', 'decay rate 10^-3 per second'],
    ['decay rate 1E3 per second', 'decay rate 10\u00b3 per second'],
  ])('accepts %j rewritten as %j', async (query, output) => {
    expect([query, await codeOf(query, output)]).toEqual([query, output]);
  });

  it.each([
    ['decay rate 1e-3 per second', 'decay rate 1\u00d710\u207b\u2074 per second', 'dropped_term'],
    ['decay rate 1e-3 per second', 'decay rate 2\u00d710\u207b\u00b3 per second', 'dropped_term'],
    // Only scientific forms are read by value: a plain decimal is compared as written.
    ['decay rate 1e-3 per second', 'decay rate 0.001 per second', 'dropped_term'],
    ['speed of light 3 x 10^8 m/s', 'speed of light 3e9 m/s', 'dropped_term'],
    ['Avogadro number 6.022\u00d710\u00b2\u00b3', 'Avogadro number 6.02e23', 'dropped_term'],
    ['decay rate 1e-3 per second', 'decay rate 2^-3 per second', 'dropped_term'],
    // An exponent of more than 15 digits is compared as written.
    ['decay rate 1e-1000000000000000000', 'decay rate 10^-1000000000000000000', 'dropped_term'],
    // A word that only looks like an exponent is still a name.
    ['Leica 1E camera review', 'Leica camera review', 'dropped_term'],
    // A `-` that does not write an exponent's sign after `^` is still an excluded term.
    ['decay rate 1e-3 per second', 'decay rate 10^--3 per second', 'added_operator'],
    ['decay rate 1e-3 per second', 'decay rate 1e-3 per second 10^-spam', 'added_operator'],
  ])('refuses %j rewritten as %j with %s', async (query, output, code) => {
    expect([output, await codeOf(query, output)]).toEqual([output, code]);
  });
});
