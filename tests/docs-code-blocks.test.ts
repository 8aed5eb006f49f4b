// Every ```ts / ```typescript / ```js block in the Markdown docs is type-checked as a module against the
// packages' sources (tests/tsconfig.json, so @gk/* resolve the way the other root tests resolve them); a block
// that runs offline is also run, and the results its comments show are checked.
//
// A block that relies on the prose says so in an HTML comment on the line(s) right before it:
//   <!-- docs-check: continues -->              it continues the previous checked block of the same file
//   <!-- docs-check: assumes <TypeScript> -->   code prepended to it (what the prose defines); a block whose
//                                               assumptions use `declare` is type-checked but not run
//   <!-- docs-check: skip (reason) -->          not checked at all; at most MAX_SKIPPED blocks in all docs
//
// Shown results are checked in three forms, when the comment starts with a literal (string, number, null,
// true, false, array or object; anything after it is prose, and a type union such as 'a' | 'b' is not a result):
//   expr; // <literal>                and  const name = ...; // <literal>
//   // name: <literal>  or  // name → <literal>   on comment lines between statements; may continue over the
//                                                 following comment lines
//   expr;  then comment lines         the string it returns, line by line
// Objects match on the keys shown; `…` in a string stands for elided text and alone for any value; a bare
// `...` in an array allows more elements.
import {
  type Dirent,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// The generated modules: gitignored, one folder per process, removed after the run.
const workDir = join(root, '.docs-check', String(process.pid));

const MAX_SKIPPED = 2;
const CODE_LANGUAGES = new Set(['ts', 'typescript', 'js', 'javascript']);
// Imports a block may have and still run here: no network, no keys, no files written.
const OFFLINE_IMPORT = /^(@gk\/(citations(\/\w+)?|echo-check|eval-schema|synthesis)|ai|ai\/test|zod)$/;
// A block that imports only these must run, so it cannot lean on `declare`d placeholders.
const VALIDATOR_IMPORT = /^@gk\/(citations(\/\w+)?|echo-check|eval-schema)$/;

// --- finding the blocks ---------------------------------------------------------------------------------

type Directive =
  | { kind: 'continues' }
  | { kind: 'assumes'; code: string; line: number }
  | { kind: 'skip'; reason: string };

interface Block {
  file: string;
  /** 1-based line of the block's first code line. */
  line: number;
  language: string;
  code: string;
  directive: Directive | null;
}

/** A piece of a generated module and the Markdown line its first line came from. */
interface Segment {
  file: string;
  line: number;
  code: string;
  /** Whether the doc shows it, or it is an `assumes` setup (whose imports may read fixtures from disk). */
  shown: boolean;
}

/** README.md, docs/*.md, docs/guides/*.md and the READMEs of packages/* and examples/*, found afresh each run. */
function markdownFiles(): string[] {
  const entries = (dir: string): Dirent[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const pages = (dir: string): string[] =>
    entries(dir).flatMap((entry) =>
      entry.isFile() && entry.name.endsWith('.md') ? [`${dir}/${entry.name}`] : [],
    );
  const readmes = (dir: string): string[] =>
    entries(dir).flatMap((entry) =>
      entry.isDirectory() && existsSync(join(root, dir, entry.name, 'README.md'))
        ? [`${dir}/${entry.name}/README.md`]
        : [],
    );
  return [
    'README.md',
    ...pages('docs'),
    ...pages('docs/guides'),
    ...readmes('packages'),
    'examples/README.md',
    ...readmes('examples'),
  ];
}

function parseDirective(comment: string, file: string, line: number): Directive | null {
  const match = /^<!--\s*docs-check:\s*([\s\S]*?)\s*-->$/.exec(comment.trim());
  if (match === null) return null;
  const body = match[1] ?? '';
  if (body === 'continues') return { kind: 'continues' };
  const skip = /^skip\s*\((.+)\)$/s.exec(body);
  if (skip !== null) return { kind: 'skip', reason: skip[1]!.trim() };
  const assumes = /^assumes\b([\s\S]*)$/.exec(body);
  if (assumes !== null) return { kind: 'assumes', code: assumes[1]!.replace(/^[ \t]*\n/, ''), line };
  throw new Error(
    `${file}:${line}: unknown docs-check directive "${body.slice(0, 60)}"; expected "continues", ` +
      '"assumes <code>" or "skip (reason)".',
  );
}

function extractBlocks(file: string): Block[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[index]!);
    if (open === null) continue;
    const [, indent = '', fence = '', info = ''] = open;
    const close = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let end = index + 1;
    while (end < lines.length && !close.test(lines[end]!)) end++;
    const language = info.toLowerCase();
    if (CODE_LANGUAGES.has(language)) {
      const code = lines
        .slice(index + 1, end)
        .map((text) => (text.startsWith(indent) ? text.slice(indent.length) : text.trimStart()))
        .join('\n');
      blocks.push({ file, line: index + 2, language, code, directive: directiveBefore(lines, index, file) });
    }
    index = end;
  }
  return blocks;
}

/** The docs-check comment that ends on the line before the fence (blank lines allowed between). */
function directiveBefore(lines: readonly string[], fenceIndex: number, file: string): Directive | null {
  let last = fenceIndex - 1;
  while (last >= 0 && lines[last]!.trim() === '') last--;
  if (last < 0 || !lines[last]!.trim().endsWith('-->')) return null;
  let first = last;
  while (first > 0 && !lines[first]!.includes('<!--')) first--;
  return parseDirective(lines.slice(first, last + 1).join('\n'), file, first + 1);
}

// --- generated modules ----------------------------------------------------------------------------------

interface DocModule {
  block: Block;
  name: string;
  segments: Segment[];
  imports: string[];
  /** False when the block leans on `declare`d placeholders or imports something that needs the network. */
  runnable: boolean;
}

function buildModules(blocks: readonly Block[]): { modules: DocModule[]; skipped: Block[] } {
  const modules: DocModule[] = [];
  const skipped: Block[] = [];
  const previousInFile = new Map<string, DocModule>();
  for (const block of blocks) {
    const where = `${block.file}:${block.line}`;
    if (block.directive?.kind === 'skip') {
      skipped.push(block);
      continue;
    }
    const segments: Segment[] = [];
    let declares = false;
    if (block.directive?.kind === 'continues') {
      const previous = previousInFile.get(block.file);
      if (previous === undefined)
        throw new Error(`${where}: "continues", but no checked block comes before it.`);
      segments.push(...previous.segments);
      declares = !previous.runnable;
    }
    if (block.directive?.kind === 'assumes') {
      // `'~/` starts a path from the repository root (a fixture to import or read).
      const code = block.directive.code.replaceAll(
        "'~/",
        `'${root.replaceAll('\\', '/').replace(/\/?$/, '/')}`,
      );
      segments.push({ file: block.file, line: block.directive.line + 1, code, shown: false });
      declares = /^\s*declare\s/m.test(block.directive.code);
    }
    segments.push({ file: block.file, line: block.line, code: block.code, shown: true });
    const imports = [
      ...new Set(
        segments
          .filter((segment) => segment.shown)
          .flatMap((segment) => [...segment.code.matchAll(/\bfrom\s+'([^']+)'/g)].map((match) => match[1]!)),
      ),
    ];
    const module: DocModule = {
      block,
      name: `${block.file.replace(/[^\w]+/g, '-')}-L${block.line}`,
      segments,
      imports,
      runnable: !declares && imports.every((specifier) => OFFLINE_IMPORT.test(specifier)),
    };
    modules.push(module);
    previousInFile.set(block.file, module);
  }
  return { modules, skipped };
}

function moduleSource(module: DocModule): { code: string; locate: (line: number) => string } {
  const lineMap: string[] = [];
  for (const segment of module.segments) {
    segment.code.split('\n').forEach((_, offset) => {
      lineMap.push(`${segment.file}:${segment.line + offset}`);
    });
  }
  const code = `${module.segments.map((segment) => segment.code).join('\n')}\nexport {};\n`;
  return { code, locate: (line) => lineMap[line] ?? `${module.block.file}:${module.block.line}` };
}

// --- type-checking --------------------------------------------------------------------------------------

function typeCheck(modules: readonly DocModule[]): Map<DocModule, string[]> {
  const configHost: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tests', 'tsconfig.json'), {}, configHost);
  if (config === undefined) throw new Error('tests/tsconfig.json could not be read.');
  const dir = join(workDir, 'check');
  mkdirSync(dir, { recursive: true });
  const files = new Map<string, { module: DocModule; locate: (line: number) => string }>();
  for (const module of modules) {
    const { code, locate } = moduleSource(module);
    const path = join(dir, `${module.name}.${module.block.language.startsWith('j') ? 'js' : 'ts'}`);
    writeFileSync(path, code);
    files.set(path, { module, locate });
  }
  const program = ts.createProgram({
    rootNames: [...files.keys()],
    options: { ...config.options, allowJs: true, checkJs: true, noEmit: true },
  });
  const results = new Map<DocModule, string[]>(modules.map((module) => [module, []]));
  for (const [path, { module, locate }] of files) {
    const sourceFile = program.getSourceFile(path);
    if (sourceFile === undefined) throw new Error(`${path} is not in the program.`);
    const diagnostics = [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ];
    for (const diagnostic of diagnostics) {
      const line = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      results.get(module)!.push(`${locate(line)}: TS${diagnostic.code}: ${message}`);
    }
  }
  return results;
}

// --- shown results --------------------------------------------------------------------------------------

type Pattern =
  | { kind: 'any' }
  | { kind: 'value'; value: string | number | boolean | null | undefined }
  | { kind: 'elided'; parts: string[] }
  | { kind: 'array'; items: Pattern[]; more: boolean }
  | { kind: 'object'; entries: Array<[string, Pattern]>; className?: string }
  | { kind: 'lines'; text: string };

interface ShownResult {
  id: number;
  where: string;
  shown: string;
  pattern: Pattern;
}

const ANY = '__docs_any__';
const REST = '__docs_rest__';
const CLASS = '__docs_class__';

/** The end of the literal `text` starts with, or -1 when it does not start with one. */
function literalEnd(text: string): number {
  const first = text[0];
  if (first === "'" || first === '"' || first === '`') return stringEnd(text, 0);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let index = 0; index < text.length; index++) {
      const char = text[index]!;
      if (char === "'" || char === '"' || char === '`') {
        index = stringEnd(text, index) - 1;
        if (index < 0) return -1;
      } else if (char === '{' || char === '[') depth++;
      else if (char === '}' || char === ']') {
        depth--;
        if (depth === 0) return index + 1;
      }
    }
    return -1;
  }
  const simple = /^(-?\d+(\.\d+)?(e[+-]?\d+)?|null|true|false|undefined)\b/.exec(text);
  return simple === null ? -1 : simple[0].length;
}

function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === text[start]) return index + 1;
  }
  return -1;
}

/** The pattern a comment shows, or null when it is prose. `Name { ... }` is an object of that class. */
function shownPattern(comment: string): Pattern | null {
  const text = comment.trim();
  const end = literalEnd(text.replace(/^[A-Z][\w$]*\s+(?=\{)/, (name) => ' '.repeat(name.length)));
  if (end < 0 || text.slice(end).trim().startsWith('|')) return null;
  let literal = '';
  for (let index = 0; index < end; index++) {
    const char = text[index]!;
    if (char === "'" || char === '"' || char === '`') {
      const close = stringEnd(text, index);
      literal += text.slice(index, close);
      index = close - 1;
    } else if (text.startsWith('...', index) && /^\.\.\.\s*[,\]}]/.test(text.slice(index))) {
      literal += REST;
      index += 2;
    } else if (/^[A-Z][\w$]*\s+\{/.test(text.slice(index)) && !/[\w$]/.test(text[index - 1] ?? '')) {
      const name = /^[A-Z][\w$]*/.exec(text.slice(index))![0];
      literal += `{ ${CLASS}: '${name}',`;
      index = text.indexOf('{', index);
    } else literal += char === '…' ? ANY : char;
  }
  const sourceFile = ts.createSourceFile('shown.ts', `(${literal});`, ts.ScriptTarget.Latest);
  const statement = sourceFile.statements[0];
  if (sourceFile.statements.length !== 1 || statement === undefined || !ts.isExpressionStatement(statement)) {
    return null;
  }
  return toPattern(statement.expression);
}

function toPattern(node: ts.Expression): Pattern | null {
  if (ts.isParenthesizedExpression(node)) return toPattern(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    if (node.text === '…') return { kind: 'any' };
    return node.text.includes('…')
      ? { kind: 'elided', parts: node.text.split('…') }
      : { kind: 'value', value: node.text };
  }
  if (ts.isNumericLiteral(node)) return { kind: 'value', value: Number(node.text) };
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    return ts.isNumericLiteral(node.operand) ? { kind: 'value', value: -Number(node.operand.text) } : null;
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return { kind: 'value', value: true };
  if (node.kind === ts.SyntaxKind.FalseKeyword) return { kind: 'value', value: false };
  if (node.kind === ts.SyntaxKind.NullKeyword) return { kind: 'value', value: null };
  if (ts.isIdentifier(node)) {
    if (node.text === 'undefined') return { kind: 'value', value: undefined };
    return node.text === ANY ? { kind: 'any' } : null;
  }
  if (ts.isArrayLiteralExpression(node)) {
    const items: Pattern[] = [];
    let more = false;
    for (const element of node.elements) {
      if (ts.isIdentifier(element) && element.text === REST) {
        more = true;
        continue;
      }
      const item = toPattern(element);
      if (item === null) return null;
      items.push(item);
    }
    return { kind: 'array', items, more };
  }
  if (ts.isObjectLiteralExpression(node)) {
    const entries: Array<[string, Pattern]> = [];
    let className: string | undefined;
    for (const property of node.properties) {
      if (ts.isShorthandPropertyAssignment(property) && property.name.text === REST) continue;
      if (!ts.isPropertyAssignment(property)) return null;
      const key = property.name;
      if (!ts.isIdentifier(key) && !ts.isStringLiteral(key)) return null;
      if (key.text === CLASS && ts.isStringLiteral(property.initializer)) {
        className = property.initializer.text;
        continue;
      }
      const value = toPattern(property.initializer);
      if (value === null) return null;
      entries.push([key.text, value]);
    }
    return className === undefined ? { kind: 'object', entries } : { kind: 'object', entries, className };
  }
  return null;
}

function mismatches(pattern: Pattern, actual: unknown, path: string): string[] {
  const show = (value: unknown): string => JSON.stringify(value)?.slice(0, 300) ?? String(value);
  switch (pattern.kind) {
    case 'any':
      return [];
    case 'value':
      return Object.is(pattern.value, actual)
        ? []
        : [`${path}: shown ${show(pattern.value)}, got ${show(actual)}`];
    case 'elided': {
      const fits =
        typeof actual === 'string' &&
        actual.startsWith(pattern.parts[0]!) &&
        actual.endsWith(pattern.parts.at(-1)!) &&
        pattern.parts.every((part) => actual.includes(part));
      return fits ? [] : [`${path}: shown '${pattern.parts.join('…')}', got ${show(actual)}`];
    }
    case 'lines':
      // Prose under a statement that returns no string is not a shown result.
      return typeof actual !== 'string' || actual.trimEnd() === pattern.text
        ? []
        : [`${path}: shown\n${pattern.text}\ngot\n${actual.trimEnd()}`];
    case 'array': {
      if (!Array.isArray(actual)) return [`${path}: shown an array, got ${show(actual)}`];
      const lengthOk = pattern.more
        ? actual.length >= pattern.items.length
        : actual.length === pattern.items.length;
      if (!lengthOk)
        return [`${path}: shown ${pattern.items.length} items, got ${actual.length}: ${show(actual)}`];
      return pattern.items.flatMap((item, index) => mismatches(item, actual[index], `${path}[${index}]`));
    }
    case 'object': {
      if (typeof actual !== 'object' || actual === null)
        return [`${path}: shown an object, got ${show(actual)}`];
      const name = (actual as { name?: unknown }).name ?? actual.constructor?.name;
      if (pattern.className !== undefined && name !== pattern.className) {
        return [`${path}: shown a ${pattern.className}, got a ${String(name)}`];
      }
      return pattern.entries.flatMap(([key, value]) =>
        mismatches(value, (actual as Record<string, unknown>)[key], `${path}.${key}`),
      );
    }
  }
}

/** The module's code with a `__docsCheck(id, value)` call for every result its comments show. */
function instrument(module: DocModule): { code: string; shown: ShownResult[] } {
  const { code, locate } = moduleSource(module);
  const sourceFile = ts.createSourceFile('block.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineStarts = sourceFile.getLineStarts();
  const lines = code.split('\n');
  const statements = sourceFile.statements;
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const shown: ShownResult[] = [];
  const record = (line: number, comment: string, pattern: Pattern): number => {
    shown.push({ id: shown.length, where: locate(line), shown: comment.trim(), pattern });
    return shown.length - 1;
  };
  const wrap = (statement: ts.ExpressionStatement, id: number): void => {
    edits.push({
      start: statement.getStart(),
      end: statement.end,
      text: `__docsCheck(${id}, (${statement.expression.getText()}));`,
    });
  };
  const declaredBefore = (position: number): Set<string> => {
    const names = new Set<string>();
    const addBinding = (name: ts.BindingName): void => {
      if (ts.isIdentifier(name)) names.add(name.text);
      else
        for (const element of name.elements) if (!ts.isOmittedExpression(element)) addBinding(element.name);
    };
    for (const statement of statements) {
      if (statement.end > position) break;
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) addBinding(declaration.name);
      } else if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        if (clause?.name) names.add(clause.name.text);
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) names.add(element.name.text);
      }
    }
    return names;
  };

  // `expr; // <literal>` and `const name = ...; // <literal>`
  const trailing = new Set<number>();
  for (const statement of statements) {
    const line = sourceFile.getLineAndCharacterOfPosition(statement.end).line;
    const after = code.slice(statement.end, lineStarts[line + 1] ?? code.length);
    const comment = /^\s*\/\/(.*)$/.exec(after.trimEnd())?.[1];
    if (comment === undefined) continue;
    trailing.add(line);
    const pattern = shownPattern(comment.replace(/^\s*→/, ''));
    if (pattern === null) continue;
    if (ts.isExpressionStatement(statement)) wrap(statement, record(line, comment, pattern));
    else if (ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1) {
      const name = statement.declarationList.declarations[0]!.name;
      if (ts.isIdentifier(name)) {
        const id = record(line, comment, pattern);
        edits.push({ start: statement.end, end: statement.end, text: ` __docsCheck(${id}, ${name.text});` });
      }
    }
  }

  // Runs of comment lines between statements.
  const insideStatement = (position: number): boolean =>
    statements.some((statement) => statement.getStart() <= position && position < statement.end);
  let line = 0;
  while (line < lines.length) {
    const isComment = (index: number): boolean =>
      /^\s*\/\//.test(lines[index] ?? '') && !insideStatement(lineStarts[index]!) && !trailing.has(index);
    if (!isComment(line)) {
      line++;
      continue;
    }
    const first = line;
    while (line < lines.length && isComment(line)) line++;
    const run = lines.slice(first, line).map((text) => text.replace(/^\s*\/\/ ?/, ''));
    const position = lineStarts[first]!;
    const names = declaredBefore(position);
    const entry = /^\s*([A-Za-z_$][\w$]*)((?:\[\d+\]|\.[A-Za-z_$][\w$]*)*)\s*(?::|→)\s?(.*)$/;
    const starts = run.flatMap((text, index) => {
      const match = entry.exec(text);
      return match !== null && names.has(match[1]!) ? [index] : [];
    });
    if (starts.length === 0) {
      // Comment lines right under an expression statement: what it returns (a literal, or a string's lines).
      const previous = [...statements].reverse().find((statement) => statement.end <= position);
      const previousLine = previous ? sourceFile.getLineAndCharacterOfPosition(previous.end).line : -1;
      if (
        previous &&
        ts.isExpressionStatement(previous) &&
        previousLine === first - 1 &&
        !trailing.has(previousLine)
      ) {
        const text = run.join('\n');
        wrap(previous, record(first, text, shownPattern(text) ?? { kind: 'lines', text }));
      }
      continue;
    }
    const checks: string[] = [];
    starts.forEach((start, index) => {
      const match = entry.exec(run[start]!)!;
      const text = [match[3]!, ...run.slice(start + 1, starts[index + 1] ?? run.length)].join('\n');
      const pattern = shownPattern(text);
      if (pattern !== null)
        checks.push(`__docsCheck(${record(first + start, run[start]!, pattern)}, ${match[1]}${match[2]});`);
    });
    if (checks.length > 0) edits.push({ start: position, end: position, text: `${checks.join(' ')}\n` });
  }

  let instrumented = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    instrumented = instrumented.slice(0, edit.start) + edit.text + instrumented.slice(edit.end);
  }
  const prelude =
    'const __docsCheck = (globalThis as unknown as { __docsCheck: (id: number, value: unknown) => unknown })' +
    '.__docsCheck;\n';
  return { code: prelude + instrumented, shown };
}

// --- the tests ------------------------------------------------------------------------------------------

const files = markdownFiles();
const blocks = files.flatMap(extractBlocks);
const { modules, skipped } = buildModules(blocks);
const label = (block: Block): string => `${block.file}:${block.line}`;

let typeCheckResults: Map<DocModule, string[]> | undefined;
const typeErrors = (module: DocModule): string[] => {
  typeCheckResults ??= typeCheck(modules);
  return typeCheckResults.get(module) ?? [];
};

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
  try {
    rmdirSync(dirname(workDir)); // only when no other run still uses it
  } catch {}
});

describe('docs code blocks', () => {
  it('finds the blocks in every Markdown file of the docs, the package READMEs and the example READMEs', () => {
    expect(files).toContain('docs/getting-started.md');
    expect(files).toContain('packages/citations/README.md');
    expect(blocks.length).toBeGreaterThanOrEqual(19);
  });

  it(`skips at most ${MAX_SKIPPED} blocks, each with a reason`, () => {
    const reasons = skipped.map(
      (block) => `${label(block)}: ${block.directive?.kind === 'skip' ? block.directive.reason : ''}`,
    );
    expect(reasons.length, reasons.join('\n')).toBeLessThanOrEqual(MAX_SKIPPED);
  });

  it('runs every block that uses only the validator packages (no declared placeholders)', () => {
    const validatorOnly = modules.filter(
      (module) =>
        module.imports.length > 0 && module.imports.every((specifier) => VALIDATOR_IMPORT.test(specifier)),
    );
    expect(validatorOnly.length).toBeGreaterThan(0);
    expect(validatorOnly.filter((module) => !module.runnable).map((module) => label(module.block))).toEqual(
      [],
    );
  });

  it.each(modules.map((module) => [label(module.block), module] as const))('%s type-checks', (_, module) => {
    expect(typeErrors(module)).toEqual([]);
  });

  const runnable = modules
    .filter((module) => module.runnable)
    .map((module) => ({ module, ...instrument(module) }))
    .map((run) => [label(run.module.block), run.shown.length, run] as const);
  it.each(runnable)('%s runs offline, and the %i results its comments show hold', async (_, __, run) => {
    const { module, code, shown } = run;
    const dir = join(workDir, 'run');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${module.name}.ts`);
    writeFileSync(path, code);
    const values = new Map<number, unknown>();
    (globalThis as unknown as { __docsCheck: unknown }).__docsCheck = (
      id: number,
      value: unknown,
    ): unknown => {
      values.set(id, value);
      return value;
    };
    await import(/* @vite-ignore */ path);
    const failures = shown.flatMap((result) =>
      values.has(result.id)
        ? mismatches(result.pattern, values.get(result.id), 'value').map(
            (problem) => `${result.where}: // ${result.shown.slice(0, 80)}\n  ${problem}`,
          )
        : [`${result.where}: the line showing this result never ran`],
    );
    expect(failures).toEqual([]);
  });
});
