// All the measurements docs/real-data.md reports, from the data as read.
import { countMarkerForms, countPromptMarkers } from './count-marker-forms.js';
import { evaluateExpertQa } from './evaluate-expertqa.js';
import { evaluateQuoteSum } from './evaluate-quotesum.js';
import { evaluateSupport } from './evaluate-support.js';
import type { RealData } from './real-data.js';
import type { RealDataMeasurements } from './render-real-data.js';

/** Runs every evaluation over the data. */
export function measureRealData(data: RealData): RealDataMeasurements {
  return {
    files: data.files,
    markerForms: {
      expertqa: countMarkerForms(data.expertqa.map((row) => row.answer)),
      quotesum: countMarkerForms(data.quotesum.map((row) => row.summary)),
    },
    promptMarkers: countPromptMarkers(distinctPassageTexts(data)),
    expertqa: evaluateExpertQa(data.expertqa),
    support: evaluateSupport(data.expertqa),
    quotesum: evaluateQuoteSum(data.quotesum),
  };
}

/** Every distinct passage text: ExpertQA evidence and QuoteSum sources. */
function distinctPassageTexts(data: RealData): string[] {
  const texts = new Set<string>();
  for (const row of data.expertqa)
    for (const claim of row.claims) for (const e of claim.evidence) if (e.text) texts.add(e.text);
  for (const row of data.quotesum) for (const source of row.sources) texts.add(source.text);
  return [...texts];
}
