import { pick, randomInt } from './random-int.js';

/** One family of synthetic echo documents: same wording for the positive and the decoy, different subject. */
export interface EchoTemplate {
  /** Stable identifier, recorded in the case. */
  id: string;
  /** A fresh random subject (a fictional product, organisation, place...). */
  subject(): string;
  /** A fresh random answer value, as written in the passage. */
  value(): string;
  question(subject: string): string;
  title(subject: string): string;
  /** The answer-bearing passage; the marker sits inside the sentence, between subject and value. */
  statement(subject: string, marker: string, value: string): string;
  /** Surrounding passages of the same document. */
  context: ReadonlyArray<(subject: string) => string>;
}

const between = (min: number, max: number) => (): string => String(randomInt(min, max));
const compose = (first: readonly string[], second: readonly string[]) => (): string =>
  `${pick(first)} ${pick(second)}`;

/** The built-in templates; a run cycles through them so consecutive cases differ. */
export const ECHO_TEMPLATES: readonly EchoTemplate[] = [
  {
    id: 'product-spec',
    subject: () =>
      `${pick(['Falcon', 'Heron', 'Kestrel', 'Osprey', 'Merlin', 'Harrier', 'Plover', 'Swift'])} ${pick(['X', 'Z', 'Q', 'V'])}${randomInt(2, 98)}`,
    value: between(18, 59),
    question: (s) => `What is the maximum flight time of the ${s} drone?`,
    title: (s) => `${s} drone: technical specification`,
    statement: (s, m, v) =>
      `The ${s} drone (catalogue entry ${m}) has a maximum flight time of ${v} minutes on a full battery.`,
    context: [
      (s) =>
        `The ${s} drone ships with two spare propeller sets, a charging hub and a hard-shell carrying case.`,
      (s) => `Firmware for the ${s} drone is published every quarter and installs over the companion app.`,
      (s) =>
        `Owners must register the ${s} drone with the aviation authority before its first outdoor flight.`,
    ],
  },
  {
    id: 'policy-clause',
    subject: compose(
      ['Northwind', 'Bramblewood', 'Coldharbour', 'Ashgrove', 'Fernley', 'Marlow'],
      ['Logistics', 'Foods', 'Analytics', 'Textiles', 'Freight'],
    ),
    value: between(12, 40),
    question: (s) =>
      `How many days of paid parental leave do staff receive under the ${s} employee handbook?`,
    title: (s) => `${s} employee handbook`,
    statement: (s, m, v) =>
      `Under the ${s} employee handbook (clause ${m}), staff receive ${v} days of paid parental leave.`,
    context: [
      (s) =>
        `The ${s} employee handbook applies to every permanent member of staff from their first working day.`,
      (s) =>
        `Requests made under the ${s} employee handbook are answered by the people team within ten working days.`,
      (s) => `The ${s} employee handbook is reviewed once a year together with the staff council.`,
    ],
  },
  {
    id: 'historical-record',
    subject: compose(
      ['Carrow', 'Elsmere', 'Dunmore', 'Greyling', 'Hallow', 'Inverkip', 'Saltash'],
      ['Point', 'Head', 'Ness', 'Rock'],
    ),
    value: between(1760, 1925),
    question: (s) => `In which year was the ${s} lighthouse first lit?`,
    title: (s) => `${s} lighthouse: parish archive`,
    statement: (s, m, v) =>
      `The ${s} lighthouse (archive record ${m}) was first lit in ${v}, after six years of construction.`,
    context: [
      (s) => `The ${s} lighthouse stands on a granite ledge above the old fishing harbour.`,
      (s) => `Three keepers and their families lived at the ${s} lighthouse until it was automated.`,
      (s) => `Visitors can climb the ${s} lighthouse on summer weekends when the sea is calm.`,
    ],
  },
  {
    id: 'recipe',
    subject: compose(
      ['Hollow Oak', 'Riverside', 'Millstone', 'Juniper Hill', 'Old Quarry', 'Tidewater'],
      ['seed loaf', 'rye bread', 'oat bread', 'spelt loaf'],
    ),
    value: between(320, 880),
    question: (s) => `How many grams of flour does the ${s} recipe use?`,
    title: (s) => `${s}: bakery recipe card`,
    statement: (s, m, v) =>
      `The ${s} recipe (card ${m}) calls for ${v} grams of flour and a long overnight rise.`,
    context: [
      (s) => `The ${s} recipe was handed down by the founder of the bakery and is still baked every morning.`,
      (s) => `Bakers shape the ${s} recipe dough by hand and score it just before it goes into the oven.`,
      (s) => `The ${s} recipe keeps well for three days when wrapped in a linen cloth.`,
    ],
  },
  {
    id: 'contract-term',
    subject: compose(
      ['Lumen', 'Quarrystone', 'Bluefin', 'Cedarline', 'Pinegate', 'Redmoor'],
      ['Hosting', 'Cleaning', 'Catering', 'Security'],
    ),
    value: between(14, 120),
    question: (s) => `How many days of written notice are needed to terminate the ${s} service agreement?`,
    title: (s) => `${s} service agreement`,
    statement: (s, m, v) =>
      `The ${s} service agreement (term ${m}) may be terminated by either party with ${v} days of written notice.`,
    context: [
      (s) =>
        `The ${s} service agreement is governed by the law of the place where the customer is registered.`,
      (s) => `Invoices under the ${s} service agreement are due thirty days after the date of issue.`,
      (s) => `Changes to the ${s} service agreement take effect only when both parties sign them.`,
    ],
  },
  {
    // Compound numbers (400-999) and boiling points (41-318) never coincide, so the decoy's value cannot
    // match a word of the question.
    id: 'lab-measurement',
    subject: () => `compound ${pick(['KX', 'RT', 'MB', 'QL', 'ZN', 'VP'])}-${randomInt(400, 999)}`,
    value: between(41, 318),
    question: (s) => `At what temperature in degrees Celsius does ${s} boil at standard pressure?`,
    title: (s) => `Laboratory notebook: ${s}`,
    statement: (s, m, v) =>
      `Laboratory tests show that ${s} (sample log ${m}) boils at ${v} degrees Celsius at standard pressure.`,
    context: [
      (s) => `Samples of ${s} are stored in amber glass bottles away from direct light.`,
      (s) => `The safety sheet for ${s} asks for gloves and goggles whenever the bottle is open.`,
      (s) => `Laboratory staff weigh ${s} on the calibrated balance in the second fume cupboard.`,
    ],
  },
];
