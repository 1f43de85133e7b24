import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {writeText} from '../io/write-text.js'
import type {CardTarget} from '../export/dataset-card.js'
import {openRowSink} from '../export/row-sink.js'
import {TaskSchema} from '../schema/task.js'
import {WEBGYM_VERSION} from '../version.js'
import {EXPORT_FORMATS, type ExportFormat, type ExportFormatName} from './export-formats.js'
import {HfDatasetCard} from './hf-card.js'

export interface ExportTasksOptions {
  inputs: readonly string[]
  /** The output file; stdout when absent (not for parquet). */
  output?: string
  format: ExportFormatName
  invalid: InvalidRecords
  maxLineBytes?: number
  /** A dataset card to write too (formats with a card). */
  card?: CardTarget | null
}

export interface ExportTally {
  rows: number
  /** Tasks written without a rubric. */
  withoutRubric: number
}

/**
 * Writes Task records in another format, one row per task, and the dataset card. NDJSON rows written before a
 * failure (a bad record under --on-invalid fail) stay written, whole; a parquet file is written whole or not at all.
 */
export async function exportTasks(options: ExportTasksOptions): Promise<ExportTally> {
  const format: ExportFormat = EXPORT_FORMATS[options.format]
  const sink = await openRowSink(options.output, format.parquet)
  const card = options.card && format.card ? new HfDatasetCard() : null
  let withoutRubric = 0
  try {
    for await (const {record} of readRecords(options.inputs, {
      schema: TaskSchema,
      invalid: options.invalid,
      maxLineBytes: options.maxLineBytes,
    })) {
      if (!record.rubric) withoutRubric++
      card?.add(record)
      await sink.write(format.convert(record))
    }
  } catch (error) {
    await sink.abandon()
    throw error
  }
  await sink.close()
  if (card && options.card && format.card)
    await writeText(
      card.render({
        dataFile: options.card.dataFile,
        title: options.card.title,
        webgymVersion: WEBGYM_VERSION,
        format: format.card,
      }),
      options.card.path,
    )
  return {rows: sink.count, withoutRubric}
}
