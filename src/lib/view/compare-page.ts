import type {PairedReport} from '../eval/evaluate.js'
import {interval, pct, pValue, signed} from '../eval/render-eval.js'
import type {Comparison} from './compare-data.js'
import {html, type Html} from './html.js'
import {renderPage} from './page-shell.js'
import type {TableMeta} from './table-data.js'
import {TABLE_SCRIPT} from './table-script.js'
import {renderFilters, renderTable} from './table-shell.js'

/** The comparison page of run b against run a (1-based positions, a < b): compare-<a>-<b>.html. */
export function comparePagePath(a: number, b: number): string {
  return `compare-${a}-${b}.html`
}

export interface ComparePageOptions {
  comparison: Comparison
  meta: TableMeta
  bootstrap: {samples: number; seed: number}
}

/**
 * Run B against run A, as a paper would put it: the paired difference in success rate on the tasks both judged, its
 * bootstrap interval and McNemar's p (by split side too, when the test side was given), then every task with its
 * outcome in each run, flipped tasks first.
 */
export function renderComparePage(options: ComparePageOptions): string {
  const {comparison, meta} = options
  const {a, b} = comparison
  const title = `${b.name} vs ${a.name}`
  const body = html`<p><a href="index.html">← all trajectories</a></p>
<h1><span class="swatch" style="background:${b.colour}"></span>${b.name} vs <span class="swatch" style="background:${a.colour}"></span>${a.name}</h1>
<p class="muted">A is ${a.name}, B is ${b.name}. A task's outcome in a run is its first attempt's reward; the statistics are over the tasks judged in both runs (as <code>webgym eval</code> computes them), with a paired bootstrap interval of ${options.bootstrap.samples.toLocaleString('en')} resamples (seed ${options.bootstrap.seed}).</p>
<div class="charts">
<section class="card"><h3>Paired difference</h3>${pairedFacts(comparison)}</section>
${comparison.bySplit ? html`<section class="card"><h3>By split side</h3>${splitTable(comparison)}</section>` : null}
</div>
<h2>Tasks</h2>
${renderFilters(meta, 'tasks')}
${renderTable(meta, 'tasks')}`
  return renderPage({title, body, script: TABLE_SCRIPT, loadsScripts: true})
}

function pairedFacts({paired, successes, changes}: Comparison): Html {
  const others = html`<dt>Only in A</dt><dd data-field="only-a">${changes['only in A']} tasks</dd>
<dt>Only in B</dt><dd data-field="only-b">${changes['only in B']} tasks</dd>
<dt>Not judged in A or B</dt><dd data-field="not-judged">${changes['not judged']} tasks</dd>`
  if (paired.n === 0)
    return html`<p class="muted">No task is judged in both runs: nothing to compare.</p><dl class="facts" id="paired">${others}</dl>`
  const toSuccess = paired.flipped.filter((flip) => flip.second === 1).length
  return html`<dl class="facts" id="paired">
<dt>Tasks judged in both</dt><dd data-field="n">${paired.n}</dd>
<dt>Success rate</dt><dd data-field="rates">A ${pct(successes.a / paired.n)} → B ${pct(successes.b / paired.n)}</dd>
<dt>Difference (B − A)</dt><dd data-field="difference">${signed(paired.difference)} ${interval(paired.ci95)}</dd>
<dt>McNemar's exact p</dt><dd data-field="mcnemar">${pValue(paired.mcnemar_p)}</dd>
<dt>Flipped</dt><dd data-field="flipped">${toSuccess} to success, ${paired.flipped.length - toSuccess} to failure</dd>
${others}
</dl>`
}

function splitTable(comparison: Comparison): Html {
  return html`<table>
<thead><tr><th>Side</th><th class="num">Tasks</th><th class="num">A</th><th class="num">B</th><th class="num">B − A [95% CI]</th><th class="num">p</th></tr></thead>
<tbody>${(comparison.bySplit ?? []).map(({side, paired, successes}) =>
    paired.n === 0
      ? html`<tr data-side="${side}"><td>${side}</td><td class="num">0</td><td colspan="4" class="muted">no task judged in both</td></tr>`
      : html`<tr data-side="${side}"><td>${side}</td><td class="num">${paired.n}</td><td class="num">${pct(successes.a / paired.n)}</td><td class="num">${pct(successes.b / paired.n)}</td><td class="num">${signed(paired.difference)} ${interval(paired.ci95)}</td><td class="num">${pValue(paired.mcnemar_p)}</td></tr>`,
  )}</tbody>
</table>`
}
