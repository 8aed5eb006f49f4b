import {
  createReadStream,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { amplifiedLine, passage, runGk, temporaryFolder } from '../__fixtures__/run-gk.js';
import { runCli } from '../run-cli.js';
import { runVerify } from '../verify/run-verify.js';

const water = passage('physics.md', 'Water boils at 100 °C at sea level.');
const ice = passage('physics.md', 'Ice floats because it is less dense than water.', 36);
const line = (record: unknown): string => `${JSON.stringify(record)}\n`;
const good = (id: string, answer = 'Water boils at 100 °C at sea level [1].'): string =>
  line({ id, answer, passages: [water, ice] });

function write(name: string, text: string | Buffer): { dir: string; file: string } {
  const dir = temporaryFolder();
  const file = join(dir, name);
  writeFileSync(file, text);
  return { dir, file };
}

const records = (
  stdout: string,
): Array<{
  id: unknown;
  line: number;
  verification: { status: string; rejected: Array<{ code: string }> };
}> =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((text) => JSON.parse(text));

describe('gk verify', () => {
  it('writes one verification per line, in order, with the id and line number, and a summary on stderr', async () => {
    const { dir, file } = write(
      'log.jsonl',
      good('a') + good('b', 'Ice floats [2]. It also sings [3].') + good('c', 'No sources here.'),
    );
    const run = await runGk(['verify', file], { cwd: dir });
    expect(run.code).toBe(0);
    const out = records(run.stdout);
    expect(out.map((record) => [record.id, record.line, record.verification.status])).toEqual([
      ['a', 1, 'answered'],
      ['b', 2, 'answered'],
      ['c', 3, 'abstained'],
    ]);
    expect(out[1]!.verification.rejected.map((claim) => claim.code)).toEqual(['marker_out_of_range']);
    expect(run.stderr).toContain('3 verified · 2 answered · 1 abstained · 0 rejected');
    expect(run.stderr).toContain('claim acceptance 66.7%');
    expect(run.stderr).toContain('marker_out_of_range 1');
  });

  it('reads standard input for -', async () => {
    const run = await runGk(['verify', '-'], { cwd: temporaryFolder(), stdin: good('x') });
    expect(run.code).toBe(0);
    expect(records(run.stdout)[0]!.id).toBe('x');
  });

  it('exits 1 with --fail-on when the named rejections occur, 0 when they do not', async () => {
    const { dir, file } = write('log.jsonl', good('a', 'Ice floats [2]. It also sings [3].'));
    expect((await runGk(['verify', file, '--fail-on', 'marker_out_of_range'], { cwd: dir })).code).toBe(1);
    expect((await runGk(['verify', file, '--fail-on', 'any'], { cwd: dir })).code).toBe(1);
    const passing = await runGk(['verify', file, '--fail-on', 'unsupported'], { cwd: dir });
    expect(passing.code).toBe(0);
    const usage = await runGk(['verify', file, '--fail-on', 'bogus'], { cwd: dir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--fail-on: unknown "bogus"');
  });

  it('refuses a --fail-on that could never fail, and says when the check it names is off', async () => {
    const { dir, file } = write('log.jsonl', good('a', 'The moon is made of green cheese [1].'));
    // Codes of provider citations: verifyAnswer never writes them, so the gate would pass every log.
    for (const code of [
      'span_mismatch',
      'answer_mismatch',
      'invalid_citation',
      'unknown_document',
      'offsets_out_of_range',
      'location_mismatch',
      'answer_out_of_range',
    ]) {
      const run = await runGk(['verify', file, '--fail-on', `no_marker,${code}`], { cwd: dir });
      expect(run.code, code).toBe(2);
      expect(run.stdout, code).toBe('');
      expect(run.stderr, code).toContain(`--fail-on: ${code} is a code of provider citations`);
    }
    const summary = join(dir, 'summary.json');
    expect((await runGk(['verify', file, '--summary', summary], { cwd: dir })).code).toBe(0);
    const merged = await runGk(['verify', '--merge', summary, '--fail-on', 'span_mismatch'], { cwd: dir });
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain('never writes');
    // Support off on the command line: the gate passes a fabricated claim, and says why.
    const off = await runGk(['verify', file, '--fail-on', 'unsupported'], { cwd: dir });
    expect(off.code).toBe(0);
    expect(off.stderr).toContain('warning: --fail-on unsupported: the support check is off');
    const on = await runGk(['verify', file, '--support', '--fail-on', 'unsupported'], { cwd: dir });
    expect(on.code).toBe(1);
    expect(on.stderr).not.toContain('warning');
    // A coverage of 0 supports every claim: the check runs and cannot fail, so it is off as far as the gate goes.
    for (const args of [
      ['--support', '0'],
      ['--options', '{"support":{"minCoverage":0}}'],
    ]) {
      const zero = await runGk(['verify', file, ...args, '--fail-on', 'unsupported'], { cwd: dir });
      expect(zero.code, args.join(' ')).toBe(0);
      expect(zero.stderr, args.join(' ')).toContain(
        'warning: --fail-on unsupported: the support check is off (minCoverage 0 supports every claim)',
      );
    }
    const quotes = await runGk(
      ['verify', file, '--options', '{"quotes":false}', '--fail-on', 'quote_not_found'],
      { cwd: dir },
    );
    expect(quotes.stderr).toContain('warning: --fail-on quote_not_found: quotations are not checked');
    // Identifier rules turned off (a line's own rules are ignored) make unknown_identifier a gate that
    // cannot fail, and requireCitations: false one that fails only on a claim showing a marker written as text.
    const { file: fabricated } = write(
      'url.jsonl',
      good('u', 'See https://evil.example/fake for details [1].'),
    );
    const gated = await runGk(['verify', fabricated, '--fail-on', 'unknown_identifier'], { cwd: dir });
    expect(gated.code).toBe(1);
    expect(gated.stderr).not.toContain('warning');
    const noRules = await runGk(
      ['verify', fabricated, '--options', '{"identifiers":[]}', '--fail-on', 'unknown_identifier'],
      { cwd: dir },
    );
    expect(noRules.code).toBe(0);
    expect(noRules.stderr).toContain(
      'warning: --fail-on unknown_identifier: identifiers are not checked (identifiers: [] in --options)',
    );
    const uncited = await runGk(
      ['verify', file, '--options', '{"requireCitations":false}', '--fail-on', 'no_marker'],
      { cwd: dir },
    );
    expect(uncited.stderr).toContain('warning: --fail-on no_marker: citations are not required');
    // Codes no option turns off get no warning.
    for (const code of ['marker_out_of_range', 'empty_claim', 'source_list_mismatch']) {
      const run = await runGk(
        [
          'verify',
          file,
          '--options',
          '{"identifiers":[],"requireCitations":false,"quotes":false}',
          '--fail-on',
          code,
        ],
        { cwd: dir },
      );
      expect(run.stderr, code).not.toContain('warning');
    }
  });

  it('refuses ids past 2^53 instead of verifying against the document JSON.parse rounds them onto', async () => {
    const { dir } = write(
      'coll.tsv',
      '9007199254740992\tThe treaty was signed in 1921.\n9007199254740993\tThe treaty was never signed.\n',
    );
    writeFileSync(
      join(dir, 'lfrqa.jsonl'),
      '{"qid":"q","faithful_answer_w_citation":"The treaty was signed in 1921 [1].","gold_doc_ids":[9007199254740993]}\n',
    );
    const run = await runGk(
      ['verify', 'lfrqa.jsonl', '--map', 'lfrqa', '--documents', 'coll.tsv', '--support', '--fail-on', 'any'],
      { cwd: dir },
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('lfrqa.jsonl:1: wrong_type passages[0]:');
  });

  it('checks a logged passage against --documents: a line cannot pair a collection id with its own text', async () => {
    const { dir } = write('coll.tsv', 'd1\tWater boils at 100 °C at sea level.\n');
    const fake = 'The moon is made of green cheese.';
    const answer = 'The moon is made of green cheese [1].';
    writeFileSync(
      join(dir, 'log.jsonl'),
      line({ id: 'native', answer, passages: [passage('d1', fake)] }) +
        line({
          id: 'trace',
          output: answer,
          observations: [{ type: 'RETRIEVER', output: [{ pageContent: fake, metadata: { source: 'd1' } }] }],
        }),
    );
    for (const map of ['native', 'langfuse']) {
      const run = await runGk(
        ['verify', 'log.jsonl', '--map', map, '--documents', 'coll.tsv', '--support', '--fail-on', 'any'],
        { cwd: dir },
      );
      expect(run.code, map).toBe(2);
      expect(run.stdout, map).toBe('');
      expect(run.stderr, map).toMatch(/log\.jsonl:\d: conflicting_passages passages\[0\]\.text/);
    }
  });

  it('does not accept an identifier from the uri or title a log gives a passage held to --documents', async () => {
    const doc = 'Water boils at 100 degrees Celsius at sea level.';
    const { dir } = write('coll.tsv', `d1\t${doc}\n`);
    const held = passage('d1', doc);
    writeFileSync(
      join(dir, 'log.jsonl'),
      line({
        id: 'uri',
        answer: 'Water boils at 100 degrees Celsius at sea level, see https://evil.example/fake-study [1].',
        passages: [{ ...held, uri: 'https://evil.example/fake-study' }],
      }) +
        line({
          id: 'title',
          answer: 'As the WHO report ECLI:NL:HR:2020:1234 says, water boils at 100 degrees [1].',
          passages: [{ ...held, title: 'ECLI:NL:HR:2020:1234' }],
        }),
    );
    const run = await runGk(['verify', 'log.jsonl', '--documents', 'coll.tsv', '--fail-on', 'any'], {
      cwd: dir,
    });
    expect(run.code).toBe(1);
    expect(
      records(run.stdout).map((record) => record.verification.rejected.map((claim) => claim.code)),
    ).toEqual([['unknown_identifier'], ['unknown_identifier']]);
  });

  it('skips a line whose passages take more than --max-resolved-bytes from --documents, and goes on (r16 finding 1)', async () => {
    // 20 distinct ranges of a 1 MB document from a 1.4 KB line: 20 MB for the verifier to index, over the 16 MiB default.
    const document = Array.from({ length: 100_000 }, (_, i) => `w${String(i).padStart(9, '0')}`).join('');
    const { dir } = write('coll.tsv', `d1\t${document}\nd2\tWater boils at 100 °C at sea level.\n`);
    const ranges = Array.from({ length: 20 }, (_, i) => ({
      documentId: 'd1',
      chunkId: `c${i}`,
      start: i,
      end: 999_980 + i,
    }));
    const markers = ranges.map((_, i) => `[${i + 1}]`).join('');
    writeFileSync(
      join(dir, 'log.jsonl'),
      line({ id: 'big', answer: `It says "zzz qqq not there" ${markers}.`, passages: ranges }) +
        line({
          id: 'ok',
          answer: 'Water boils at 100 °C at sea level [1].',
          passages: [passage('d2', 'Water boils at 100 °C at sea level.')],
        }),
    );
    for (const workers of ['0', '1']) {
      const run = await runGk(
        ['verify', 'log.jsonl', '--documents', 'coll.tsv', '--workers', workers, '--summary', 's.json'],
        { cwd: dir },
      );
      expect(run.code, workers).toBe(2);
      expect(records(run.stdout).map((record) => record.id)).toEqual(['ok']);
      expect(run.stderr).toContain(
        'log.jsonl:1: resolved_too_long passages[16]: its passages take more than 16777216 bytes',
      );
      expect(JSON.parse(readFileSync(join(dir, 's.json'), 'utf8')).invalidByCode).toEqual({
        resolved_too_long: 1,
      });
    }
    const raised = await runGk(
      [
        'verify',
        'log.jsonl',
        '--documents',
        'coll.tsv',
        '--max-resolved-bytes',
        '20000000',
        '--workers',
        '0',
      ],
      { cwd: dir },
    );
    expect(raised.code).toBe(0);
    expect(
      records(raised.stdout).map((record) => record.verification.rejected.map((claim) => claim.code)),
    ).toEqual([['quote_not_found'], []]);
    const lowered = await runGk(
      ['verify', 'log.jsonl', '--documents', 'coll.tsv', '--max-resolved-bytes', '10'],
      { cwd: dir },
    );
    expect(lowered.code).toBe(2);
    expect(lowered.stdout).toBe('');
    expect(lowered.stderr).toContain('log.jsonl:2: resolved_too_long passages[0]');
    for (const value of ['0', '-1', '1e6', 'x']) {
      const bad = await runGk(
        ['verify', 'log.jsonl', '--documents', 'coll.tsv', '--max-resolved-bytes', value],
        { cwd: dir },
      );
      expect(bad.code, value).toBe(2);
      expect(bad.stderr, value).toContain('--max-resolved-bytes');
    }
    // Without a collection it would bound nothing: refused rather than ignored.
    const alone = await runGk(['verify', 'log.jsonl', '--max-resolved-bytes', '100'], { cwd: dir });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('gk: usage: --max-resolved-bytes: ');
  });

  it('refuses --documents with a map that reads passage text but no document id, whose fallback ids name documents', async () => {
    const { dir } = write(
      'coll.tsv',
      '1\tWater boils at 100 degrees Celsius at sea level.\n2\tThe sky is blue.\n',
    );
    const moon = 'The moon is made of green cheese.';
    writeFileSync(
      join(dir, 'log.jsonl'),
      line({ answer: 'The moon is made of green cheese [1].', passages: [{ text: moon }] }),
    );
    const map = '{"answer":"answer","passages":"passages","passage":{"text":"text"}}';
    const run = await runGk(
      ['verify', 'log.jsonl', '--map', map, '--documents', 'coll.tsv', '--fail-on', 'any'],
      {
        cwd: dir,
      },
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'usage: --documents coll.tsv: the field map reads a passage\'s text ("text") but no document id',
    );
    // Through the library too, with worker threads or without.
    for (const workers of [0, 1]) {
      const sink = new PassThrough();
      await expect(
        runVerify({
          source: Readable.from([line({ answer: 'x [1].', passages: [{ text: moon }] })]),
          sink,
          workers,
          settings: {
            map: JSON.parse(map),
            defaults: {},
            withInput: false,
            documentsPath: join(dir, 'coll.tsv'),
          },
        }),
      ).rejects.toMatchObject({ code: 'usage', field: '--documents' });
    }
    // Mapped to a document id, the same passage is held to the collection: "1" is not the moon.
    const mapped = '{"answer":"answer","passages":"passages","passage":{"text":"text","documentId":"id"}}';
    writeFileSync(
      join(dir, 'log.jsonl'),
      line({ answer: 'The moon is made of green cheese [1].', passages: [{ id: '1', text: moon }] }),
    );
    const held = await runGk(['verify', 'log.jsonl', '--map', mapped, '--documents', 'coll.tsv'], {
      cwd: dir,
    });
    expect(held.code).toBe(2);
    expect(held.stderr).toContain('conflicting_passages passages[0].text');
  });

  it.each(['', ' ', '0x0', '-0', '1.5', 'NaN', '1e-1'])('refuses --support %j', async (value) => {
    const { dir, file } = write('log.jsonl', good('a'));
    const run = await runGk(['verify', file, '--support', value], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--support: expected a coverage from 0 to 1');
  });

  it('takes --support as a decimal from 0 to 1', async () => {
    const { dir, file } = write('log.jsonl', good('a', 'The moon is made of green cheese [1].'));
    expect((await runGk(['verify', file, '--support', '0.5', '--fail-on', 'any'], { cwd: dir })).code).toBe(
      1,
    );
    expect((await runGk(['verify', file, '--support', '.5', '--fail-on', 'any'], { cwd: dir })).code).toBe(1);
    expect((await runGk(['verify', file, '--support', '0', '--fail-on', 'any'], { cwd: dir })).code).toBe(0);
  });

  it("does not let a line's own options relax the command line's checks", async () => {
    const uncited = line({
      id: 'u',
      answer: 'The moon is made of green cheese. Water boils [1].',
      passages: [water],
      options: { requireCitations: false, support: false },
    });
    const { dir, file } = write('log.jsonl', uncited);
    const run = await runGk(['verify', file, '--support', '--fail-on', 'any'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(records(run.stdout)[0]!.verification.rejected.map((claim) => claim.code)).toEqual(['no_marker']);
    const tighter = line({
      id: 't',
      answer: 'The moon is made of green cheese [1].',
      passages: [water],
      options: { support: {} },
    });
    writeFileSync(file, tighter);
    expect((await runGk(['verify', file, '--fail-on', 'unsupported'], { cwd: dir })).code).toBe(1);
  });

  it("ignores a line's ranges: false and its quotes, which would accept what the command line rejects", async () => {
    const text = 'Water boils at 100 degrees Celsius at sea level.';
    const passages = [{ ...passage('d1', text), title: 'Physics Notes' }];
    const listed = (quoted: string): string =>
      `Water boils at 100 degrees Celsius at sea level [1].\n\nSources:\n[1] Physics Notes, ${quoted} at sea level`;
    const cases: Array<[string, string[], Record<string, unknown>, string]> = [
      [
        'Water boils at 100 degrees Celsius [1][2-9].',
        ['--ranges'],
        { ranges: false },
        'marker_out_of_range',
      ],
      ['The moon is made of green cheese [1-4].', ['--ranges'], { ranges: false }, 'marker_out_of_range'],
      [listed('"boils"'), [], { quotes: { minLength: 1 } }, 'source_list_mismatch'],
      [
        listed('"boils at 100 degrees"'),
        ['--options', '{"quotes":false}'],
        { quotes: true },
        'source_list_mismatch',
      ],
    ];
    for (const [answer, flags, options, code] of cases) {
      const { dir, file } = write('log.jsonl', line({ id: 'q', answer, passages, options }));
      const run = await runGk(['verify', file, ...flags, '--fail-on', 'any'], { cwd: dir });
      expect(run.code, `${JSON.stringify(options)} ${answer}`).toBe(1);
      expect(records(run.stdout)[0]!.verification.rejected.map((claim) => claim.code)).toEqual([code]);
    }
  });

  it('names a missing or malformed --documents file with its code when worker threads load it', {
    timeout: 30_000,
  }, async () => {
    const { dir, file } = write('log.jsonl', good('a'));
    const missing = await runGk(['verify', file, '--workers', '1', '--documents', 'missing.tsv'], {
      cwd: dir,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('file_not_found');
    expect(missing.stderr).not.toContain('unexpected error');
    writeFileSync(join(dir, 'bad.tsv'), '1\tone\nno tab here\n');
    const bad = await runGk(['verify', file, '--workers', '1', '--documents', 'bad.tsv'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid_documents');
    expect(bad.stderr).toContain('bad.tsv:2: expected "<id><TAB><text>"');
  });

  it('refuses to write its output over its input, through any name, before reading it', async () => {
    const { dir, file } = write('same.jsonl', good('a'));
    symlinkSync(file, join(dir, 'link.jsonl'));
    for (const args of [
      ['-o', 'same.jsonl'],
      ['-o', './link.jsonl'],
      ['--summary', 'same.jsonl'],
      ['-o', 'out.jsonl', '--summary', 'out.jsonl'],
    ]) {
      const run = await runGk(['verify', 'same.jsonl', ...args], { cwd: dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('usage');
      expect(run.stderr).toContain('writing it would destroy what is read');
    }
    expect(readFileSync(file, 'utf8')).toBe(good('a'));
  });

  it('refuses an output that is the file on standard input, or a --map or --options file', async () => {
    const { dir, file } = write('log.jsonl', good('a'));
    symlinkSync(file, join(dir, 'link.jsonl'));
    // Standard input redirected from the file (`gk verify - -o log.jsonl < log.jsonl`).
    for (const output of [
      ['-o', 'log.jsonl'],
      ['-o', 'link.jsonl'],
      ['--summary', 'log.jsonl'],
    ]) {
      let stderr = '';
      const errors = new PassThrough().on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      const stdin = createReadStream('', { fd: openSync(file, 'r') });
      const code = await runCli(['verify', '-', ...output], {
        stdin,
        stdout: new PassThrough(),
        stderr: errors,
        cwd: dir,
      });
      stdin.destroy();
      expect(code, output.join(' ')).toBe(2);
      expect(stderr).toContain('is the input (input standard input)');
    }
    expect(readFileSync(file, 'utf8')).toBe(good('a'));
    const map = JSON.stringify({
      id: 'id',
      answer: 'answer',
      passages: 'passages',
      passage: { documentId: 'documentId', chunkId: 'chunkId', text: 'text', start: 'start', end: 'end' },
    });
    writeFileSync(join(dir, 'map.json'), map);
    writeFileSync(join(dir, 'opts.json'), '{"unit": "sentence"}');
    for (const args of [
      ['--map', 'map.json', '-o', 'map.json'],
      ['--map', './map.json', '--summary', 'map.json'],
      ['--options', 'opts.json', '-o', 'opts.json'],
      ['--options', 'opts.json', '--summary', './opts.json'],
    ]) {
      const run = await runGk(['verify', 'log.jsonl', ...args], { cwd: dir });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('writing it would destroy what is read');
    }
    expect(readFileSync(join(dir, 'map.json'), 'utf8')).toBe(map);
    expect(readFileSync(join(dir, 'opts.json'), 'utf8')).toBe('{"unit": "sentence"}');
    // A key given twice in a --map or --options file or inline: the last would apply unseen.
    writeFileSync(
      join(dir, 'twice.json'),
      map.replace('"answer":"answer"', '"answer":"answer","answer":"text"'),
    );
    for (const [args, message] of [
      [['--map', 'twice.json'], 'invalid_map: twice.json: key "answer" appears twice'],
      [['--map', '{"answer":"a","\\u0061nswer":"b"}'], 'invalid_map: --map: key "answer" appears twice'],
      [['--options', '{"unit":"sentence","unit":"paragraph"}'], 'usage: --options: key "unit" appears twice'],
      [['--options', '{"support":{"minCoverage":1,"minCoverage":0}}'], 'key "minCoverage" appears twice'],
    ] as const) {
      const run = await runGk(['verify', 'log.jsonl', ...args], { cwd: dir });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(message);
    }
    // A preset and inline JSON are no files.
    const inline = await runGk(
      ['verify', 'log.jsonl', '--map', 'native', '--options', '{}', '-o', 'native'],
      {
        cwd: dir,
      },
    );
    expect(inline.code).toBe(0);
  });

  it('puts -o in place only when the run succeeds, through a link, leaving no temporary file', async () => {
    const { dir } = write('log.jsonl', good('a'));
    writeFileSync(join(dir, 'empty.jsonl'), '\n');
    writeFileSync(join(dir, 'skipped.jsonl'), line({ id: 'q', response: 'x' }));
    writeFileSync(join(dir, 'out.jsonl'), 'previous\n');
    for (const input of ['empty.jsonl', 'skipped.jsonl']) {
      const run = await runGk(['verify', input, '-o', 'out.jsonl', '--allow-invalid'], { cwd: dir });
      expect(run.code, input).toBe(2);
      expect(run.stderr).toContain('empty_input');
      expect(readFileSync(join(dir, 'out.jsonl'), 'utf8')).toBe('previous\n');
    }
    symlinkSync('out.jsonl', join(dir, 'link.jsonl'));
    expect((await runGk(['verify', 'log.jsonl', '-o', 'link.jsonl'], { cwd: dir })).code).toBe(0);
    expect(lstatSync(join(dir, 'link.jsonl')).isSymbolicLink()).toBe(true);
    expect(records(readFileSync(join(dir, 'out.jsonl'), 'utf8')).map((record) => record.id)).toEqual(['a']);
    expect(readdirSync(dir).sort()).toEqual([
      'empty.jsonl',
      'link.jsonl',
      'log.jsonl',
      'out.jsonl',
      'skipped.jsonl',
    ]);
    // A link to a file not written yet is written through too, and is that file to the other output.
    symlinkSync('new.jsonl', join(dir, 'dangling.jsonl'));
    const same = await runGk(['verify', 'log.jsonl', '-o', 'dangling.jsonl', '--summary', 'new.jsonl'], {
      cwd: dir,
    });
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('--summary new.jsonl: is another output (-o dangling.jsonl)');
    expect((await runGk(['verify', 'log.jsonl', '-o', 'dangling.jsonl'], { cwd: dir })).code).toBe(0);
    expect(lstatSync(join(dir, 'dangling.jsonl')).isSymbolicLink()).toBe(true);
    expect(records(readFileSync(join(dir, 'new.jsonl'), 'utf8')).map((record) => record.id)).toEqual(['a']);
    // A file not written yet, named through a link to its folder, is that file too (a review found the two written
    // over each other: the verification lines lost).
    mkdirSync(join(dir, 'real'));
    symlinkSync('real', join(dir, 'alias'));
    symlinkSync('alias/x.json', join(dir, 'far.json'));
    for (const output of ['alias/x.json', 'far.json']) {
      const run = await runGk(['verify', 'log.jsonl', '-o', output, '--summary', 'real/x.json'], {
        cwd: dir,
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--summary real/x.json: is another output (-o ${output})`);
    }
  });

  it('refuses a --documents collection that names one id twice or holds a key twice', async () => {
    const lfrqa = line({
      qid: 'q1',
      faithful_answer_w_citation: 'Water boils at 100 °C at sea level [1].',
      gold_doc_ids: ['d1'],
    });
    const { dir } = write('lf.jsonl', lfrqa);
    const decoy = 'The report says nothing about boiling.';
    const real = 'Water boils at 100 °C at sea level.';
    writeFileSync(
      join(dir, 'docs.jsonl'),
      `{"id":"d1","text":${JSON.stringify(decoy)},"text":${JSON.stringify(real)}}\n`,
    );
    writeFileSync(join(dir, 'docs.tsv'), `d1\t${decoy}\nd1\t${real}\n`);
    writeFileSync(join(dir, 'ids.jsonl'), `{"id":"d1","doc_id":"d2","text":${JSON.stringify(real)}}\n`);
    for (const documents of ['docs.jsonl', 'docs.tsv', 'ids.jsonl']) {
      const run = await runGk(
        ['verify', 'lf.jsonl', '--map', 'lfrqa', '--documents', documents, '--support'],
        {
          cwd: dir,
        },
      );
      expect(run.code, documents).toBe(2);
      expect(run.stderr).toContain('invalid_documents');
    }
  });

  it.skipIf(process.platform === 'win32')('lets two outputs share a device such as /dev/null', async () => {
    const { dir } = write('log.jsonl', good('a'));
    const run = await runGk(['verify', 'log.jsonl', '-o', '/dev/null', '--summary', '/dev/null'], {
      cwd: dir,
    });
    expect(run.stderr).not.toContain('usage');
    expect(run.code).toBe(0);
  });

  it.skipIf(process.platform === 'win32')(
    'writes --summary as -o is: a new file renamed into place (no half-written summary), a link kept a link',
    async () => {
      const { dir } = write('log.jsonl', good('a'));
      writeFileSync(join(dir, 'summary.json'), 'the previous summary\n');
      const before = statSync(join(dir, 'summary.json')).ino;
      expect((await runGk(['verify', 'log.jsonl', '--summary', 'summary.json'], { cwd: dir })).code).toBe(0);
      expect(statSync(join(dir, 'summary.json')).ino).not.toBe(before);
      expect(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'))).toMatchObject({ lines: 1 });
      mkdirSync(join(dir, 'kept'));
      writeFileSync(join(dir, 'kept', 'real.json'), '');
      symlinkSync(join(dir, 'kept', 'real.json'), join(dir, 'link.json'));
      expect((await runGk(['verify', 'log.jsonl', '--summary', 'link.json'], { cwd: dir })).code).toBe(0);
      expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, 'kept', 'real.json'), 'utf8'))).toMatchObject({ lines: 1 });
      expect(readdirSync(dir).sort()).toEqual(['kept', 'link.json', 'log.jsonl', 'summary.json']);
      expect(readdirSync(join(dir, 'kept'))).toEqual(['real.json']);
    },
  );

  it('fails an output that cannot be written as unwritable, before the run, leaving no file behind', async () => {
    const { dir, file } = write('log.jsonl', good('a'));
    mkdirSync(join(dir, 'adir'));
    writeFileSync(join(dir, 'afile'), 'x');
    for (const args of [
      ['--summary', 'nowhere/s.json'],
      ['-o', 'nowhere/x.jsonl'],
      ['-o', 'adir'],
      ['--summary', 'afile/s.json'],
    ]) {
      const run = await runGk(['verify', file, ...args], { cwd: dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/unwritable: (-o|--summary) \S+: cannot be written/);
      expect(run.stdout).toBe('');
      expect(run.stderr).not.toContain('verified');
    }
    expect(readdirSync(dir).sort()).toEqual(['adir', 'afile', 'log.jsonl']);
  });

  it('fails a --summary that names a folder (or is empty) before the run, not after verifying the whole log', async () => {
    const { dir, file } = write('log.jsonl', good('a'));
    mkdirSync(join(dir, 'adir'));
    for (const args of [
      ['--summary', 'adir'],
      ['--summary', ''],
      ['-o', 'out.jsonl', '--summary', '.'],
    ]) {
      const run = await runGk(['verify', file, ...args], { cwd: dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/unwritable: --summary \S*: cannot be written \(a folder\)/);
      expect(run.stdout).toBe('');
      expect(run.stderr).not.toContain('verified');
    }
    expect(readdirSync(dir).sort()).toEqual(['adir', 'log.jsonl']);
  });

  it('fails on every rejection code the verifier writes, source_list_mismatch included', async () => {
    const answer = 'Water boils at 100 °C [1].\n\nSources:\n[1] The Encyclopedia of Imaginary Volcanoes';
    const { dir, file } = write(
      'log.jsonl',
      line({ id: 's', answer, passages: [{ ...water, title: 'CRC Handbook' }] }),
    );
    const run = await runGk(['verify', file, '--fail-on', 'source_list_mismatch'], { cwd: dir });
    expect(run.stderr).not.toContain('unknown');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--fail-on source_list_mismatch: 1 source_list_mismatch');
    for (const name of ['constructor', '__proto__', 'toString']) {
      const usage = await runGk(['verify', file, '--fail-on', name], { cwd: dir });
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--fail-on: unknown');
    }
  });

  it('refuses a line that holds its answer key twice, instead of verifying the last one', async () => {
    const twice = `{"id":"d","answer":"Water boils at 100 °C at sea level [1].","passages":${JSON.stringify([water])},"answer":"The moon is made of cheese."}\n`;
    const { dir, file } = write('log.jsonl', twice + good('ok'));
    const run = await runGk(['verify', file], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('log.jsonl:1: duplicate_key answer:');
    expect(records(run.stdout).map((record) => record.id)).toEqual(['ok']);
  });

  it('refuses a line whose passage holds its text twice, even without offsets to catch it', async () => {
    const twice = `{"id":"d","answer":"The moon is made of cheese [1].","passages":[{"documentId":"m","text":"The moon is made of cheese.","text":"The moon is made of rock."}]}\n`;
    const { dir, file } = write('log.jsonl', twice);
    const run = await runGk(['verify', file, '--no-offsets'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('log.jsonl:1: duplicate_key text:');
  });

  it('refuses a line that writes a watched key twice in other spellings, or holds a matched key twice', async () => {
    const slash = `{"out/answer":"Water boils at 100 °C at sea level [1].","passages":${JSON.stringify([water])},"out\\/answer":"The moon is made of cheese [1]."}\n`;
    const first = write('log.jsonl', slash);
    const run = await runGk(['verify', first.file, '--answer-field', '["out/answer"]'], { cwd: first.dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('log.jsonl:1: duplicate_key out/answer:');
    const trace = `{"id":"t","output":"The moon is made of cheese [1].","observations":[{"type":"GENERATION","type":"RETRIEVER","output":[{"pageContent":"The moon is made of rock.","metadata":{"source":"moon.md"}}]}]}\n`;
    const second = write('trace.jsonl', trace);
    const matched = await runGk(['verify', second.file, '--map', 'langfuse'], { cwd: second.dir });
    expect(matched.code).toBe(2);
    expect(matched.stderr).toContain('trace.jsonl:1: duplicate_key type:');
  });

  it('fails a missing file with exit 2, naming it', async () => {
    const run = await runGk(['verify', 'nowhere.jsonl'], { cwd: temporaryFolder() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('file_not_found: nowhere.jsonl: no such file');
  });

  it('fails an empty file with exit 2', async () => {
    const { dir, file } = write('empty.jsonl', '\n  \n');
    const run = await runGk(['verify', file], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('empty_input');
  });

  it('fails an empty log as empty_input once sharded or merged, and passes an empty shard of a log with lines', async () => {
    // r14 finding 2: a whole run of an empty log exited 2, but its shards, a 1/1 shard and every merge exited 0.
    const { dir } = write('log.jsonl', '');
    const gk = async (...args: string[]) => (await runGk(['verify', ...args], { cwd: dir })).code;
    expect(await gk('log.jsonl', '--fail-on', 'any', '--summary', 'whole.json')).toBe(2);
    expect(await gk('--merge', 'whole.json', '--fail-on', 'any')).toBe(2);
    expect(await gk('log.jsonl', '--shard', '1/2', '--summary', 's1.json', '--fail-on', 'any')).toBe(2);
    expect(await gk('log.jsonl', '--shard', '2/2', '--summary', 's2.json', '--fail-on', 'any')).toBe(2);
    const merged = await runGk(['verify', '--merge', 's1.json', 's2.json', '--fail-on', 'any'], { cwd: dir });
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain('gk: empty_input: the merged summaries: no lines to verify');
    expect(await gk('log.jsonl', '--shard', '1/1', '--fail-on', 'any')).toBe(2);
    // Blank lines and a byte-order mark are no lines either; one line of a log leaves shard 2/2 empty, and that is fine.
    writeFileSync(join(dir, 'blank.jsonl'), '\ufeff\n  \r\n\t\n');
    expect(await gk('blank.jsonl', '--shard', '2/2')).toBe(2);
    writeFileSync(join(dir, 'one.jsonl'), `\n${good('a')}`);
    expect(await gk('one.jsonl', '--shard', '1/2', '--summary', 'o1.json', '--fail-on', 'any')).toBe(0);
    expect(await gk('one.jsonl', '--shard', '2/3', '--summary', 'o2.json', '--fail-on', 'any')).toBe(0);
    // A byte-order mark cut short is text of the first line (the whole run reads it, invalid_utf8): a line, not none.
    for (const bytes of [
      [0x20, 0xbb, 0xbf, 0x0a],
      [0xef, 0xbb, 0x0a],
      [0xef, 0xbb],
    ]) {
      writeFileSync(join(dir, 'mark.jsonl'), Buffer.from(bytes));
      expect(await gk('mark.jsonl', '--shard', '2/2')).toBe(0);
    }
  });

  it('reports a malformed JSON line with its number and code, skips it, verifies the rest, and exits 2', async () => {
    const { dir, file } = write('log.jsonl', `${good('a')}{"answer": "unterminated\n${good('c')}`);
    const run = await runGk(['verify', file], { cwd: dir });
    expect(run.code).toBe(2);
    expect(records(run.stdout).map((record) => record.line)).toEqual([1, 3]);
    expect(run.stderr).toMatch(/log\.jsonl:2: not_json: not a JSON value/);
    expect(run.stderr).toContain('skipped   1 lines: not_json 1');
    expect((await runGk(['verify', file, '--allow-invalid'], { cwd: dir })).code).toBe(0);
  });

  it('exits 2 when no line could be verified, whatever --allow-invalid and --fail-on say', async () => {
    // rt9 finding 6: the answer under another key (a wrong --map) skips every line; the run checked nothing.
    const { dir, file } = write(
      'log.jsonl',
      line({ id: 'q1', response: 'The moon is cheese.', passages: [water] }) +
        line({ id: 'q2', response: 'Fabricated [1].', passages: [water] }),
    );
    for (const flags of [
      ['--allow-invalid', '--fail-on', 'any'],
      ['--allow-invalid'],
      [],
      ['--fail-on', 'any'],
    ]) {
      const run = await runGk(['verify', file, ...flags], { cwd: dir });
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.stderr).toContain(
        `gk: empty_input: ${file}: no line could be verified (2 of 2 skipped as invalid); exit 2 even with --allow-invalid`,
      );
    }
    // A shard and a merge of summaries that verified nothing are no different.
    const shard = await runGk(['verify', file, '--shard', '1/1', '--summary', 's1.json', '--allow-invalid'], {
      cwd: dir,
    });
    expect(shard.code).toBe(2);
    const merged = await runGk(['verify', '--merge', 's1.json', '--allow-invalid'], { cwd: dir });
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(
      /gk: empty_input: .*: no line could be verified \(2 of 2 skipped as invalid\)/,
    );
    // One verified line beside the skipped ones is what --allow-invalid is for.
    const { dir: other, file: mixed } = write('mixed.jsonl', good('a') + line({ id: 'q', response: 'x' }));
    expect((await runGk(['verify', mixed, '--allow-invalid', '--fail-on', 'any'], { cwd: other })).code).toBe(
      0,
    );
  });

  it('writes C1 controls, bidi controls and line separators from model text as \\u escapes on stdout', async () => {
    // rt9 finding 7: JSON.stringify leaves U+0080–U+009F and the bidi controls raw; a terminal acts on them.
    const id = 'q\u009b31m\u202e';
    const answer =
      'Water\u009b2J boils \u202eat 100 [1]. x\u009d8;;http://evil\u0007y \u2066\u2069\u061c\u200f\u2028\u0085.';
    const evil = passage('evil\u202e.md', 'Water\u009b2J boils \u202eat 100. \u2067'.repeat(20));
    const { dir, file } = write('log.jsonl', line({ id, answer, passages: [evil] }));
    for (const args of [[], ['--with-input'], ['--with-input', '--workers', '1']]) {
      const run = await runGk(['verify', file, ...args], { cwd: dir });
      expect(run.code).toBe(0);
      expect(run.stdout).not.toMatch(
        /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/,
      );
      expect(run.stdout).toContain('"id":"q\\u009b31m\\u202e"');
      const record = JSON.parse(run.stdout);
      expect(record.id).toBe(id);
      expect(record.verification.claims[0]?.text ?? record.verification.rejected[0]?.text).toContain(
        '\u009b2J',
      );
      if (args.length > 0) expect(record.answer).toBe(answer);
    }
  });

  it('refuses a passage without text that a range cites under --ranges, as when it is cited alone', async () => {
    const text = line({
      id: 'range',
      answer: 'The moon is made of cheese [1-2].',
      passages: [water, { documentId: 'secret', chunkId: 'secret' }],
    });
    const { dir, file } = write('log.jsonl', text);
    const run = await runGk(['verify', file, '--ranges'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'log.jsonl:1: missing_field passages[1].text: source [2] is cited but has no text',
    );
    expect(records(run.stdout)).toEqual([]);
  });

  it('names the line and the field of a wrong or missing field', async () => {
    const text =
      line({ id: 'typo', answer: 'Water boils [1].', passage: [water] }) +
      line({ id: 'number', answer: 42, passages: [water] }) +
      line({
        id: 'cited-without-text',
        answer: 'Water boils [1].',
        passages: [{ ...water, text: undefined }],
      }) +
      line({ id: 'bad-offset-type', answer: 'Water boils [1].', passages: [{ ...water, start: '0' }] });
    const { dir, file } = write('log.jsonl', text);
    const run = await runGk(['verify', file], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('log.jsonl:1: missing_field passages: missing "passages"');
    expect(run.stderr).toContain(
      'log.jsonl:2: wrong_type answer: expected a string at "answer", received number',
    );
    expect(run.stderr).toContain(
      'log.jsonl:3: missing_field passages[0].text: source [1] is cited but has no text',
    );
    expect(run.stderr).toContain('log.jsonl:4: wrong_type passages[0].start');
  });

  it('reports a passage whose offsets disagree with its text', async () => {
    const { dir, file } = write(
      'log.jsonl',
      line({ answer: 'Water boils [1].', passages: [{ ...water, end: water.end + 3 }] }),
    );
    const run = await runGk(['verify', file], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'log.jsonl:1: offsets_mismatch passages[0].end: source [1]: end - start is 38 but the text has 35 UTF-16 code units',
    );
  });

  it('skips a 10 MB line without holding it, and verifies it when --max-line-bytes allows', async () => {
    const huge = line({
      id: 'huge',
      answer: `${'All work and no play. '.repeat(476_000)}[1]`,
      passages: [water],
    });
    expect(huge.length).toBeGreaterThan(10_000_000);
    const { dir, file } = write('log.jsonl', good('before') + huge + good('after'));
    const skipped = await runGk(['verify', file], { cwd: dir });
    expect(skipped.code).toBe(2);
    expect(records(skipped.stdout).map((record) => record.id)).toEqual(['before', 'after']);
    expect(skipped.stderr).toMatch(
      /log\.jsonl:2: line_too_long: line of 1\d{7} bytes is longer than --max-line-bytes 8388608/,
    );
    const allowed = await runGk(['verify', file, '--max-line-bytes', '16000000'], { cwd: dir });
    expect(allowed.code).toBe(0);
    expect(records(allowed.stdout).map((record) => record.id)).toEqual(['before', 'huge', 'after']);
  });

  it('skips a line whose output would grow with its square as output_too_long, leaving no temporary file', async () => {
    // r14 finding 1: a 25 KB line wrote 11.4 MB, and a 400 KB one crashed the run (a temporary file was left behind).
    const { dir } = write('log.jsonl', good('a') + `${amplifiedLine(25_000)}\n` + good('b'));
    const run = await runGk(['verify', 'log.jsonl', '-o', 'out.jsonl', '--fail-on', 'any'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/log\.jsonl:2: output_too_long: /);
    expect(records(readFileSync(join(dir, 'out.jsonl'), 'utf8')).map((record) => record.line)).toEqual([
      1, 3,
    ]);
    expect(readdirSync(dir).sort()).toEqual(['log.jsonl', 'out.jsonl']);
    const allowed = await runGk(['verify', 'log.jsonl', '--allow-invalid', '--workers', '1'], { cwd: dir });
    expect(allowed.code).toBe(0);
    expect(allowed.stdout.length).toBeLessThan(64 * 1024);
  });

  it('reports a line that is not UTF-8', async () => {
    const { dir, file } = write(
      'log.jsonl',
      Buffer.concat([Buffer.from(good('a')), Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a])]),
    );
    const run = await runGk(['verify', file], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('log.jsonl:2: invalid_utf8');
  });

  it('keeps the output order with worker threads', async () => {
    const text = Array.from({ length: 600 }, (_, i) =>
      i % 7 === 3 ? '{oops\n' : good(`q${i}`, i % 2 === 0 ? 'Water boils [1].' : 'Ice floats [2] [9].'),
    ).join('');
    const { dir, file } = write('log.jsonl', text);
    const single = await runGk(['verify', file, '--allow-invalid'], { cwd: dir });
    const threaded = await runGk(['verify', file, '--allow-invalid', '--workers', '2'], { cwd: dir });
    expect(threaded.code).toBe(0);
    expect(threaded.stdout).toBe(single.stdout);
    expect(records(threaded.stdout)).toHaveLength(514);
  });

  it('splits a log into shards whose summaries merge into the whole', async () => {
    const text = Array.from({ length: 10 }, (_, i) =>
      good(`q${i}`, i % 3 === 0 ? 'Ice floats [2] [5].' : 'Water boils [1].'),
    ).join('');
    const { dir, file } = write('log.jsonl', text);
    expect((await runGk(['verify', file, '--summary', join(dir, 'whole.json')], { cwd: dir })).code).toBe(0);
    const lines: number[] = [];
    for (const index of [1, 2, 3]) {
      const shard = await runGk(
        ['verify', file, '--shard', `${index}/3`, '--summary', join(dir, `s${index}.json`)],
        { cwd: dir },
      );
      expect(shard.code).toBe(0);
      lines.push(...records(shard.stdout).map((record) => record.line));
    }
    expect(lines.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const merged = await runGk(['verify', '--merge', 's1.json', 's2.json', 's3.json'], { cwd: dir });
    expect(merged.code).toBe(0);
    const expected = JSON.parse(readFileSync(join(dir, 'whole.json'), 'utf8'));
    const actual = JSON.parse(merged.stdout);
    for (const key of [
      'answers',
      'claimsWritten',
      'claimsAccepted',
      'claimsRejected',
      'rejectedByCode',
      'claimAcceptance',
    ]) {
      expect(actual[key], key).toEqual(expected[key]);
    }
    expect(actual.shards).toEqual({ count: 3, indexes: [1, 2, 3] });
    // The same summary twice (by name, by link or by copy), or two whole runs of one log, would count a run twice.
    symlinkSync(join(dir, 'whole.json'), join(dir, 'whole-link.json'));
    expect((await runGk(['verify', file, '--summary', join(dir, 'again.json')], { cwd: dir })).code).toBe(0);
    for (const twice of [
      ['s1.json', 's2.json', 's3.json', 's2.json'],
      ['whole.json', 'whole.json'],
      ['whole.json', 'whole-link.json'],
      ['whole.json', 'again.json'],
    ]) {
      const repeated = await runGk(['verify', '--merge', ...twice], { cwd: dir });
      expect(repeated.code, twice.join(' ')).toBe(2);
      expect(repeated.stderr).toMatch(/invalid_summary|incomplete_shards/);
    }
    const incomplete = await runGk(['verify', '--merge', 's1.json', 's3.json'], { cwd: dir });
    expect(incomplete.code).toBe(2);
    expect(incomplete.stderr).toContain('missing shard 2 of 3');
    const usage = await runGk(['verify', file, '--shard', '4/3'], { cwd: dir });
    expect(usage.code).toBe(2);
  });

  it('writes a merge to -o and --summary, and refuses the flags of a run that reads a log', async () => {
    const text = good('a') + good('b', 'Ice floats [2] [5].');
    const { dir, file } = write('log.jsonl', text);
    for (const index of [1, 2])
      await runGk(['verify', file, '--shard', `${index}/2`, '--summary', join(dir, `s${index}.json`)], {
        cwd: dir,
      });
    const run = await runGk(
      ['verify', '--merge', 's1.json', 's2.json', '-o', 'merged.json', '--summary', 'merged-sum.json'],
      { cwd: dir },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const merged = JSON.parse(readFileSync(join(dir, 'merged.json'), 'utf8'));
    expect(merged).toMatchObject({ answers: 2, claimsRejected: 1, shards: { count: 2, indexes: [1, 2] } });
    expect(JSON.parse(readFileSync(join(dir, 'merged-sum.json'), 'utf8'))).toEqual(merged);
    expect(readdirSync(dir).filter((name) => name.includes('.tmp'))).toEqual([]);
    // An output that is one of the summaries read is refused before anything is written.
    const over = await runGk(['verify', '--merge', 's1.json', 's2.json', '-o', 's2.json'], { cwd: dir });
    expect(over.code).toBe(2);
    expect(JSON.parse(readFileSync(join(dir, 's2.json'), 'utf8')).shards).toEqual({ count: 2, indexes: [2] });
    for (const flags of [
      ['--support'],
      ['--documents', 'coll.tsv'],
      ['--map', 'lfrqa'],
      ['--options', '{"quotes":false}'],
      ['--ranges'],
      ['--with-input'],
      ['--text-field', 'body'],
      ['--no-offsets'],
      ['--workers', '2'],
      ['--shard', '1/2'],
      ['--max-line-bytes', '100'],
      ['--max-resolved-bytes', '100'],
    ]) {
      const refused = await runGk(['verify', '--merge', 's1.json', 's2.json', ...flags, '--fail-on', 'any'], {
        cwd: dir,
      });
      expect(refused.code, flags.join(' ')).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(
        `usage: verify --merge: ${flags[0]} means nothing when merging summaries`,
      );
    }
  });

  it('reads other log shapes through field flags', async () => {
    const text = line({
      request_id: 7,
      response: 'Water boils at 100 °C at sea level [1].',
      contexts: ['Water boils at 100 °C at sea level.'],
    });
    const { dir, file } = write('ragas.jsonl', text);
    const run = await runGk(
      [
        'verify',
        file,
        '--id-field',
        'request_id',
        '--answer-field',
        'response',
        '--passages-field',
        'contexts',
        '--no-offsets',
        '--support',
      ],
      { cwd: dir },
    );
    expect(run.code).toBe(0);
    const [record] = records(run.stdout) as unknown as Array<{
      id: unknown;
      verification: { status: string; citations: Array<{ documentId: string; start: number; end: number }> };
    }>;
    expect(record!.id).toBe(7);
    expect(record!.verification.status).toBe('answered');
    expect(record!.verification.citations[0]).toMatchObject({ documentId: '1', start: 0, end: 35 });
  });

  it('reads the file after --passages-field, and several passage paths from the flag repeated', async () => {
    const text = line({ response: 'Water boils at 100 °C at sea level [2].', a: ['x'], b: [water.text] });
    const { dir } = write('rag.jsonl', text);
    const args = ['verify', '--answer-field', 'response', '--no-offsets', '--fail-on', 'any'];
    const one = await runGk([...args, '--passages-field', 'b', 'rag.jsonl'], { cwd: dir, stdin: '' });
    expect(one.stderr).not.toContain('empty_input');
    expect(records(one.stdout)[0]!.verification.rejected.map((claim) => claim.code)).toEqual([
      'marker_out_of_range',
    ]);
    const two = await runGk([...args, '--passages-field', 'a', '--passages-field', 'b', 'rag.jsonl'], {
      cwd: dir,
    });
    expect(two.code).toBe(0);
  });

  it('rejects an unknown preset or a malformed map', async () => {
    const dir = temporaryFolder();
    const bad = await runGk(['verify', '-', '--map', '{"answer": "a", "passages": "p", "colour": "x"}'], {
      cwd: dir,
      stdin: good('a'),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid_map: --map: colour: unknown key');
    const missing = await runGk(['verify', '-', '--map', 'no-such-preset'], { cwd: dir, stdin: good('a') });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('neither a preset');
  });

  it('chooses the worker threads itself by default, and names auto when --workers is not a count', async () => {
    const dir = temporaryFolder();
    const help = await runGk(['verify', '--help'], { cwd: dir });
    expect(help.stdout).toMatch(/--workers <n>[\s\S]*auto[\s\S]*\(default: "auto"\)/);
    const auto = await runGk(['verify', '-', '--workers', 'auto'], { cwd: dir, stdin: good('a') });
    expect(auto.code).toBe(0);
    const bad = await runGk(['verify', '-', '--workers', 'many'], { cwd: dir, stdin: good('a') });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--workers: expected auto or an integer from 0 to 64, received "many"');
  });

  it('has help with examples and a version', async () => {
    const dir = temporaryFolder();
    const help = await runGk(['verify', '--help'], { cwd: dir });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:');
    expect(help.stdout).toContain('gk verify answers.jsonl');
    const version = await runGk(['--version'], { cwd: dir });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const unknown = await runGk(['verify', '--no-such-flag'], { cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--no-such-flag'");
  });
});
