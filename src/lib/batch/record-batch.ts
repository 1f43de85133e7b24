import type {z} from 'zod'
import {ExplainedError, ExternalError, type RecordLocation} from '../errors.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {opt, optionKeys, optionText, type OptionNames} from '../option-text.js'
import {Progress} from '../report/progress.js'
import type {Reporter} from '../report/reporter.js'
import type {BatchRunOptions} from './batch-options.js'
import {FailureLog} from './failure-log.js'
import {DuplicateRecords} from '../io/duplicate-records.js'
import {idsAlreadyDone} from './resume.js'
import {openResumableOutput} from './resume-output.js'
import type {ResumeNote} from './resume-file.js'
import {runBatch, type BatchCounts} from './run-batch.js'
import {ShardFilter} from './shard.js'

/** A batch job over one schema's records: the records, the work on each, and how the batch runs. */
export interface RecordBatchOptions<S extends z.ZodType> extends BatchRunOptions {
  /** Names the stage in messages: `rubric gen`. */
  label: string
  inputs: readonly string[]
  schema: S
  idOf: (record: z.output<S>) => string
  /** What decides a record's shard (default: its id); the task id, so that every attempt of a task is in one shard. */
  shardKeyOf?: (record: z.output<S>) => string
  work: (record: z.output<S>, location: RecordLocation) => Promise<unknown[]>
  invalid: InvalidRecords
  reporter: Reporter
  redact?: (text: string) => string
  /**
   * Reads the resume file into the ids it already holds (default: each line's `id`), its lines within `maxLineBytes`
   * as the input's are; it may drop lines to redo.
   */
  alreadyDone?: (path: string, note: ResumeNote, maxLineBytes: number | undefined) => Promise<Set<string>>
  /** See RunBatchOptions.failureOf. */
  failureOf?: (outputs: readonly unknown[]) => string | undefined
  /** Says what a failed record's output holds, after "N records failed" (e.g. "written with reward 0"). */
  failureNote?: string
  /** How failure reasons name options (the command layer: as flags); default: by their keys. */
  names?: OptionNames
}

/** Some records failed for good: exit 1 (the records themselves are in the failed file, or listed above). */
export class BatchFailuresError extends ExternalError {}

/**
 * A model-backed batch job over NDJSON records, as every such command runs it: read and validate the input, skip
 * what the resume file already holds, run the work with bounded concurrency, write outputs in input order,
 * collect failures, and exit 1 when any record failed unless failures are allowed.
 */
export async function runRecordBatch<S extends z.ZodType>(options: RecordBatchOptions<S>): Promise<BatchCounts> {
  const note: ResumeNote = (text) => options.reporter.warn(text)
  const done = options.resume
    ? await (options.alreadyDone ?? ((path, told, max) => idsAlreadyDone(path, 'id', undefined, told, max)))(
        options.resume,
        note,
        options.maxLineBytes,
      )
    : undefined
  const writer = await openResumableOutput(options)
  const failures = await FailureLog.open(options.failed)
  const progress = new Progress({label: options.label, reporter: options.reporter})
  const duplicates = new DuplicateRecords()
  const shards = new ShardFilter(options.shard)
  const records = readRecords(options.inputs, {
    schema: options.schema,
    invalid: options.invalid,
    maxLineBytes: options.maxLineBytes,
  })
  const shardKeyOf = options.shardKeyOf ?? options.idOf
  let counts: BatchCounts
  try {
    counts = await runBatch({
      items: duplicates.counted(shards.filter(records, (item) => shardKeyOf(item.record))),
      idOf: options.idOf,
      work: options.work,
      concurrency: options.concurrency,
      ordered: options.ordered,
      writer,
      failures,
      done,
      onProgress: (so) => progress.update({done: so.succeeded, failed: so.failed}),
      reasonOf: (error) => (options.redact ?? ((text: string) => text))(reasonOf(error, options.names ?? optionKeys)),
      failureOf: options.failureOf,
    })
  } finally {
    progress.stop()
    await writer.close()
    await failures.close()
  }
  const repeated = duplicates.warning()
  if (repeated) options.reporter.warn(`${options.label}: ${repeated}`)
  const resumed = done ? `, ${counts.skipped} already in ${options.resume}` : ''
  options.reporter.info(
    `${options.label}: ${counts.succeeded} done, ${counts.failed} failed${resumed}; ${options.invalid.skipped} invalid records skipped${shards.note()}`,
  )
  failures.report(options.label, counts.total - counts.skipped, options.reporter)
  if (counts.failed > 0 && !options.allowFailures) {
    const target = options.resume ?? options.output
    throw new BatchFailuresError(
      `${options.label}: ${counts.failed} records failed${options.failureNote ? ` (${options.failureNote})` : ''}`,
      target
        ? optionText`fix the cause and rerun with ${opt('resume')} ${target}, or pass ${opt('allowFailures')}`
        : optionText`write the output with ${opt('output')} FILE to be able to ${opt('resume')}, or pass ${opt('allowFailures')}`,
    )
  }
  return counts
}

function reasonOf(error: unknown, names: OptionNames): string {
  if (error instanceof ExplainedError) return error.render(names).message
  return (error as Error)?.message ?? String(error)
}
