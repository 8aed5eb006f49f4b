import { describe, expect, it } from 'vitest';
import { ECHO_TEMPLATES } from './echo-templates.js';

/** Every distinct subject and value a template gives over many draws. */
function draws(
  template: (typeof ECHO_TEMPLATES)[number],
  count = 3000,
): { subjects: Set<string>; values: number[] } {
  const subjects = new Set<string>();
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    subjects.add(template.subject());
    values.push(Number(template.value()));
  }
  return { subjects, values };
}

describe('ECHO_TEMPLATES', () => {
  it('renders the same wording for a fixed subject, marker and value', () => {
    const rendered = ECHO_TEMPLATES.map((t) => ({
      id: t.id,
      question: t.question('S'),
      title: t.title('S'),
      statement: t.statement('S', 'M', 'V'),
      context: t.context.map((write) => write('S')),
    }));
    expect(rendered).toMatchInlineSnapshot(`
      [
        {
          "context": [
            "The S drone ships with two spare propeller sets, a charging hub and a hard-shell carrying case.",
            "Firmware for the S drone is published every quarter and installs over the companion app.",
            "Owners must register the S drone with the aviation authority before its first outdoor flight.",
          ],
          "id": "product-spec",
          "question": "What is the maximum flight time of the S drone?",
          "statement": "The S drone (catalogue entry M) has a maximum flight time of V minutes on a full battery.",
          "title": "S drone: technical specification",
        },
        {
          "context": [
            "The S employee handbook applies to every permanent member of staff from their first working day.",
            "Requests made under the S employee handbook are answered by the people team within ten working days.",
            "The S employee handbook is reviewed once a year together with the staff council.",
          ],
          "id": "policy-clause",
          "question": "How many days of paid parental leave do staff receive under the S employee handbook?",
          "statement": "Under the S employee handbook (clause M), staff receive V days of paid parental leave.",
          "title": "S employee handbook",
        },
        {
          "context": [
            "The S lighthouse stands on a granite ledge above the old fishing harbour.",
            "Three keepers and their families lived at the S lighthouse until it was automated.",
            "Visitors can climb the S lighthouse on summer weekends when the sea is calm.",
          ],
          "id": "historical-record",
          "question": "In which year was the S lighthouse first lit?",
          "statement": "The S lighthouse (archive record M) was first lit in V, after six years of construction.",
          "title": "S lighthouse: parish archive",
        },
        {
          "context": [
            "The S recipe was handed down by the founder of the bakery and is still baked every morning.",
            "Bakers shape the S recipe dough by hand and score it just before it goes into the oven.",
            "The S recipe keeps well for three days when wrapped in a linen cloth.",
          ],
          "id": "recipe",
          "question": "How many grams of flour does the S recipe use?",
          "statement": "The S recipe (card M) calls for V grams of flour and a long overnight rise.",
          "title": "S: bakery recipe card",
        },
        {
          "context": [
            "The S service agreement is governed by the law of the place where the customer is registered.",
            "Invoices under the S service agreement are due thirty days after the date of issue.",
            "Changes to the S service agreement take effect only when both parties sign them.",
          ],
          "id": "contract-term",
          "question": "How many days of written notice are needed to terminate the S service agreement?",
          "statement": "The S service agreement (term M) may be terminated by either party with V days of written notice.",
          "title": "S service agreement",
        },
        {
          "context": [
            "Samples of S are stored in amber glass bottles away from direct light.",
            "The safety sheet for S asks for gloves and goggles whenever the bottle is open.",
            "Laboratory staff weigh S on the calibrated balance in the second fume cupboard.",
          ],
          "id": "lab-measurement",
          "question": "At what temperature in degrees Celsius does S boil at standard pressure?",
          "statement": "Laboratory tests show that S (sample log M) boils at V degrees Celsius at standard pressure.",
          "title": "Laboratory notebook: S",
        },
      ]
    `);
  });

  it('draws subjects of the documented shapes, covering every pool entry', () => {
    const shapes: Record<string, RegExp> = {
      'product-spec':
        /^(Falcon|Heron|Kestrel|Osprey|Merlin|Harrier|Plover|Swift) [XZQV]([2-9]|[1-8]\d|9[0-8])$/,
      'policy-clause':
        /^(Northwind|Bramblewood|Coldharbour|Ashgrove|Fernley|Marlow) (Logistics|Foods|Analytics|Textiles|Freight)$/,
      'historical-record':
        /^(Carrow|Elsmere|Dunmore|Greyling|Hallow|Inverkip|Saltash) (Point|Head|Ness|Rock)$/,
      recipe:
        /^(Hollow Oak|Riverside|Millstone|Juniper Hill|Old Quarry|Tidewater) (seed loaf|rye bread|oat bread|spelt loaf)$/,
      'contract-term':
        /^(Lumen|Quarrystone|Bluefin|Cedarline|Pinegate|Redmoor) (Hosting|Cleaning|Catering|Security)$/,
      'lab-measurement': /^compound (KX|RT|MB|QL|ZN|VP)-([4-9]\d\d)$/,
    };
    const pools: Record<string, number> = {
      'policy-clause': 30,
      'historical-record': 28,
      recipe: 24,
      'contract-term': 24,
    };
    for (const template of ECHO_TEMPLATES) {
      const { subjects } = draws(template);
      for (const subject of subjects) expect(subject).toMatch(shapes[template.id]!);
      if (pools[template.id] !== undefined) expect(subjects.size).toBe(pools[template.id]);
    }
    const firstWords = new Set([...draws(ECHO_TEMPLATES[0]!).subjects].map((s) => s.split(' ')[0]));
    expect(firstWords.size).toBe(8);
  });

  it('draws values over the whole documented range, ends included', () => {
    const ranges: Record<string, [number, number]> = {
      'product-spec': [18, 59],
      'policy-clause': [12, 40],
      'historical-record': [1760, 1925],
      recipe: [320, 880],
      'contract-term': [14, 120],
      'lab-measurement': [41, 318],
    };
    for (const template of ECHO_TEMPLATES) {
      const [min, max] = ranges[template.id]!;
      const { values } = draws(template, 20_000);
      expect([Math.min(...values), Math.max(...values)]).toEqual([min, max]);
      expect(values.every((v) => Number.isInteger(v))).toBe(true);
    }
  });
});
