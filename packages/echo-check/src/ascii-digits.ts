const OTHER_DIGIT = /(?![0-9])\p{Nd}/gu;
const DIGIT = /^\p{Nd}$/u;

/** `text` with every decimal digit of another script (`٢`, full-width `２`, `𝟐`, `२`) written as an ASCII digit. */
export function toAsciiDigits(text: string): string {
  return text.replace(OTHER_DIGIT, (digit) => String(digitValue(digit.codePointAt(0)!)));
}

/** Decimal digits come in runs of ten from zero (a Unicode stability rule): the value is the place in the run. */
function digitValue(code: number): number {
  let start = code;
  while (code - start < 60 && DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}
