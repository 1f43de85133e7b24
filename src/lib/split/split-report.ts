import type {RoutedLines} from './route-lines.js'
import type {SideTally} from './side-tally.js'
import type {SplitCheck} from './split-check.js'
import {taxonomyCoverage, type TaxonomyCoverage} from './taxonomy-coverage.js'

// One value of a field and how many tasks of a side carry it (null: the field is unknown).
export interface ValueCount {
  value: string | null
  tasks: number
}

// What one side received: the numbers a researcher compares to see the test mix mirrors train.
export interface SideReport {
  tasks: number
  websites: number
  domains: ValueCount[]
  subdomains: ValueCount[]
  levels: ValueCount[]
}

// The outcome of a split, as `--report --json` prints it.
export interface SplitReport {
  input: string
  seed: number
  train: SideReport
  test: SideReport
  /** Tasks in neither file: other tasks of test websites. */
  held_out: number
  /** Tasks in neither file: no website to split by. */
  no_website: number
  invalid_skipped: number
  /** Each side's coverage of WebGym's whole taxonomy, missing domains and subdomains included. */
  coverage: {train: TaxonomyCoverage; test: TaxonomyCoverage}
  check: SplitCheck
}

export function buildSplitReport(options: {
  input: string
  seed: number
  routed: RoutedLines
  invalidSkipped: number
  check: SplitCheck
}): SplitReport {
  const {routed} = options
  return {
    input: options.input,
    seed: options.seed,
    train: sideReport(routed.train),
    test: sideReport(routed.test),
    held_out: routed.heldOut,
    no_website: routed.noWebsite,
    invalid_skipped: options.invalidSkipped,
    coverage: {train: taxonomyCoverage(routed.train.pairs), test: taxonomyCoverage(routed.test.pairs)},
    check: options.check,
  }
}

function sideReport(tally: SideTally): SideReport {
  return {
    tasks: tally.tasks,
    websites: tally.websites.size,
    domains: sortedCounts(tally.domains),
    subdomains: sortedCounts(tally.subdomains),
    levels: sortedCounts(tally.levels),
  }
}

/** Most tasks first, then by name with null last, so the report is the same on every run. */
export function sortedCounts(counts: Map<string | null, number>): ValueCount[] {
  return [...counts].map(([value, tasks]) => ({value, tasks})).sort(byTasksThenValue)
}

export function byTasksThenValue(a: ValueCount, b: ValueCount): number {
  if (a.tasks !== b.tasks) return b.tasks - a.tasks
  if (a.value === b.value) return 0
  if (a.value === null) return 1
  if (b.value === null) return -1
  return a.value < b.value ? -1 : 1
}
