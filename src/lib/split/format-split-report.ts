import type {SplitReport, ValueCount} from './split-report.js'
import {byTasksThenValue} from './split-report.js'
import {byTasksThenPair, pairKey, type PairCount} from './taxonomy-coverage.js'

const NONE = '(none)'

// The `--report` table: both sides column by column with shares, so the test mix can be compared to train at a glance,
// over the whole taxonomy so a subdomain missing from a side shows.
export function formatSplitReport(report: SplitReport): string {
  const rows: string[][] = [
    ['', 'train', '%', 'test', '%', ''],
    ['tasks', String(report.train.tasks), '', String(report.test.tasks), '', ''],
    ['websites', String(report.train.websites), '', String(report.test.websites), '', ''],
    ...taxonomyRows(report),
    ['level', '', '', '', '', ''],
  ]
  for (const value of unionOfValues(report.train.levels, report.test.levels)) {
    rows.push(
      countRow(
        `  ${value ?? NONE}`,
        countOf(report.train.levels, value),
        countOf(report.test.levels, value),
        report,
        false,
      ),
    )
  }
  const {check} = report
  const {requested, possible, achieved} = check.test_size
  const lines = [
    `split of ${report.input} (seed ${report.seed})`,
    '',
    ...alignColumns(rows),
    '',
    `held out (other tasks of test websites)  ${report.held_out}`,
    `no website                               ${report.no_website}`,
    `invalid skipped                          ${report.invalid_skipped}`,
    `subdomains covered                       ${coveredLine(report)}`,
    '',
    'check',
    `  ${mark(check.shared_websites === 0)}  no website in both train and test (${check.shared_websites} shared${examples(check.shared_website_examples)})`,
    `  ${mark(check.test_websites_with_several_tasks === 0)}  one test task per test website (${check.test_websites_with_several_tasks} with more)`,
    `  ${mark(check.held_out_off_test_websites === 0)}  held-out tasks are all on test websites (${check.held_out_off_test_websites} are not)`,
    `  ${mark(achieved === possible)}  test size: requested ${requested}, possible ${possible}, achieved ${achieved}`,
    '',
  ]
  return lines.join('\n')
}

/**
 * The whole taxonomy, domain by domain with its subdomains, zeros included and marked as missing from a side; then
 * the pairs outside the taxonomy and the unclassified tasks.
 */
function taxonomyRows(report: SplitReport): string[][] {
  const {train, test} = report.coverage
  const rows: string[][] = [['taxonomy', '', '', '', '', '']]
  for (const [d, {domain}] of train.domains.entries()) {
    rows.push(countRow(`  ${domain}`, train.domains[d].tasks, test.domains[d].tasks, report))
    train.subdomains.forEach((pair, s) => {
      if (pair.domain === domain)
        rows.push(countRow(`    ${pair.subdomain}`, pair.tasks, test.subdomains[s].tasks, report))
    })
  }
  const outside = unionOfPairs(train.outside_taxonomy, test.outside_taxonomy)
  if (outside.length > 0) {
    rows.push(['  outside the taxonomy', '', '', '', '', ''])
    for (const pair of outside) {
      rows.push(
        countRow(
          `    ${pair.domain ?? NONE} / ${pair.subdomain ?? NONE}`,
          pairCountOf(train.outside_taxonomy, pair),
          pairCountOf(test.outside_taxonomy, pair),
          report,
          false,
        ),
      )
    }
  }
  if (train.unclassified + test.unclassified > 0)
    rows.push(countRow('  unclassified', train.unclassified, test.unclassified, report, false))
  return rows
}

function coveredLine(report: SplitReport): string {
  const {train, test} = report.coverage
  const total = train.subdomains.length
  return `train ${total - train.missing_subdomains.length} of ${total}, test ${total - test.missing_subdomains.length} of ${total}`
}

/** A row of counts and shares; a taxonomy row with no task on a side says so in the last column. */
function countRow(label: string, train: number, test: number, report: SplitReport, markMissing = true): string[] {
  const missing = markMissing ? [train === 0 ? 'train' : '', test === 0 ? 'test' : ''].filter(Boolean) : []
  return [
    label,
    String(train),
    share(train, report.train.tasks),
    String(test),
    share(test, report.test.tasks),
    missing.length > 0 ? `missing from ${missing.join(' and ')}` : '',
  ]
}

function unionOfPairs(train: PairCount[], test: PairCount[]): PairCount[] {
  const totals = new Map<string, PairCount>()
  for (const pair of [...train, ...test]) {
    const key = pairKey(pair.domain, pair.subdomain)
    const total = totals.get(key)
    if (total) total.tasks += pair.tasks
    else totals.set(key, {...pair})
  }
  return [...totals.values()].sort(byTasksThenPair)
}

function pairCountOf(counts: PairCount[], pair: PairCount): number {
  return counts.find((count) => count.domain === pair.domain && count.subdomain === pair.subdomain)?.tasks ?? 0
}

function unionOfValues(train: ValueCount[], test: ValueCount[]): (string | null)[] {
  const totals = new Map<string | null, number>()
  for (const {value, tasks} of [...train, ...test]) totals.set(value, (totals.get(value) ?? 0) + tasks)
  return [...totals]
    .map(([value, tasks]) => ({value, tasks}))
    .sort(byTasksThenValue)
    .map(({value}) => value)
}

function countOf(counts: ValueCount[], value: string | null): number {
  return counts.find((count) => count.value === value)?.tasks ?? 0
}

function share(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}`
}

function mark(ok: boolean): string {
  return ok ? 'ok  ' : 'FAIL'
}

function examples(websites: string[]): string {
  return websites.length === 0 ? '' : `: ${websites.join(', ')}`
}

/** Left-aligns the first and last columns (labels and notes) and right-aligns the numbers. */
function alignColumns(rows: string[][]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  return rows.map((row) =>
    row
      .map((cell, column) =>
        column === 0 || column === row.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join('  ')
      .trimEnd(),
  )
}
