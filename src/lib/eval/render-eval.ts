import {stringify} from 'csv-stringify/sync'
import {opt, optionKeys, optionText, renderText as nameOptions, type OptionNames} from '../option-text.js'
import type {Cell, EvalReport, PairedReport} from './evaluate.js'

// How the tables (and the report's comparison pages) write rates, intervals and differences.
export const pct = (value: number) => `${(100 * value).toFixed(1)}%`
export const interval = ([lo, hi]: [number, number]) => `[${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}]`
export const signed = (value: number) => `${value >= 0 ? '+' : ''}${(100 * value).toFixed(1)} pts`
/** A p-value: four decimals, or scientific notation when smaller. */
export const pValue = (p: number) => (p < 0.0001 ? p.toExponential(2) : p.toFixed(4))

type Table = {title: string; head: string[]; rows: string[][]}

function tables(report: EvalReport, names: OptionNames): Table[] {
  const runs = report.runs
  const out: Table[] = [
    {
      title: 'Runs',
      head: [
        'run',
        'policy',
        'model',
        'tasks',
        'success',
        '95% CI',
        ...(runs.some((run) => run.pass_at_k) ? ['pass@k'] : []),
        'mean steps',
        'statuses',
      ],
      rows: runs.map((run) => [
        run.name,
        run.policy ?? '-',
        run.model ?? '-',
        String(run.n),
        pct(run.success_rate),
        interval(run.ci95),
        ...(runs.some((r) => r.pass_at_k)
          ? [
              run.pass_at_k
                ? Object.entries(run.pass_at_k)
                    .map(([k, v]) => `@${k} ${pct(v)}`)
                    .join(' ')
                : '-',
            ]
          : []),
        run.mean_steps.toFixed(1),
        Object.entries(run.statuses)
          .map(([status, count]) => `${status} ${count}`)
          .join(', '),
      ]),
    },
  ]
  const facets: [string, (run: EvalReport['runs'][number]) => Record<string, Cell> | null][] = [
    ['By level', (run) => run.by_level],
    ['By split side', (run) => run.by_split],
    ['By source', (run) => run.by_source],
    ['By domain', (run) => run.by_domain],
  ]
  for (const [title, of] of facets) {
    if (runs.every((run) => of(run) === null)) continue
    const keys = [...new Set(runs.flatMap((run) => Object.keys(of(run) ?? {})))].sort()
    out.push({
      title,
      head: ['', ...runs.map((run) => run.name)],
      rows: keys.map((key) => [
        key,
        ...runs.map((run) => {
          const c = of(run)?.[key]
          return c ? `${pct(c.success_rate)} ${interval(c.ci95)} n=${c.n}` : '-'
        }),
      ]),
    })
  }
  for (const paired of report.comparisons) out.push(pairedTable(paired, names))
  return out
}

function pairedTable(paired: PairedReport, names: OptionNames): Table {
  const rows = [
    ['tasks in both', String(paired.n)],
    [`difference (${paired.second} - ${paired.first})`, `${signed(paired.difference)} ${interval(paired.ci95)}`],
    ["McNemar's exact p", pValue(paired.mcnemar_p)],
    [
      'flipped',
      `${paired.flipped.filter((f) => f.second === 1).length} to success, ${paired.flipped.filter((f) => f.second === 0).length} to failure`,
    ],
  ]
  if (paired.only_in_first.length > 0) rows.push([`only in ${paired.first}`, listed(paired.only_in_first)])
  if (paired.only_in_second.length > 0) rows.push([`only in ${paired.second}`, listed(paired.only_in_second)])
  for (const flip of paired.flipped.slice(0, 20)) rows.push([`  ${flip.task_id}`, `${flip.first} -> ${flip.second}`])
  if (paired.flipped.length > 20)
    rows.push([
      '  ...',
      nameOptions(optionText`${paired.flipped.length - 20} more (${opt('format')} json lists all)`, names),
    ])
  return {title: `${paired.second} vs ${paired.first} (paired, on the same tasks)`, head: ['', ''], rows}
}

function listed(ids: readonly string[]): string {
  return ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more`
}

/** Aligned plain-text tables, for a terminal; `names` names options as the caller's front end does. */
export function renderText(report: EvalReport, names: OptionNames = optionKeys): string {
  return tables(report, names)
    .map(({title, head, rows}) => {
      const all = head.some((h) => h !== '') ? [head, ...rows] : rows
      const widths = all[0]!.map((_, column) => Math.max(...all.map((row) => row[column]!.length)))
      const line = (row: string[]) =>
        row
          .map((value, column) => value.padEnd(widths[column]!))
          .join('  ')
          .trimEnd()
      return [title, ...all.map(line)].join('\n')
    })
    .join('\n\n')
    .concat('\n')
}

/** GitHub-flavoured Markdown tables, for a paper draft or a pull request. */
export function renderMarkdown(report: EvalReport, names: OptionNames = optionKeys): string {
  const escape = (value: string) => value.replaceAll('|', '\\|')
  return tables(report, names)
    .map(({title, head, rows}) =>
      [
        `### ${title}`,
        '',
        `| ${head.map(escape).join(' | ')} |`,
        `|${head.map(() => ' --- |').join('')}`,
        ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
      ].join('\n'),
    )
    .join('\n\n')
    .concat('\n')
}

/** One row per run and facet value (overall included), for spreadsheets. */
export function renderCsv(report: EvalReport): string {
  const rows: (string | number)[][] = [
    ['run', 'facet', 'value', 'n', 'successes', 'success_rate', 'ci95_low', 'ci95_high'],
  ]
  const push = (run: string, facetName: string, value: string, c: Cell) =>
    rows.push([run, facetName, value, c.n, c.successes, c.success_rate, c.ci95[0], c.ci95[1]])
  for (const run of report.runs) {
    push(run.name, 'overall', '', run)
    for (const [facetName, cells] of [
      ['level', run.by_level],
      ['split', run.by_split],
      ['source', run.by_source],
      ['domain', run.by_domain],
    ] as const) {
      for (const [value, c] of Object.entries(cells ?? {})) push(run.name, facetName, value, c)
    }
  }
  return stringify(rows)
}
