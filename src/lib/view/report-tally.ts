import {html, type Html} from './html.js'
import type {ReportRun} from './report-runs.js'
import {runHistogramBins, runHistogramChart, runRateChart} from './run-charts.js'
import {domainLabel, levelOrder, RateTally, topGroups} from './success-rates.js'
import {histogramBinsOfCounts, histogramChart, rateChart, type RateGroup} from './svg-charts.js'
import {NONE_LABEL} from './table-data.js'
import type {IndexRow} from './view-record.js'

/** What the index says of one run: how many trajectories, judged and successful, and their steps. */
export interface RunSummary {
  trajectories: number
  judged: number
  successes: number
  steps: number
}

/** The summary charts' counts, per run, kept as rows stream by (nothing per trajectory is held). */
export class RunTallies {
  private readonly byRun: {
    summary: RunSummary
    level: RateTally
    domain: RateTally
    split: RateTally
    steps: Map<number, number>
  }[]

  constructor(private readonly runs: readonly ReportRun[]) {
    this.byRun = runs.map(() => ({
      summary: {trajectories: 0, judged: 0, successes: 0, steps: 0},
      level: new RateTally(),
      domain: new RateTally(),
      split: new RateTally(),
      steps: new Map(),
    }))
  }

  add(row: IndexRow): void {
    const run = this.byRun[row.run]!
    run.summary.trajectories++
    run.summary.steps += row.steps
    if (row.reward !== null) run.summary.judged++
    if (row.reward === 1) run.summary.successes++
    run.level.add(row.level ?? NONE_LABEL, row.reward)
    run.domain.add(domainLabel(row), row.reward)
    if (row.split !== null) run.split.add(row.split, row.reward)
    run.steps.set(row.steps, (run.steps.get(row.steps) ?? 0) + 1)
  }

  summary(run: number): RunSummary {
    return this.byRun[run]!.summary
  }

  /** Every run's counts together. */
  total(): RunSummary {
    const total: RunSummary = {trajectories: 0, judged: 0, successes: 0, steps: 0}
    for (const {summary} of this.byRun) {
      total.trajectories += summary.trajectories
      total.judged += summary.judged
      total.successes += summary.successes
      total.steps += summary.steps
    }
    return total
  }

  /** The summary charts: success rate by level, by domain and (with a test side) by split side, then steps. */
  charts(options: {split: boolean}): Html {
    const cards = [
      this.rateCard(
        'Success rate by level',
        this.aligned('level', (labels) => levelOrder(labels)),
      ),
      this.rateCard('Success rate by domain', topGroups(this.byRun.map((run) => run.domain))),
    ]
    if (options.split)
      cards.push(
        this.rateCard(
          'Success rate by split side',
          this.aligned('split', (labels) =>
            [...labels].sort((a, b) => (a === 'train' ? -1 : b === 'train' ? 1 : a.localeCompare(b))),
          ),
        ),
      )
    cards.push(this.stepsCard())
    return html`<div class="charts">${cards}</div>`
  }

  // The groups of every run under the same labels, in the given order.
  private aligned(facet: 'level' | 'split', order: (labels: Iterable<string>) => string[]): RateGroup[][] {
    const labels = order(new Set(this.byRun.flatMap((run) => [...run[facet].groups.keys()])))
    return this.byRun.map((run) => labels.map((label) => run[facet].group(label)))
  }

  private rateCard(title: string, byRun: RateGroup[][]): Html {
    const chart =
      this.runs.length === 1 ? rateChart({title, groups: byRun[0]!}) : runRateChart({title, runs: this.runs, byRun})
    return html`<section class="card"><h3>${title}</h3>${chart}</section>`
  }

  private stepsCard(): Html {
    const title = 'Steps per trajectory'
    const chart =
      this.runs.length === 1
        ? histogramChart({title, bins: histogramBinsOfCounts(this.byRun[0]!.steps), unit: 'steps'})
        : runHistogramChart({
            title,
            runs: this.runs,
            binsByRun: runHistogramBins(this.byRun.map((run) => run.steps)),
            unit: 'steps',
          })
    return html`<section class="card"><h3>${title}</h3>${chart}</section>`
  }
}
