import {html, type SafeHtml} from './html.js'
import {renderPage} from './page-shell.js'
import {ratesByDomain, ratesByLevel, NONE_LABEL} from './success-rates.js'
import {histogramBins, histogramChart, rateChart} from './svg-charts.js'
import {statusBadge, rewardBadge} from './badges.js'
import {trajectoryPagePath, type IndexRow} from './view-record.js'

/** The columns the index can be filtered by: a select box each, matched against the row's data attribute. */
export const FILTERS = [
  {key: 'status', label: 'Status'},
  {key: 'reward', label: 'Reward'},
  {key: 'level', label: 'Level'},
  {key: 'website', label: 'Website'},
] as const
export type FilterKey = (typeof FILTERS)[number]['key']

/** The values a row is filtered on (its data-* attributes); missing ones are "(none)". */
export function filterValues(row: IndexRow): Record<FilterKey, string> {
  return {
    status: row.status,
    reward: row.reward === null ? NONE_LABEL : String(row.reward),
    level: row.level ?? NONE_LABEL,
    website: row.website ?? NONE_LABEL,
  }
}

const REWARD_LABELS = new Map([['1', '1 (success)'], ['0', '0 (failure)'], [NONE_LABEL, 'not judged']])

// The whole of the page's behaviour: hide the rows whose data-* attribute differs from a chosen select value.
export const FILTER_SCRIPT = `(() => {
  const selects = [...document.querySelectorAll('select[data-filter]')];
  const rows = [...document.querySelectorAll('#trajectories tbody tr')];
  const shown = document.getElementById('shown');
  const apply = () => {
    let count = 0;
    for (const row of rows) {
      const keep = selects.every((select) => select.value === '' || row.dataset[select.dataset.filter] === select.value);
      row.hidden = !keep;
      if (keep) count++;
    }
    shown.textContent = String(count);
  };
  for (const select of selects) select.addEventListener('change', apply);
  window.addEventListener('pageshow', apply);
  apply();
})();`

export function renderIndexPage(options: {rows: readonly IndexRow[]; title?: string}): string {
  const {rows} = options
  const title = options.title ?? 'webgym trajectories'
  const body = html`<h1>${title}</h1>
${summaryLine(rows)}
<h2>Summary</h2>
<div class="charts">
<section class="card"><h3>Success rate by level</h3>${rateChart({title: 'Success rate by level', groups: ratesByLevel(rows)})}</section>
<section class="card"><h3>Success rate by domain</h3>${rateChart({title: 'Success rate by domain', groups: ratesByDomain(rows)})}</section>
<section class="card"><h3>Steps per trajectory</h3>${histogramChart({title: 'Steps per trajectory', bins: histogramBins(rows.map((row) => row.steps)), unit: 'steps'})}</section>
</div>
<h2>Trajectories</h2>
<div class="filters">
${FILTERS.map((filter) => filterSelect(filter.key, filter.label, rows))}
<span class="muted"><span id="shown">${rows.length}</span> of ${rows.length} shown</span>
</div>
<table id="trajectories">
<thead><tr><th class="num">#</th><th>Task</th><th>Website</th><th>Level</th><th>Status</th><th class="num">Reward</th><th class="num">Steps</th><th>Source</th></tr></thead>
<tbody>
${rows.map(tableRow)}
</tbody>
</table>`
  return renderPage({title, body, script: FILTER_SCRIPT})
}

function summaryLine(rows: readonly IndexRow[]): SafeHtml {
  const judged = rows.filter((row) => row.reward !== null).length
  const successes = rows.filter((row) => row.reward === 1).length
  const rate = judged === 0 ? 'n/a' : `${Math.round((100 * successes) / judged)}%`
  const steps = rows.reduce((sum, row) => sum + row.steps, 0)
  const mean = rows.length === 0 ? 0 : steps / rows.length
  return html`<p class="muted">${rows.length} trajectories, ${judged} judged, ${successes} successful (success rate ${rate}), ${mean.toFixed(1)} steps on average.</p>`
}

function filterSelect(key: FilterKey, label: string, rows: readonly IndexRow[]): SafeHtml {
  const counts = new Map<string, number>()
  for (const row of rows) {
    const value = filterValues(row)[key]
    counts.set(value, (counts.get(value) ?? 0) + 1)
  }
  const values = [...counts.keys()].sort((a, b) => (a === NONE_LABEL ? 1 : b === NONE_LABEL ? -1 : a.localeCompare(b)))
  const text = (value: string) => (key === 'reward' ? (REWARD_LABELS.get(value) ?? value) : value)
  return html`<label>${label} <select data-filter="${key}" name="${key}">
<option value="">all</option>
${values.map((value) => html`<option value="${value}">${text(value)} (${counts.get(value)})</option>`)}
</select></label>`
}

function tableRow(row: IndexRow): SafeHtml {
  const values = filterValues(row)
  return html`<tr data-status="${values.status}" data-reward="${values.reward}" data-level="${values.level}" data-website="${values.website}">
<td class="num">${row.n}</td><td><a href="${trajectoryPagePath(row.n)}">${row.intent}</a></td><td>${row.website ?? '—'}</td><td>${row.level ?? '—'}</td><td>${statusBadge(row.status)}</td><td class="num">${rewardBadge(row.reward)}</td><td class="num">${row.steps}</td><td>${row.source}</td>
</tr>`
}
