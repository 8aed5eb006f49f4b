type TextPart = {
  type: 'text' | 'reasoning';
  text: string;
  providerOptions?: unknown;
  providerMetadata?: unknown;
};

/**
 * `parts` with each run of consecutive text parts, and each run of consecutive reasoning parts, passed to `mapRun`
 * together (one string per part, in order), and every other part to `mapOther`. A provider hands the parts of a run
 * on side by side (OpenAI's chat API joins an assistant's text parts into one string, its completion API a user's,
 * Anthropic sends them as adjacent blocks), so the model reads a run as one text, and so does a caller reading
 * `result.text`. A part the run emptied is dropped unless it carries provider options or metadata: the AI SDK drops
 * empty text parts itself, and Anthropic refuses them.
 */
export function mapTextRuns<P extends { type: string }>(
  parts: readonly P[],
  mapRun: (texts: string[]) => string[],
  mapOther: (part: P) => P,
): P[] {
  const mapped: P[] = [];
  let index = 0;
  while (index < parts.length) {
    const first = parts[index] as P;
    let end = index;
    while (end < parts.length && isRunPart(parts[end], first.type)) end += 1;
    if (end === index) {
      mapped.push(mapOther(first));
      index += 1;
      continue;
    }
    const run = parts.slice(index, end) as unknown as TextPart[];
    const texts = mapRun(run.map((part) => part.text));
    run.forEach((part, at) => {
      const text = texts[at] ?? '';
      const emptied = text === '' && part.text !== '';
      if (!emptied || part.providerOptions !== undefined || part.providerMetadata !== undefined)
        mapped.push({ ...part, text } as unknown as P);
    });
    index = end;
  }
  return mapped;
}

function isRunPart(part: { type: string } | undefined, type: string): boolean {
  return (
    part !== undefined &&
    part.type === type &&
    (type === 'text' || type === 'reasoning') &&
    typeof (part as { text?: unknown }).text === 'string'
  );
}
