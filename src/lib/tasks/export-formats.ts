import type {Task} from '../schema/task.js'
import {toWebgymRow} from './to-webgym-row.js'

/** A task format of another project that `tasks export --format` writes. */
export interface ExportFormat {
  /** One output row per task. */
  convert(task: Task): unknown
  /** Why a task without a rubric is incomplete in this format, for the warning; null when it does not matter. */
  rubricNeed: string | null
}

export const EXPORT_FORMATS = {
  webgym: {convert: toWebgymRow, rubricNeed: 'microsoft/webgym needs evaluator_reference to judge them'},
} as const satisfies Record<string, ExportFormat>

export type ExportFormatName = keyof typeof EXPORT_FORMATS
export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as ExportFormatName[]
