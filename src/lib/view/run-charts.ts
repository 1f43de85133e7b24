import {html, type Html} from './html.js'
import type {ReportRun} from './report-runs.js'
import {histogramBinsOfCounts, round, shorten, successRate, type Bin, type RateGroup} from './svg-charts.js'

// The summary charts of a report of several runs: each group (a level, a domain...) or bin gets one bar per run, in
// the run's colour, so runs are compared at a glance; a legend names the colours.

const LABEL_W = 160
const BAR_W = 220
const VALUE_W = 120
const BAR_H = 14
const GROUP_GAP = 10
const RATE_W = LABEL_W + BAR_W + VALUE_W

/** The runs and their colours, above the charts. */
export function runLegend(runs: readonly ReportRun[]): Html {
  return html`<p class="legend">${runs.map((run) => html`<span class="legend-item"><span class="swatch" style="background:${run.colour}"></span>${run.name}</span>`)}</p>`
}

/** Success-rate bars: for each group, one bar per run (`byRun[r][g]` is run r's group g). */
export function runRateChart(options: {
  title: string
  runs: readonly ReportRun[]
  byRun: readonly (readonly RateGroup[])[]
}): Html {
  const {runs, byRun} = options
  const groups = byRun[0] ?? []
  if (groups.length === 0) return html`<p class="muted">No trajectories.</p>`
  const groupH = runs.length * BAR_H + GROUP_GAP
  const height = groups.length * groupH + 4
  const rows = groups.map((first, g) => {
    const top = 4 + g * groupH
    const bars = runs.map((run, r) => {
      const group = byRun[r]![g]!
      const y = top + r * BAR_H
      const rate = successRate(group)
      const value =
        rate === null
          ? `n/a (${group.total} not judged)`
          : `${Math.round(rate * 100)}% (${group.successes}/${group.judged})`
      return html`<g>
<title>${run.name}, ${group.label}: ${value}</title>
<rect class="track" x="${LABEL_W}" y="${y + 1}" width="${BAR_W}" height="${BAR_H - 2}" rx="2"/>
<rect class="bar" x="${LABEL_W}" y="${y + 1}" width="${rate === null ? 0 : round(BAR_W * rate)}" height="${BAR_H - 2}" rx="2" style="fill:${run.colour}" data-run="${run.name}" data-label="${group.label}" data-rate="${rate ?? ''}"/>
<text x="${LABEL_W + BAR_W + 8}" y="${y + BAR_H - 3}">${value}</text>
</g>`
    })
    return html`<g class="row">
<text x="${LABEL_W - 8}" y="${top + (runs.length * BAR_H) / 2 + 4}" text-anchor="end">${shorten(first.label, 24)}</text>
${bars}
</g>`
  })
  return html`<svg class="chart" role="img" aria-label="${options.title}" viewBox="0 0 ${RATE_W} ${height}" width="100%" style="max-width:${RATE_W}px">
${rows}
</svg>`
}

const HIST_W = 480
const HIST_H = 200
const PAD = {left: 36, right: 8, top: 10, bottom: 34}

/** Bins of the same width for every run (from the largest value of any), one bin list per run. */
export function runHistogramBins(countsByRun: readonly ReadonlyMap<number, number>[], maxBins = 30): Bin[][] {
  let max = -1
  for (const counts of countsByRun) for (const value of counts.keys()) max = Math.max(max, value)
  if (max < 0) return countsByRun.map(() => [])
  // Every run gets the largest value (count 0) so the bins line up.
  return countsByRun.map((counts) => histogramBinsOfCounts(new Map([...counts, [max, counts.get(max) ?? 0]]), maxBins))
}

/** A histogram with, in each bin, one bar per run as tall as its share of that run's trajectories. */
export function runHistogramChart(options: {
  title: string
  runs: readonly ReportRun[]
  binsByRun: readonly (readonly Bin[])[]
  unit: string
}): Html {
  const {runs, binsByRun} = options
  const bins = binsByRun[0] ?? []
  if (bins.length === 0) return html`<p class="muted">No trajectories.</p>`
  const totals = binsByRun.map((runBins) => runBins.reduce((sum, bin) => sum + bin.count, 0))
  const share = (r: number, k: number) => (totals[r] === 0 ? 0 : binsByRun[r]![k]!.count / totals[r]!)
  const most = Math.max(0.0001, ...runs.flatMap((_, r) => bins.map((__, k) => share(r, k))))
  const plotW = HIST_W - PAD.left - PAD.right
  const plotH = HIST_H - PAD.top - PAD.bottom
  const slot = plotW / bins.length
  const barW = (slot * 0.8) / runs.length
  const labelEvery = Math.ceil(bins.length / 15)
  const base = PAD.top + plotH
  const groups = bins.map((bin, k) => {
    const label = bin.from === bin.to ? String(bin.from) : `${bin.from}-${bin.to}`
    const bars = runs.map((run, r) => {
      const height = round((plotH * share(r, k)) / most)
      return html`<rect class="bar" x="${round(PAD.left + k * slot + slot * 0.1 + r * barW)}" y="${round(base - height)}" width="${round(barW)}" height="${height}" style="fill:${run.colour}" data-run="${run.name}" data-bin="${label}" data-count="${binsByRun[r]![k]!.count}"><title>${run.name}, ${label} ${options.unit}: ${binsByRun[r]![k]!.count}</title></rect>`
    })
    return html`<g>${bars}${k % labelEvery === 0 ? html`<text x="${round(PAD.left + (k + 0.5) * slot)}" y="${base + 14}" text-anchor="middle">${label}</text>` : null}</g>`
  })
  return html`<svg class="chart" role="img" aria-label="${options.title}" viewBox="0 0 ${HIST_W} ${HIST_H}" width="100%" style="max-width:${HIST_W}px">
<line class="axis" x1="${PAD.left}" y1="${base}" x2="${HIST_W - PAD.right}" y2="${base}"/>
<text x="${PAD.left - 6}" y="${PAD.top + 10}" text-anchor="end">${Math.round(most * 100)}%</text>
<text x="${PAD.left - 6}" y="${base}" text-anchor="end">0</text>
${groups}
<text x="${PAD.left + plotW / 2}" y="${HIST_H - 4}" text-anchor="middle">${options.unit} (share of each run's trajectories)</text>
</svg>`
}
