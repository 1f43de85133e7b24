import type {Agreement} from './agreement.js'
import type {JudgeEvalReport} from './eval-judge.js'

const HEADER = ['', 'n', 'accuracy', 'precision', 'recall', 'F1', 'kappa', 'tp', 'fp', 'fn', 'tn', 'judge errors']

// The `judge eval` table: one row of metrics and confusion counts for all pairs (and, when labels carry facts, one for
// the facts beside it), then per level and per source (groups with no pair left out), then what was not scored.
export function formatAgreementReport(report: JudgeEvalReport): string {
  const {facts} = report
  const factRows = facts.trajectories > 0 ? [agreementRow('facts', facts.overall)] : []
  const rows = [
    HEADER,
    agreementRow('overall', report.overall),
    ...factRows,
    ['by level'],
    ...groupRows(report.by_level),
    ['by source'],
    ...groupRows(report.by_source),
  ]
  const lines = [
    `judge eval: ${report.predictions} against labels ${report.labels} (positive = reward 1)`,
    '',
    ...alignColumns(rows),
    '',
    `judged trajectories without a label   ${report.unmatched.predictions}`,
    `labels without a judged trajectory    ${report.unmatched.labels}`,
    `judge errors (scored as reward 0)     ${report.judge_errors}`,
  ]
  if (facts.trajectories > 0) {
    lines.push(
      `trajectories with fact labels         ${facts.trajectories}`,
      `labelled facts not in the judgment    ${facts.unmatched.labelled_not_judged}`,
      `judged facts without a label          ${facts.unmatched.judged_not_labelled}`,
    )
  }
  if (report.label_judge_errors > 0) lines.push(`labels from failed judgments          ${report.label_judge_errors}`)
  if (report.invalid_skipped > 0) lines.push(`invalid skipped                       ${report.invalid_skipped}`)
  if (report.overall.n === 0) lines.push('', 'no judged trajectory has a label: nothing to score')
  return `${lines.join('\n')}\n`
}

/** A metric to three decimals, or "n/a" when it is undefined (its denominator is 0). */
export function formatMetric(value: number | null): string {
  return value === null ? 'n/a' : value.toFixed(3)
}

function groupRows(groups: Record<string, Agreement>): string[][] {
  return Object.entries(groups)
    .filter(([, agreement]) => agreement.n > 0)
    .map(([name, agreement]) => agreementRow(`  ${name}`, agreement))
}

function agreementRow(label: string, agreement: Agreement): string[] {
  const {tp, fp, fn, tn} = agreement.confusion
  const metrics = [agreement.accuracy, agreement.precision, agreement.recall, agreement.f1, agreement.kappa].map(
    formatMetric,
  )
  return [label, String(agreement.n), ...metrics, ...[tp, fp, fn, tn, agreement.judge_errors].map(String)]
}

/** Left-aligns the labels and right-aligns the numbers; heading rows (one cell) stand alone. */
function alignColumns(rows: string[][]): string[] {
  const widths = HEADER.map((_, column) =>
    Math.max(...rows.map((row) => (row.length === 1 && column === 0 ? 0 : (row[column] ?? '').length))),
  )
  return rows.map((row) => {
    if (row.length === 1) return row[0]
    return row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd()
  })
}
