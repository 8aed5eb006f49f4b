// Pairs of claims for the merge of duplicate claims in `verifyAnswer`, `createAnswerVerifier` and
// `verifyProviderCitations`: what each pair differs by, then the two claim texts.

/**
 * Pairs that normalisation folds to one text but the checks read as different words: each claim cites the passage
 * that says it, so merging them would show a citation of a passage checked against the other text.
 */
export const READ_APART: [string, string, string][] = [
  ['an exponent', '10² metres', '102 metres'],
  ['an exponent past an invisible character', '10\u200b² metres', '102 metres'],
  ['a signed exponent', '10⁻³ metres', '10-3 metres'],
  ['a letter exponent', '2ⁿ metres', '2n metres'],
  ['a circled numeral beside digits', '①500 metres', '1500 metres'],
  ['a Roman numeral character beside digits', 'Ⅱ50 metres', 'II50 metres'],
  ['a subscript beside digits', '10₂ metres', '102 metres'],
  ['a fraction', '½ metre', '1/2 metre'],
  ['a sign that reads as letters', 'Acme™Cloud metres', 'AcmeTMCloud metres'],
  ['a unit sign after a number', '5㎎ doses', '5mg doses'],
  ['a prime', 'f′ values', "f' values"],
];

/** Pairs the checks read alike: honest duplicates, which still merge. */
export const READ_ALIKE: [string, string, string][] = [
  ['case and spacing', '10² metres', '10²  METRES'],
  ['Unicode normal forms', 'café metres', 'cafe\u0301 metres'],
  ['look-alike quotes', "the site's metres", 'the site’s metres'],
  ['look-alike dashes', '10-20 metres', '10–20 metres'],
  ['a subscript after a letter', 'CO₂ metres', 'CO2 metres'],
  ['a superscript after a letter', 'm² metres', 'm2 metres'],
  ['a Roman numeral character alone', 'Ⅻ metres', 'XII metres'],
];
