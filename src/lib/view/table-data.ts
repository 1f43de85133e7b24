// The shape of a report table whose rows live in chunk files beside the page (see chunk-writer.ts) and which the
// page's script (table-script.ts) pages, filters and sorts. The page carries this description as JSON; each row is
// an array in column order, with the few-valued columns (status, level, run...) as codes into the column's values.

/** int: a number; text: a string; code: an index into the column's `values`. */
export type ColumnKind = 'int' | 'text' | 'code'

/** How the page draws a cell: as text, as a link to a trajectory page, or as one of the report's badges. */
export type CellRender = 'plain' | 'link' | 'status' | 'reward' | 'run' | 'change'

export interface ColumnSpec {
  id: string
  label: string
  kind: ColumnKind
  render: CellRender
  /** The int column holding the trajectory number the cell links to (t/<n>.html). */
  link?: string
  numeric?: boolean
  /** Kept in the rows (for links, labels, the default order) but not shown. */
  hidden?: boolean
  /** code columns: the value of each code. */
  values?: string[]
  /** code columns: the codes in sort order. */
  order?: number[]
}

export interface FacetOption {
  value: string
  text: string
  count: number
}

/** A filter: a select box of the column's values (with their counts) or a "contains" search box. */
export interface FacetSpec {
  column: string
  label: string
  type: 'select' | 'search'
  options?: FacetOption[]
}

export interface TableMeta {
  /** Names the chunk files: data/<dataset>-<k>.js, each calling webgymRows(dataset, k, rows). */
  dataset: string
  /** Rows in each chunk, in order. */
  chunks: number[]
  total: number
  columns: ColumnSpec[]
  facets: FacetSpec[]
  runs: {name: string; colour: string}[]
  pageSize: number
  /** The column whose order the table starts in (ascending). */
  order: string
  /** Labelling mode: the rows carry trajectory keys, and a label column and filter are added. */
  labels: {key: string} | null
}

/** The label shown for a missing value (no level, website, reward...). */
export const NONE_LABEL = '(none)'

/** Values of a code column, each given a code as first seen (codes must not change once rows are written). */
export class CodeBook {
  readonly values: string[] = []
  private readonly codes = new Map<string, number>()

  code(value: string): number {
    let code = this.codes.get(value)
    if (code === undefined) {
      code = this.values.length
      this.values.push(value)
      this.codes.set(value, code)
    }
    return code
  }

  /** The codes in the order of `rank` (values it does not know last, alphabetically), "(none)" last of all. */
  order(rank: (value: string) => number = () => 0): number[] {
    const weight = (value: string) => (value === NONE_LABEL ? Number.POSITIVE_INFINITY : rank(value))
    return this.values
      .map((value, code) => ({value, code}))
      .sort((a, b) => weight(a.value) - weight(b.value) || a.value.localeCompare(b.value))
      .map(({code}) => code)
  }
}

/** Counts per value of a column, for a facet's options. */
export class ValueCounts {
  readonly counts = new Map<string, number>()

  add(value: string): void {
    this.counts.set(value, (this.counts.get(value) ?? 0) + 1)
  }

  get size(): number {
    return this.counts.size
  }

  /** The options of a select box, in the order of `codes` of `book` (values never counted left out). */
  options(book: CodeBook, order: readonly number[], text: (value: string) => string = (value) => value): FacetOption[] {
    return order
      .map((code) => book.values[code]!)
      .filter((value) => this.counts.has(value))
      .map((value) => ({value, text: text(value), count: this.counts.get(value)!}))
  }
}

/** Text cut to `max` characters (the whole text is on the trajectory's page). */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** JSON to place inside a <script type="application/json"> element: no "<" that could close it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
