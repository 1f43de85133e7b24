import type {Task} from '../schema/task.js'
import {toHfRow} from './to-hf-row.js'
import {toWebgymRow} from './to-webgym-row.js'

/** A task format that `tasks export --format` writes, and `tasks build --source` with the same name reads back. */
export interface ExportFormat {
  /** One output row per task. */
  convert(task: Task): unknown
  /** Why a task without a rubric is incomplete in this format, for the warning; null when it does not matter. */
  rubricNeed: string | null
}

export const EXPORT_FORMATS = {
  webgym: {
    convert: toWebgymRow,
    rubricNeed: 'microsoft/webgym needs evaluator_reference to judge them',
  },
  tasks: {
    convert: (task: Task) => task,
    rubricNeed: null,
  },
  hf: {
    convert: toHfRow,
    rubricNeed: null,
  },
} as const satisfies Record<string, ExportFormat>

export type ExportFormatName = keyof typeof EXPORT_FORMATS
export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as ExportFormatName[]
