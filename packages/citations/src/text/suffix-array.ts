// The suffix array of an integer sequence by induced sorting (SA-IS, Nong, Zhang and Chan 2009): linear time and
// memory, typed arrays only. It is what lets the verifier look up any number of quotations and claims in a passage
// in time proportional to their own length, after one pass over the passage.

/**
 * The suffix array of `text[0..n)`: the start of every suffix in lexicographic order. `text` holds integers in
 * `1..alphabetSize - 1` followed by one 0 at the end (the sentinel, smaller than every other symbol).
 */
export function suffixArray(text: Int32Array, alphabetSize: number): Int32Array {
  const n = text.length;
  const sa = new Int32Array(n);
  if (n === 1) return sa;
  // Suffix types: S (smaller than the suffix after it) = 1, L = 0; the sentinel is S.
  const type = new Uint8Array(n);
  type[n - 1] = 1;
  for (let i = n - 2; i >= 0; i--) {
    type[i] = text[i]! < text[i + 1]! || (text[i] === text[i + 1] && type[i + 1] === 1) ? 1 : 0;
  }
  const isLms = (i: number): boolean => i > 0 && type[i] === 1 && type[i - 1] === 0;
  const counts = new Int32Array(alphabetSize);
  for (let i = 0; i < n; i++) counts[text[i]!]!++;
  const bucket = new Int32Array(alphabetSize);
  const bucketEnds = (): void => {
    let sum = 0;
    for (let c = 0; c < alphabetSize; c++) {
      sum += counts[c]!;
      bucket[c] = sum;
    }
  };
  const bucketStarts = (): void => {
    let sum = 0;
    for (let c = 0; c < alphabetSize; c++) {
      bucket[c] = sum;
      sum += counts[c]!;
    }
  };
  const induce = (): void => {
    bucketStarts();
    for (let i = 0; i < n; i++) {
      const j = sa[i]! - 1;
      if (j >= 0 && type[j] === 0) sa[bucket[text[j]!]!++] = j;
    }
    bucketEnds();
    for (let i = n - 1; i >= 0; i--) {
      const j = sa[i]! - 1;
      if (j >= 0 && type[j] === 1) sa[--bucket[text[j]!]!] = j;
    }
  };

  // Step 1: sort the LMS substrings by placing LMS positions at their bucket ends and inducing.
  sa.fill(-1);
  bucketEnds();
  for (let i = 1; i < n; i++) if (isLms(i)) sa[--bucket[text[i]!]!] = i;
  induce();

  // Step 2: name the sorted LMS substrings; equal substrings get equal names.
  let lmsCount = 0;
  for (let i = 0; i < n; i++) if (isLms(sa[i]!)) sa[lmsCount++] = sa[i]!;
  sa.fill(-1, lmsCount);
  let names = 0;
  let previous = -1;
  for (let i = 0; i < lmsCount; i++) {
    const position = sa[i]!;
    let differs = previous === -1;
    for (let d = 0; !differs; d++) {
      if (text[position + d] !== text[previous + d] || type[position + d] !== type[previous + d])
        differs = true;
      else if (d > 0 && (isLms(position + d) || isLms(previous + d))) break; // both LMS substrings ended alike
    }
    if (differs) {
      names++;
      previous = position;
    }
    sa[lmsCount + (position >> 1)] = names - 1; // LMS positions are at least two apart: no collision
  }
  const reduced = new Int32Array(lmsCount);
  for (let i = n - 1, j = lmsCount - 1; i >= lmsCount; i--) if (sa[i]! >= 0) reduced[j--] = sa[i]!;

  // Step 3: sort the reduced problem (recursively while names repeat), then induce the whole order from it.
  let order: Int32Array;
  if (names < lmsCount) order = suffixArray(reduced, names);
  else {
    order = new Int32Array(lmsCount);
    for (let i = 0; i < lmsCount; i++) order[reduced[i]!] = i;
  }
  const lms = new Int32Array(lmsCount);
  for (let i = 1, j = 0; i < n; i++) if (isLms(i)) lms[j++] = i;
  sa.fill(-1);
  bucketEnds();
  for (let i = lmsCount - 1; i >= 0; i--) {
    const j = lms[order[i]!]!;
    sa[--bucket[text[j]!]!] = j;
  }
  induce();
  return sa;
}
