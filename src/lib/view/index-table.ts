import {LEVELS} from '../schema/level.js'
import type {ReportRun} from './report-runs.js'
import {clip, CodeBook, NONE_LABEL, ValueCounts, type ColumnSpec, type FacetSpec, type TableMeta} from './table-data.js'
import type {IndexRow} from './view-record.js'

// The index's table of trajectories: which columns it has, how an index row becomes a chunk row, and the facets
// (filters) with their counts over every row.

/** A facet with more values than this is a search box rather than a select box (thousands of websites). */
export const MAX_SELECT_VALUES = 200
export const INTENT_MAX = 300
export const WEBSITE_MAX = 120

/** The values a row is filtered on, as the select boxes offer them; missing ones are "(none)". */
export function filterValues(row: IndexRow): {
  status: string
  reward: string
  level: string
  website: string
  split: string
} {
  return {
    status: row.status,
    reward: row.reward === null ? NONE_LABEL : String(row.reward),
    level: row.level ?? NONE_LABEL,
    website: row.website ?? NONE_LABEL,
    split: row.split ?? NONE_LABEL,
  }
}

const REWARD_TEXT = new Map([
  ['1', '1 (success)'],
  ['0', '0 (failure)'],
  [NONE_LABEL, 'not judged'],
])
export const LEVEL_RANK = (value: string) => {
  const i = (LEVELS as readonly string[]).indexOf(value)
  return i === -1 ? LEVELS.length : i
}
const REWARD_RANK = (value: string) => (value === '1' ? 0 : value === '0' ? 1 : 2)
export const SPLIT_RANK = (value: string) => (value === 'train' ? 0 : value === 'test' ? 1 : 2)

export interface IndexTableOptions {
  runs: readonly ReportRun[]
  /** Whether the test side was given (a split column and facet). */
  split: boolean
  /** Labelling mode: rows carry their trajectory key. */
  label: boolean
}

/** Builds the index table's rows and, once all are seen, its description for the page. */
export class IndexTable {
  private readonly books = {
    run: new CodeBook(),
    level: new CodeBook(),
    split: new CodeBook(),
    status: new CodeBook(),
    reward: new CodeBook(),
    source: new CodeBook(),
  }
  private readonly counts = {
    run: new ValueCounts(),
    level: new ValueCounts(),
    split: new ValueCounts(),
    status: new ValueCounts(),
    reward: new ValueCounts(),
    website: new ValueCounts(),
    source: new ValueCounts(),
  }
  private rows = 0

  constructor(private readonly options: IndexTableOptions) {
    for (const run of options.runs) this.books.run.code(run.name)
  }

  /** The row as the chunk files hold it, in the order of `columns()`. */
  encode(row: IndexRow): unknown[] {
    this.rows++
    const values = filterValues(row)
    const run = this.options.runs[row.run]!.name
    this.counts.run.add(run)
    this.counts.level.add(values.level)
    this.counts.split.add(values.split)
    this.counts.status.add(values.status)
    this.counts.reward.add(values.reward)
    this.counts.website.add(values.website)
    this.counts.source.add(row.source)
    const cells: unknown[] = [row.n]
    if (this.multiRun) cells.push(this.books.run.code(run))
    cells.push(
      clip(row.intent, INTENT_MAX),
      row.website === null ? null : clip(row.website, WEBSITE_MAX),
      this.books.level.code(values.level),
    )
    if (this.options.split) cells.push(this.books.split.code(values.split))
    cells.push(
      this.books.status.code(values.status),
      this.books.reward.code(values.reward),
      row.steps,
      this.books.source.code(row.source),
    )
    if (this.options.label) cells.push(row.key)
    return cells
  }

  private get multiRun(): boolean {
    return this.options.runs.length > 1
  }

  columns(): ColumnSpec[] {
    const code = (
      id: keyof IndexTable['books'],
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
    const columns: ColumnSpec[] = [{id: 'n', label: '#', kind: 'int', render: 'plain', numeric: true}]
    if (this.multiRun)
      columns.push({...code('run', 'Run', 'run', (name) => this.options.runs.findIndex((run) => run.name === name))})
    columns.push(
      {id: 'intent', label: 'Task', kind: 'text', render: 'link', link: 'n'},
      {id: 'website', label: 'Website', kind: 'text', render: 'plain'},
      code('level', 'Level', 'plain', LEVEL_RANK),
    )
    if (this.options.split) columns.push(code('split', 'Split', 'plain', SPLIT_RANK))
    columns.push(
      code('status', 'Status', 'status'),
      {...code('reward', 'Reward', 'reward', REWARD_RANK), numeric: true},
      {id: 'steps', label: 'Steps', kind: 'int', render: 'plain', numeric: true},
      code('source', 'Source', 'plain'),
    )
    if (this.options.label) columns.push({id: 'key', label: 'Key', kind: 'text', render: 'plain', hidden: true})
    return columns
  }

  facets(): FacetSpec[] {
    const select = (
      id: 'run' | 'level' | 'split' | 'status' | 'reward' | 'source',
      label: string,
      rank?: (value: string) => number,
      text?: (value: string) => string,
    ): FacetSpec => ({
      column: id,
      label,
      type: 'select',
      options: this.counts[id].options(this.books[id], this.books[id].order(rank), text),
    })
    const facets: FacetSpec[] = []
    if (this.multiRun)
      facets.push(select('run', 'Run', (name) => this.options.runs.findIndex((run) => run.name === name)))
    if (this.options.split) facets.push(select('split', 'Split', SPLIT_RANK))
    // Sources are few (a benchmark each): a select box beside the split's, in name order.
    facets.push(select('source', 'Source'))
    facets.push(
      select('status', 'Status'),
      select('reward', 'Reward', REWARD_RANK, (value) => REWARD_TEXT.get(value) ?? value),
      select('level', 'Level', LEVEL_RANK),
    )
    facets.push(this.websiteFacet())
    facets.push({column: 'intent', label: 'Task', type: 'search'})
    return facets
  }

  // A select box of websites while there are few, else a "contains" search box (a report of 100k websites).
  private websiteFacet(): FacetSpec {
    const websites = this.counts.website
    if (websites.size > MAX_SELECT_VALUES) return {column: 'website', label: 'Website', type: 'search'}
    const values = [...websites.counts.keys()].sort((a, b) =>
      a === NONE_LABEL ? 1 : b === NONE_LABEL ? -1 : a.localeCompare(b),
    )
    return {
      column: 'website',
      label: 'Website',
      type: 'select',
      options: values.map((value) => ({value, text: value, count: websites.counts.get(value)!})),
    }
  }

  meta(chunks: number[]): TableMeta {
    return {
      dataset: 'rows',
      chunks,
      total: this.rows,
      columns: this.columns(),
      facets: this.facets(),
      runs: this.options.runs.map((run) => ({name: run.name, colour: run.colour})),
      pageSize: 100,
      order: 'n',
      labels: this.options.label ? {key: 'key'} : null,
    }
  }
}
