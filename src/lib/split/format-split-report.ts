import type {SplitReport, ValueCount} from './split-report.js'
import {byTasksThenValue} from './split-report.js'

const NONE = '(none)'

// The `--report` table: both sides column by column with shares, so the test mix can be compared to train at a glance.
export function formatSplitReport(report: SplitReport): string {
  const rows: string[][] = [
    ['', 'train', '%', 'test', '%'],
    ['tasks', String(report.train.tasks), '', String(report.test.tasks), ''],
    ['websites', String(report.train.websites), '', String(report.test.websites), ''],
  ]
  for (const [title, key] of [['domain', 'domains'], ['subdomain', 'subdomains'], ['level', 'levels']] as const) {
    rows.push([title, '', '', '', ''])
    for (const value of unionOfValues(report.train[key], report.test[key])) {
      const train = countOf(report.train[key], value)
      const test = countOf(report.test[key], value)
      rows.push([`  ${value ?? NONE}`, String(train), share(train, report.train.tasks), String(test), share(test, report.test.tasks)])
    }
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

function unionOfValues(train: ValueCount[], test: ValueCount[]): (string | null)[] {
  const totals = new Map<string | null, number>()
  for (const {value, tasks} of [...train, ...test]) totals.set(value, (totals.get(value) ?? 0) + tasks)
  return [...totals].map(([value, tasks]) => ({value, tasks})).sort(byTasksThenValue).map(({value}) => value)
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

/** Left-aligns the first column and right-aligns the numbers. */
function alignColumns(rows: string[][]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  return rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd(),
  )
}
