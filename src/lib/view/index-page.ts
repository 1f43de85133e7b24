import {wilsonInterval} from '../eval/statistics.js'
import {COMPARE_PICKER_SCRIPT, comparePicker} from './compare-picker.js'
import {html, type Html} from './html.js'
import {INDEX_LABEL_SCRIPT, LABEL_STORE_SCRIPT} from './label-script.js'
import {renderPage} from './page-shell.js'
import {runLegend} from './run-charts.js'
import type {ReportRun} from './report-runs.js'
import type {RunTallies, RunSummary} from './report-tally.js'
import type {TableMeta} from './table-data.js'
import {TABLE_SCRIPT} from './table-script.js'
import {renderFilters, renderTable} from './table-shell.js'

/** A comparison page the index links to. */
export interface ComparisonLink {
  href: string
  title: string
}

export interface IndexPageOptions {
  title?: string
  meta: TableMeta
  runs: readonly ReportRun[]
  tally: RunTallies
  /** The test side was given: a split chart. */
  split: boolean
  comparisons?: readonly ComparisonLink[]
}

/** The index's script: the table's, after the labelling store and panel in labelling mode, then the comparison picker's. */
export function indexScript(label: boolean, picker = false): string {
  const table = label ? `${LABEL_STORE_SCRIPT}\n${INDEX_LABEL_SCRIPT}\n${TABLE_SCRIPT}` : TABLE_SCRIPT
  return picker ? `${table}\n${COMPARE_PICKER_SCRIPT}` : table
}

/**
 * The report's front page: a summary line (a table of runs when there are several, with a picker and links to their
 * comparison pages), the summary charts, and the table of trajectories, whose rows the script loads from data/rows-<k>.js.
 */
export function renderIndexPage(options: IndexPageOptions): string {
  const {meta, runs, tally} = options
  const title = options.title ?? 'webgym trajectories'
  const label = meta.labels !== null
  const body = html`<h1>${title}</h1>
${summaryLine(tally.total())}
${runs.length > 1 ? runsTable(runs, tally, options.comparisons ?? []) : null}
<h2>Summary</h2>
${runs.length > 1 ? runLegend(runs) : null}
${tally.charts({split: options.split})}
<h2>Trajectories</h2>
${label ? labelPanel() : null}
${renderFilters(meta, 'trajectories')}
${renderTable(meta, 'trajectories')}`
  return renderPage({
    title,
    body,
    script: indexScript(label, runs.length > 1 && (options.comparisons ?? []).length > 0),
    loadsScripts: true,
    dataset: {reportRoot: 'index.html'},
  })
}

function summaryLine(total: RunSummary): Html {
  const rate = total.judged === 0 ? 'n/a' : `${Math.round((100 * total.successes) / total.judged)}%`
  const mean = total.trajectories === 0 ? 0 : total.steps / total.trajectories
  return html`<p class="muted">${total.trajectories} trajectories, ${total.judged} judged, ${total.successes} successful (success rate ${rate}), ${mean.toFixed(1)} steps on average.</p>`
}

function runsTable(runs: readonly ReportRun[], tally: RunTallies, comparisons: readonly ComparisonLink[]): Html {
  const rows = runs.map((run, i) => {
    const summary = tally.summary(i)
    const [lo, hi] = wilsonInterval(summary.successes, summary.judged)
    const rate = summary.judged === 0 ? 'n/a' : `${pct(summary.successes / summary.judged)} [${pct(lo)}, ${pct(hi)}]`
    return html`<tr data-run="${run.name}"><td><span class="swatch" style="background:${run.colour}"></span>${run.name}</td><td>${run.file === '-' ? 'stdin' : run.file}</td><td class="num">${summary.trajectories}</td><td class="num">${summary.judged}</td><td class="num">${rate}</td><td class="num">${(summary.trajectories === 0 ? 0 : summary.steps / summary.trajectories).toFixed(1)}</td></tr>`
  })
  return html`<table class="runs">
<thead><tr><th>Run</th><th>File</th><th class="num">Trajectories</th><th class="num">Judged</th><th class="num">Success rate [95% CI]</th><th class="num">Mean steps</th></tr></thead>
<tbody>${rows}</tbody>
</table>
${
  comparisons.length > 0
    ? html`${comparePicker(runs)}
<p>Compared task by task: ${comparisons.map((link, i) => html`${i > 0 ? ' · ' : null}<a href="${link.href}">${link.title}</a>`)}</p>`
    : null
}`
}

function labelPanel(): Html {
  return html`<section class="card labels" id="labels">
<h3>Labelling</h3>
<p class="muted">Mark each trajectory ✓ (success) or ✗ (failure) here or on its page, where each rubric fact can be marked too. Marks stay in this browser, for this report folder; export them as NDJSON for <code>webgym judge eval --labels</code>.</p>
<p><span id="label-status" role="status"></span></p>
<p><button type="button" id="label-export">Export labels.ndjson</button> <button type="button" id="label-show">Show as text</button> <button type="button" id="label-clear">Clear all labels</button></p>
<textarea id="label-text" hidden readonly aria-label="Labels as NDJSON"></textarea>
</section>`
}

function pct(value: number): string {
  return `${(100 * value).toFixed(1)}%`
}
