import type {InvalidRecords} from '../io/invalid-records.js'
import type {LlmClient} from '../llm/client.js'
import type {OptionNames} from '../option-text.js'
import type {Reporter} from '../report/reporter.js'
import {TaskSchema, type Task} from '../schema/task.js'
import {batchRunOptions, type BatchRunOptions} from './batch-options.js'
import {BatchFailuresError, runRecordBatch} from './record-batch.js'
import {idsAlreadyDone, type ResumeHolds} from './resume.js'
import type {ResumeNote} from './resume-file.js'
import type {BatchCounts} from './run-batch.js'

/** A model-backed job over Task records: the model, the records, and what to do with each. */
export interface TaskBatchOptions extends BatchRunOptions {
  /** Names the stage in messages: `rubric gen`. */
  label: string
  inputs: readonly string[]
  /** The model the work talks to; the batch closes it when it ends. */
  client: LlmClient
  invalid: InvalidRecords
  reporter: Reporter
  /** The records to write for one task, in order (its outputs, then the task itself where it passes through). */
  work: (task: Task, client: LlmClient) => Promise<unknown[]>
  /** Stage-specific summary lines for stderr, printed before the model usage line. */
  summaries?: () => string[]
  /** How messages name options (the command layer: as flags); default: by their keys. */
  names?: OptionNames
  /** What every record of a `--resume` file must be (the stage's output), when that can be told from a record. */
  resumeHolds?: ResumeHolds
}

/** Runs a model-backed job over Task records: one client, one batch, the summaries at the end, however it ends. */
export async function runTaskBatch(options: TaskBatchOptions): Promise<BatchCounts> {
  const {client, label, reporter} = options
  // No summary after bad input or a failed write (its tallies would count records that never reached the output).
  let quiet = false
  try {
    return await runRecordBatch({
      label,
      inputs: options.inputs,
      schema: TaskSchema,
      idOf: (task) => task.id,
      ...(options.resumeHolds
        ? {
            alreadyDone: (path: string, note: ResumeNote, max: number | undefined) =>
              idsAlreadyDone(path, 'id', options.resumeHolds, note, max),
          }
        : {}),
      work: (task) => options.work(task, client),
      invalid: options.invalid,
      ...batchRunOptions(options),
      reporter,
      redact: (text) => client.redact(text),
      names: options.names,
    })
  } catch (error) {
    // A summary goes with a run that did its work (records may have failed); bad input or a failed write is one line.
    quiet = !(error instanceof BatchFailuresError)
    throw error
  } finally {
    await client.close()
    if (!quiet) for (const line of options.summaries?.() ?? []) reporter.info(line)
    if (!quiet) reporter.info(client.stats.summary(label))
  }
}
