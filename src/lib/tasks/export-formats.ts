import type {ParquetColumn} from '../export/parquet-columns.js'
import type {Task} from '../schema/task.js'
import {hfRowColumns} from './hf-columns.js'
import {toHfRow} from './to-hf-row.js'
import {toWebgymRow} from './to-webgym-row.js'

/** A task format that `tasks export --format` writes, and `tasks build --source` reads back. */
export interface ExportFormat {
  /** One output row per task. */
  convert(task: Task): object
  /** Why a task without a rubric is incomplete in this format, for the warning; null when it does not matter. */
  rubricNeed: string | null
  /** The columns of a parquet file; null for NDJSON rows. */
  parquet: readonly ParquetColumn[] | null
  /** The data file a dataset card (--card) describes; null where this format has no card. */
  card: 'json' | 'parquet' | null
}

export const EXPORT_FORMATS = {
  webgym: {
    convert: toWebgymRow,
    rubricNeed: 'microsoft/webgym needs evaluator_reference to judge them',
    parquet: null,
    card: null,
  },
  tasks: {
    convert: (task: Task) => task,
    rubricNeed: null,
    parquet: null,
    card: null,
  },
  hf: {
    convert: toHfRow,
    rubricNeed: null,
    parquet: null,
    card: 'json',
  },
  // The hf rows in a parquet file (tasks build reads them back as hf rows).
  parquet: {
    convert: toHfRow,
    rubricNeed: null,
    parquet: hfRowColumns(),
    card: 'parquet',
  },
} as const satisfies Record<string, ExportFormat>

export type ExportFormatName = keyof typeof EXPORT_FORMATS
export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as ExportFormatName[]
