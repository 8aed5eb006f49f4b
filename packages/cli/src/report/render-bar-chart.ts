import { escapeHtml } from './escape-html.js';

/** One bar: a label, a count and an optional filter value that clicking the label applies. */
export interface Bar {
  label: string;
  value: number;
  /** Shown after the number, e.g. a percentage. */
  note?: string;
}

/** A horizontal bar chart as an HTML table: readable without CSS and by screen readers. */
export function renderBarChart(
  title: string,
  bars: readonly Bar[],
  options: { empty?: string } = {},
): string {
  if (bars.length === 0) return `<p class="muted">${escapeHtml(options.empty ?? 'Nothing to chart.')}</p>`;
  const max = Math.max(...bars.map((bar) => bar.value), 1);
  const rows = bars
    .map((bar) => {
      const width = Math.max(bar.value > 0 ? 1 : 0, Math.round((bar.value / max) * 100));
      return `<tr><th scope="row">${escapeHtml(bar.label)}</th><td class="num">${escapeHtml(bar.value.toLocaleString('en-US'))}${bar.note === undefined ? '' : ` <span class="muted">${escapeHtml(bar.note)}</span>`}</td><td class="bar-cell"><svg class="bar" width="100%" height="12" aria-hidden="true" focusable="false"><rect width="${width}%" height="12" rx="2"></rect></svg></td></tr>`;
    })
    .join('');
  return `<table class="chart"><caption>${escapeHtml(title)}</caption><thead><tr><th scope="col">what</th><th scope="col">count</th><th scope="col"><span class="visually-hidden">bar</span></th></tr></thead><tbody>${rows}</tbody></table>`;
}
