import { type LanguageModel, wrapLanguageModel } from 'ai';

/**
 * Three claims a careless model might add to a good answer, one per rejection the checks make: a statement its
 * source does not support, an identifier its source does not contain, and a sentence with no citation at all.
 */
export const CARELESS_CLAIMS: readonly string[] = [
  'You must also send a copy of every modified file to the Apache Software Foundation within 30 days. [1]',
  'The Court of Justice confirmed this reading in ECLI:EU:C:2019:1046. [1]',
  'Most companies ignore this requirement in practice.',
];

/**
 * Wraps a model so that every answer it writes gains {@link CARELESS_CLAIMS}, in a paragraph of their own (a line
 * that follows a clause ending `; and` would carry on its sentence, and be cut with it): the demo's way of showing, offline,
 * what the checks do with claims a cloud model can make. Printed as a demonstration, never as an answer.
 */
export function carelessModel(model: Exclude<LanguageModel, string>): Exclude<LanguageModel, string> {
  return wrapLanguageModel({
    // AI SDK 6 types the wrapper for v3 models, AI SDK 7 for any; the demo's models are v3 (or v4 on AI SDK 7).
    model: model as Extract<LanguageModel, { specificationVersion: 'v3' }>,
    middleware: {
      specificationVersion: 'v3',
      wrapGenerate: async ({ doGenerate }) => {
        const result = await doGenerate();
        const content = result.content.map((part) =>
          part.type === 'text' ? { ...part, text: `${part.text}\n\n${CARELESS_CLAIMS.join('\n')}` } : part,
        );
        return { ...result, content };
      },
      // Streamed, the claims come after the model's own text, before its text part ends.
      wrapStream: async ({ doStream }) => {
        const result = await doStream();
        type Part = typeof result.stream extends ReadableStream<infer P> ? P : never;
        let added = false;
        const addClaims = (id: string, controller: TransformStreamDefaultController<Part>): void => {
          if (added) return;
          added = true;
          controller.enqueue({ type: 'text-delta', id, delta: `\n\n${CARELESS_CLAIMS.join('\n')}` } as Part);
        };
        const stream = result.stream.pipeThrough(
          new TransformStream<Part, Part>({
            transform(part, controller) {
              if (part.type === 'text-end') addClaims(part.id, controller);
              controller.enqueue(part);
            },
          }),
        );
        return { ...result, stream };
      },
    },
  });
}
