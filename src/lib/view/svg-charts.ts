import {html, type Html} from './html.js'

// Small inline SVG charts: no library, no script, they render from file:// like the rest of the page.

/** One bar of a success-rate chart: successes among the judged trajectories of a group. */
export interface RateGroup {
  label: string
  successes: number
  judged: number
  total: number
}

const LABEL_W = 160
const BAR_W = 220
const VALUE_W = 120
const ROW_H = 24
const RATE_W = LABEL_W + BAR_W + VALUE_W

/** The share of judged trajectories with reward 1, or null when none is judged. */
export function successRate(group: RateGroup): number | null {
  return group.judged === 0 ? null : group.successes / group.judged
}

/** Horizontal bars, one per group, each as long as the group's success rate (an empty track when none is judged). */
export function rateChart(options: {title: string; groups: readonly RateGroup[]}): Html {
  const {groups} = options
  if (groups.length === 0) return html`<p class="muted">No trajectories.</p>`
  const height = groups.length * ROW_H + 8
  const rows = groups.map((group, i) => {
    const y = 4 + i * ROW_H
    const rate = successRate(group)
    const width = rate === null ? 0 : round(BAR_W * rate)
    const value =
      rate === null
        ? `n/a (${group.total} not judged)`
        : `${Math.round(rate * 100)}% (${group.successes}/${group.judged})`
    return html`<g class="row">
<title>${group.label}: ${value}</title>
<text x="${LABEL_W - 8}" y="${y + 16}" text-anchor="end">${shorten(group.label, 24)}</text>
<rect class="track" x="${LABEL_W}" y="${y + 4}" width="${BAR_W}" height="${ROW_H - 8}" rx="3"/>
<rect class="bar" x="${LABEL_W}" y="${y + 4}" width="${width}" height="${ROW_H - 8}" rx="3" data-label="${group.label}" data-rate="${rate ?? ''}"/>
<text x="${LABEL_W + BAR_W + 8}" y="${y + 16}">${value}</text>
</g>`
  })
  return html`<svg class="chart" role="img" aria-label="${options.title}" viewBox="0 0 ${RATE_W} ${height}" width="100%" style="max-width:${RATE_W}px">
${rows}
</svg>`
}

/** A histogram bin: values from..to (inclusive) and how many fell in it. */
export interface Bin {
  from: number
  to: number
  count: number
}

/**
 * Bins of equal integer width from 0 to the largest value, at most maxBins of them (width 1 when that fits, so
 * short episodes show every step count).
 */
export function histogramBins(values: readonly number[], maxBins = 30): Bin[] {
  const counts = new Map<number, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return histogramBinsOfCounts(counts, maxBins)
}

const HIST_W = 480
const HIST_H = 200
const PAD = {left: 36, right: 8, top: 10, bottom: 34}

/** Vertical bars, one per bin, as tall as the bin's count relative to the fullest bin. */
export function histogramChart(options: {title: string; bins: readonly Bin[]; unit: string}): Html {
  const {bins} = options
  if (bins.length === 0) return html`<p class="muted">No trajectories.</p>`
  const plotW = HIST_W - PAD.left - PAD.right
  const plotH = HIST_H - PAD.top - PAD.bottom
  const most = Math.max(1, ...bins.map((bin) => bin.count))
  const slot = plotW / bins.length
  const labelEvery = Math.ceil(bins.length / 15)
  const base = PAD.top + plotH
  const bars = bins.map((bin, k) => {
    const height = round((plotH * bin.count) / most)
    const x = round(PAD.left + k * slot + slot * 0.1)
    const label = bin.from === bin.to ? String(bin.from) : `${bin.from}-${bin.to}`
    return html`<g>
<title>${label} ${options.unit}: ${bin.count}</title>
<rect class="bar" x="${x}" y="${round(base - height)}" width="${round(slot * 0.8)}" height="${height}" data-bin="${label}" data-count="${bin.count}"/>
${k % labelEvery === 0 ? html`<text x="${round(PAD.left + (k + 0.5) * slot)}" y="${base + 14}" text-anchor="middle">${label}</text>` : null}
</g>`
  })
  return html`<svg class="chart" role="img" aria-label="${options.title}" viewBox="0 0 ${HIST_W} ${HIST_H}" width="100%" style="max-width:${HIST_W}px">
<line class="axis" x1="${PAD.left}" y1="${base}" x2="${HIST_W - PAD.right}" y2="${base}"/>
<text x="${PAD.left - 6}" y="${PAD.top + 10}" text-anchor="end">${most}</text>
<text x="${PAD.left - 6}" y="${base}" text-anchor="end">0</text>
${bars}
<text x="${PAD.left + plotW / 2}" y="${HIST_H - 4}" text-anchor="middle">${options.unit}</text>
</svg>`
}

/** A coordinate to two decimals (shorter SVG). */
export function round(value: number): number {
  return Math.round(value * 100) / 100
}

/** A chart label cut to `max` characters. */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** Bins as histogramBins makes them, from counts of each value (a tally kept while rows stream by). */
export function histogramBinsOfCounts(counts: ReadonlyMap<number, number>, maxBins = 30): Bin[] {
  if (counts.size === 0) return []
  let max = 0
  for (const value of counts.keys()) max = Math.max(max, value)
  const width = Math.max(1, Math.ceil((max + 1) / maxBins))
  const bins: Bin[] = Array.from({length: Math.floor(max / width) + 1}, (_, k) => ({
    from: k * width,
    to: k * width + width - 1,
    count: 0,
  }))
  for (const [value, count] of counts) bins[Math.floor(Math.max(0, value) / width)].count += count
  return bins
}
