// A pipeline that quotes every passage it is shown, the look-alike decoy included: the echo check must fail it.
export default function citeEverything({ passages }) {
  return passages.map((passage, index) => `${passage.text} [${index + 1}]`).join(' ');
}
