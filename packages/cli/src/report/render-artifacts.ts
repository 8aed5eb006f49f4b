import { assertEchoClean, EchoCheckError } from '@gk/echo-check';
import type { CalibrationReport, EchoReport, EvalReport, MetricSet } from '@gk/eval-schema';
import { assessReportReadiness } from './assess-report-readiness.js';
import { escapeHtml } from './escape-html.js';
import { renderBarChart } from './render-bar-chart.js';
import type { PageContent } from './render-page.js';

const rate = (value: number | null | undefined): string =>
  value === null || value === undefined ? 'n/a' : value.toFixed(3);
const METRICS = [
  ['recall', 'recall'],
  ['precision', 'precision'],
  ['hitRate', 'hit rate'],
  ['mrr', 'MRR'],
  ['ndcg', 'nDCG'],
] as const satisfies ReadonlyArray<readonly [keyof MetricSet, string]>;

function table(
  caption: string,
  head: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  options: { codes?: readonly string[] } = {},
): string {
  const body = rows
    .map((row, index) => {
      const codes = options.codes?.[index];
      const attributes =
        codes === undefined ? '' : ` class="item" tabindex="-1" data-codes="${escapeHtml(codes)}"`;
      return `<tr${attributes}>${row.map((cell, column) => (column === 0 ? `<th scope="row">${cell}</th>` : `<td>${cell}</td>`)).join('')}</tr>`;
    })
    .join('');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`;
}

function cards(entries: ReadonlyArray<readonly [string, string]>): string {
  return `<ul class="cards">${entries.map(([label, value]) => `<li><strong>${escapeHtml(value)}</strong>${escapeHtml(label)}</li>`).join('')}</ul>`;
}

/** The page for an `EvalReport`: run facts, metrics per stage and category, synthesis counts, every query. */
export function renderEvalReport(name: string, report: EvalReport): PageContent {
  const facts = cards([
    ['questions', String(report.judgmentCount)],
    ['k', String(report.config.topK)],
    ['documents', String(report.documentCount)],
    ['chunks', String(report.chunkCount)],
    ['stages', report.stages.map((stage) => stage.stage).join(', ')],
  ]);
  const metrics = table(
    'Retrieval metrics at k, per stage',
    ['stage', ...METRICS.map(([, label]) => label), 'queries with gold', 'no-answer', 'abstentions'],
    report.stages.map((stage) => [
      `${escapeHtml(stage.stage)}${stage.isBaseline ? ' (baseline)' : ''}`,
      ...METRICS.map(([key]) => rate(stage.metrics[key])),
      String(stage.metrics.queries),
      String(stage.noAnswerQueries),
      String(stage.abstentions),
    ]),
  );
  const charts = report.stages
    .map((stage) =>
      renderBarChart(
        `${stage.stage}: metrics at k = ${report.config.topK} (×1000)`,
        METRICS.map(([key, label]) => ({
          label,
          value: Math.round((stage.metrics[key] ?? 0) * 1000),
          note: rate(stage.metrics[key]),
        })),
      ),
    )
    .join('');
  const categories = report.stages
    .filter((stage) => stage.categories.length > 0)
    .map((stage) =>
      table(
        `${stage.stage} by category`,
        ['category', ...METRICS.map(([, label]) => label), 'queries'],
        stage.categories.map((entry) => [
          escapeHtml(entry.category),
          ...METRICS.map(([key]) => rate(entry.metrics[key])),
          String(entry.metrics.queries),
        ]),
      ),
    )
    .join('');
  const synthesis = report.synthesis;
  const statuses: string[] = [];
  let synthesisHtml = '';
  const synthesisByQuery = new Map(synthesis?.rows.map((row) => [row.queryId, row]) ?? []);
  if (synthesis !== undefined) {
    const c = synthesis.counts;
    synthesisHtml = `<h2>Synthesis</h2><p>Model ${escapeHtml(synthesis.model.provider)} / ${escapeHtml(synthesis.model.modelId)} over the ${escapeHtml(synthesis.inputStage)} stage${synthesis.redacted ? ', redacted' : ''}${synthesis.judge === undefined ? '' : `; advisory judge ${escapeHtml(synthesis.judge.provider)} / ${escapeHtml(synthesis.judge.modelId)}`}.</p>${cards(
      [
        ['answered', String(c.answered)],
        ['abstained', String(c.abstained)],
        ['rejected', String(c.rejected)],
        ['claims written', String(c.claimsWritten)],
        ['claims accepted', String(c.claimsAccepted)],
        ['claim acceptance', rate(synthesis.claimAcceptance)],
      ],
    )}${
      c.judged > 0
        ? renderBarChart('Advisory judge verdicts (not a gate)', [
            { label: 'faithful', value: c.faithful },
            { label: 'unfaithful', value: c.unfaithful },
            { label: 'judge error', value: c.judgeErrors },
          ])
        : ''
    }`;
  }
  const baseline = report.stages[0]!;
  const queryRows = baseline.queries.map((query) => {
    const row = synthesisByQuery.get(query.queryId);
    const status =
      row === undefined
        ? ''
        : `${row.status}${row.rejectionCode === undefined ? '' : ` (${row.rejectionCode})`}${row.verdict === undefined ? '' : `, ${row.verdict}`}`;
    statuses.push(
      [
        row?.status ?? 'no-synthesis',
        query.gold.length === 0 ? 'no-gold' : '',
        query.hits.length === 0 ? 'no-hits' : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    return [
      escapeHtml(query.queryId),
      escapeHtml(query.category ?? ''),
      String(query.gold.length),
      escapeHtml(query.hits.map((hit) => hit.chunkId).join(', ')),
      escapeHtml(status),
      `${query.latencyMs.toFixed(1)} ms`,
    ];
  });
  const counts = new Map<string, number>();
  for (const codes of statuses)
    for (const code of codes.split(' ')) counts.set(code, (counts.get(code) ?? 0) + 1);
  const queries = table(
    `Queries (${baseline.stage} stage hits)`,
    ['query', 'category', 'gold spans', 'hits, best first', 'synthesis', 'latency'],
    queryRows,
    { codes: statuses },
  );
  return {
    title: `Eval report: ${name}`,
    subtitle: `EvalReport ${report.runId} · started ${report.startedAt} · written by ${report.packageVersion} · corpus ${report.corpusHash.slice(0, 12)} · judgments ${report.judgmentsHash.slice(0, 12)}`,
    body: `<section><h2>Run</h2>${facts}${metrics}${charts}${categories}</section><section>${synthesisHtml}<h2>Queries</h2>${queries}</section>`,
    filters: [
      { value: 'all', label: 'all queries', count: baseline.queries.length },
      ...[...counts.entries()].map(([value, count]) => ({ value, label: value, count })),
    ],
  };
}

// Says what a clean run rests on: abstentions pass the echo check by default, so a run where most cases cited
// nothing must not read as if every case cited the planted source.
function cleanEchoSentence(c: EchoReport['counts']): string {
  const total = c.grounded + c.abstained;
  if (c.abstained === 0) return `Clean: all ${total} cases cited the planted source and nothing leaked.`;
  return `Clean: nothing leaked and no case cited a decoy or was rejected; ${c.grounded} of ${total} cases cited the planted source, ${c.abstained} abstained (cited nothing).`;
}

/** Why `assertEchoClean` (default options) fails `report`, at most 20 lines of its message; `null` when it passes. */
function echoFailure(report: EchoReport): string | null {
  try {
    assertEchoClean(report);
    return null;
  } catch (error) {
    if (!EchoCheckError.isInstance(error)) throw error;
    const lines = error.message.split('\n');
    return lines.length <= 20
      ? error.message
      : [...lines.slice(0, 20), `  … and ${lines.length - 20} more`].join('\n');
  }
}

/** The page for an `EchoReport`: outcome counts and every case, filterable by outcome and leak. */
export function renderEchoReport(name: string, report: EchoReport): PageContent {
  const c = report.counts;
  // The page reads a run as `gk echo` and `assertEchoClean` do (default options), never by a rule of its own.
  const notClean = echoFailure(report);
  const clean = notClean === null;
  const codes = report.cases.map((echoCase) =>
    [echoCase.outcome, echoCase.leaked ? 'leaked' : ''].filter(Boolean).join(' '),
  );
  const rows = report.cases.map((echoCase) => [
    escapeHtml(echoCase.caseId),
    `<span class="${echoCase.outcome === 'grounded' ? 'ok-text' : echoCase.outcome === 'wrong_source' ? 'bad-text' : ''}">${escapeHtml(echoCase.outcome)}</span>`,
    echoCase.leaked ? '<span class="bad-text">leaked</span>' : 'no',
    escapeHtml((echoCase.citedSources ?? []).map((n) => `[${n}]`).join(' ')),
    escapeHtml(echoCase.question ?? ''),
    escapeHtml(echoCase.detail ?? ''),
  ]);
  const filterCounts = new Map<string, number>();
  for (const code of codes)
    for (const part of code.split(' ')) filterCounts.set(part, (filterCounts.get(part) ?? 0) + 1);
  return {
    title: `Echo check: ${name}`,
    subtitle: `EchoReport ${report.runId} · started ${report.startedAt}`,
    body: `<section><h2>Result</h2><p class="${clean ? 'ok-text' : 'bad-text'}">${clean ? cleanEchoSentence(c) : 'Not clean: see the cases below.'}</p>${notClean === null ? '' : `<pre class="bad-text">${escapeHtml(notClean)}</pre>`}${renderBarChart(
      'Cases by outcome',
      [
        { label: 'grounded', value: c.grounded },
        { label: 'wrong source', value: c.wrongSource },
        { label: 'abstained', value: c.abstained },
        { label: 'rejected', value: c.rejected },
        { label: 'leaked (any outcome)', value: c.leaked },
      ],
    )}</section><section><h2>Cases</h2>${table('Echo cases', ['case', 'outcome', 'leak', 'cited', 'question', 'detail'], rows, { codes })}</section>`,
    filters: [
      { value: 'all', label: 'all cases', count: report.cases.length },
      ...[...filterCounts.entries()].map(([value, count]) => ({ value, label: value, count })),
    ],
  };
}

/**
 * The page for a `CalibrationReport`: the pre-registered outcome, what the report alone says about gate readiness, agreement,
 * confusion matrix and disagreements. A met outcome is never drawn as a pass: the judge is advisory, and readiness
 * needs more than this file.
 */
export function renderCalibrationReport(name: string, report: CalibrationReport): PageContent {
  const m = report.confusionMatrix;
  const p = report.preregistration;
  const conditions = assessReportReadiness(report);
  const failing = conditions
    .filter((condition) => condition.holds === false)
    .map((condition) => condition.id);
  const readiness = `<p class="${failing.length > 0 ? 'bad-text' : 'muted'}">Gate readiness: ${
    failing.length > 0
      ? `not ready, ${escapeHtml(failing.join(', '))} ${failing.length === 1 ? 'fails' : 'fail'}.`
      : 'not decided by this page: nothing in the report fails, but readiness also needs the label set, the pre-registration and the judge about to gate.'
  }</p><p>The judge is advisory, not a gate: its verdicts accept or reject nothing. Only <code>assessGateReadiness</code> (<code>@gk/judge</code>), given the label set, the pre-registration and the judge, can find it ready; this page shows what the report alone decides (below).</p>`;
  const conditionTable = `<h2>Gate readiness</h2>${table(
    'Readiness conditions',
    ['condition', 'from this report', 'detail'],
    conditions.map((condition) => [
      escapeHtml(condition.id),
      condition.holds === false ? '<span class="bad-text">fails</span>' : 'not decided here',
      escapeHtml(condition.detail),
    ]),
  )}`;
  const rows = report.disagreements.map((d) => [
    escapeHtml(d.itemId),
    d.human ? 'faithful' : 'unfaithful',
    d.judge ? 'faithful' : 'unfaithful',
    escapeHtml(d.reasoning ?? ''),
    escapeHtml((d.unsupportedClaims ?? []).join(' | ')),
    escapeHtml(d.note ?? ''),
  ]);
  return {
    title: `Judge calibration: ${name}`,
    subtitle: `CalibrationReport · judge ${report.judge.provider} / ${report.judge.modelId} · measured ${report.measuredAt}`,
    body: `<section><h2>Outcome</h2><p${report.outcome.met ? '' : ' class="bad-text"'}>${escapeHtml(p.metric)} = ${rate(report.outcome.value)} against the pre-registered threshold ${escapeHtml(p.threshold)}: ${report.outcome.met ? `met${failing.length > 0 ? ', but the judge is not ready to gate' : ''}` : 'not met'}.</p>${readiness}${cards(
      [
        ['items', String(report.rows.length)],
        ['agreement', rate(report.agreementRate)],
        ['judge errors', String(report.judgeErrors)],
        ['disagreements', String(report.disagreements.length)],
      ],
    )}${table(
      'Confusion matrix (positive = faithful)',
      ['', 'judge faithful', 'judge unfaithful'],
      [
        ['human faithful', String(m.truePositive), String(m.falseNegative)],
        ['human unfaithful', String(m.falsePositive), String(m.trueNegative)],
      ],
    )}${table(
      'Per class',
      ['class', 'precision', 'recall'],
      [
        ['faithful', rate(report.precision.faithful), rate(report.recall.faithful)],
        ['unfaithful', rate(report.precision.unfaithful), rate(report.recall.unfaithful)],
      ],
    )}${conditionTable}</section><section><h2>Disagreements</h2>${rows.length === 0 ? '<p class="muted">None.</p>' : table('Items where judge and human disagree', ['item', 'human', 'judge', 'reasoning', 'unsupported claims', 'note'], rows, { codes: rows.map(() => 'disagreement') })}</section>`,
  };
}
