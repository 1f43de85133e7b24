import {CHANGE_ORDER, type Comparison, type PairRow} from './compare-data.js'
import {LEVEL_RANK, SPLIT_RANK} from './index-table.js'
import {CodeBook, NONE_LABEL, ValueCounts, type ColumnSpec, type FacetSpec, type TableMeta} from './table-data.js'

// The comparison page's table: a row per task, its outcome in run A and in run B (each linking to that trajectory's
// page) and how it changed, flipped tasks first.

/** What a run's cell says: 1, 0, not judged, or absent (the run has no trajectory of the task). */
export const ABSENT = 'absent'
const OUTCOME_RANK = (value: string) => ['1', '0', NONE_LABEL, ABSENT].indexOf(value)

/** The row chunks of run b against run a (1-based positions): data/compare-<a>-<b>-<k>.js. */
export function compareDataset(a: number, b: number): string {
  return `compare-${a}-${b}`
}

export class CompareTable {
  private readonly books = {
    level: new CodeBook(),
    split: new CodeBook(),
    a: new CodeBook(),
    b: new CodeBook(),
    change: new CodeBook(),
  }
  private readonly counts = {level: new ValueCounts(), split: new ValueCounts(), change: new ValueCounts()}
  private rows = 0

  constructor(
    private readonly comparison: Comparison,
    private readonly options: {split: boolean; dataset: string},
  ) {
    for (const change of CHANGE_ORDER) this.books.change.code(change)
  }

  encode(row: PairRow): unknown[] {
    this.rows++
    const level = row.level ?? NONE_LABEL
    const split = row.split ?? NONE_LABEL
    this.counts.level.add(level)
    this.counts.split.add(split)
    this.counts.change.add(row.change)
    const outcome = (attempt: PairRow['a']) =>
      attempt === null ? ABSENT : attempt.reward === null ? NONE_LABEL : String(attempt.reward)
    const cells: unknown[] = [
      this.rows,
      row.intent,
      row.b?.n ?? row.a?.n ?? null,
      row.taskId,
      this.books.level.code(level),
    ]
    if (this.options.split) cells.push(this.books.split.code(split))
    cells.push(
      this.books.a.code(outcome(row.a)),
      row.a?.n ?? null,
      this.books.b.code(outcome(row.b)),
      row.b?.n ?? null,
      this.books.change.code(row.change),
    )
    return cells
  }

  meta(chunks: number[]): TableMeta {
    const {a, b} = this.comparison
    const code = (
      id: keyof CompareTable['books'],
      label: string,
      render: ColumnSpec['render'],
      rank?: (value: string) => number,
    ): ColumnSpec => ({
      id,
      label,
      kind: 'code',
      render,
      values: this.books[id].values,
      order: this.books[id].order(rank),
    })
    const columns: ColumnSpec[] = [
      {id: 'position', label: '#', kind: 'int', render: 'plain', numeric: true, hidden: true},
      {id: 'intent', label: 'Task', kind: 'text', render: 'link', link: 'page'},
      {id: 'page', label: 'Page', kind: 'int', render: 'plain', hidden: true},
      {id: 'task', label: 'Task id', kind: 'text', render: 'plain'},
      code('level', 'Level', 'plain', LEVEL_RANK),
    ]
    if (this.options.split) columns.push(code('split', 'Split', 'plain', SPLIT_RANK))
    columns.push(
      {...code('a', `A: ${a.name}`, 'reward', OUTCOME_RANK), link: 'aPage', numeric: true},
      {id: 'aPage', label: 'A page', kind: 'int', render: 'plain', hidden: true},
      {...code('b', `B: ${b.name}`, 'reward', OUTCOME_RANK), link: 'bPage', numeric: true},
      {id: 'bPage', label: 'B page', kind: 'int', render: 'plain', hidden: true},
      code('change', 'Change', 'change', (value) => CHANGE_ORDER.indexOf(value as (typeof CHANGE_ORDER)[number])),
    )
    const select = (
      id: 'level' | 'split' | 'change',
      label: string,
      rank?: (value: string) => number,
      text?: (value: string) => string,
    ): FacetSpec => ({
      column: id,
      label,
      type: 'select',
      options: this.counts[id].options(this.books[id], this.books[id].order(rank), text),
    })
    const changeText = (value: string) =>
      value === 'only in A' ? `only in A (${a.name})` : value === 'only in B' ? `only in B (${b.name})` : value
    const facets: FacetSpec[] = [
      select('change', 'Change', (value) => CHANGE_ORDER.indexOf(value as (typeof CHANGE_ORDER)[number]), changeText),
    ]
    if (this.options.split) facets.push(select('split', 'Split', SPLIT_RANK))
    facets.push(
      select('level', 'Level', LEVEL_RANK),
      {column: 'intent', label: 'Task', type: 'search'},
      {column: 'task', label: 'Task id', type: 'search'},
    )
    return {
      dataset: this.options.dataset,
      chunks,
      total: this.rows,
      columns,
      facets,
      runs: [a, b].map((run) => ({name: run.name, colour: run.colour})),
      pageSize: 100,
      order: 'position',
      labels: null,
    }
  }
}
