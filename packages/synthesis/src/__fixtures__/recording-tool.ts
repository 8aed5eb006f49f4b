import { jsonSchema, type Tool } from 'ai';

/**
 * A tool that takes any object as `INPUT`, records each input it runs on in `calls` and answers with
 * `answer(input)`: what an agent loop's tool received, for tests of what the middleware restores.
 */
export function recordingTool<INPUT, OUTPUT>(answer: (input: INPUT) => OUTPUT) {
  const calls: INPUT[] = [];
  // What `tool()` returns for these two fields (it returns its argument); TypeScript cannot resolve its overloads for
  // a generic OUTPUT.
  const recording = {
    inputSchema: jsonSchema<INPUT>({ type: 'object' }),
    execute: async (input: INPUT) => {
      calls.push(input);
      return answer(input);
    },
  } as unknown as Tool<INPUT, OUTPUT>;
  return { calls, tool: recording };
}
