import {resolve} from 'node:path'
import type {z} from 'zod'
import {ExternalError, UsageError, type RecordLocation} from '../cli/errors.js'
import {Progress} from '../cli/progress.js'
import type {Reporter} from '../cli/reporter.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {RecordWriter} from '../io/record-writer.js'
import {FailureLog} from './failure-log.js'
import {idsAlreadyDone} from './resume.js'
import {runBatch, type BatchCounts} from './run-batch.js'

export interface RecordBatchOptions<S extends z.ZodType> {
  /** Names the stage in messages: `rubric gen`. */
  label: string
  inputs: readonly string[]
  schema: S
  idOf: (record: z.output<S>) => string
  work: (record: z.output<S>, location: RecordLocation) => Promise<unknown[]>
  invalid: InvalidRecords
  maxLineBytes?: number
  output?: string
  resume?: string
  failed?: string
  allowFailures: boolean
  concurrency: number
  ordered: boolean
  reporter: Reporter
  redact?: (text: string) => string
  /** Reads `--resume OUTFILE` into the ids it already holds (default: each line's `id`); it may drop lines to redo. */
  alreadyDone?: (path: string) => Promise<Set<string>>
  /** See RunBatchOptions.failureOf. */
  failureOf?: (outputs: readonly unknown[]) => string | undefined
  /** Says what a failed record's output holds, after "N records failed" (e.g. "written with reward 0"). */
  failureNote?: string
}

/** Some records failed for good: exit 1 (the records themselves are in --failed, or listed above). */
export class BatchFailuresError extends ExternalError {}

/**
 * A model-backed batch job over NDJSON records, as every such command runs it: read and validate the input, skip
 * what `--resume OUTFILE` already holds, run the work with bounded concurrency, write outputs in input order,
 * collect failures, and exit 1 when any record failed unless failures are allowed.
 */
export async function runRecordBatch<S extends z.ZodType>(options: RecordBatchOptions<S>): Promise<BatchCounts> {
  if (options.resume && options.output && resolve(options.resume) !== resolve(options.output)) {
    throw new UsageError('--resume and -o name different files', '--resume OUTFILE appends to OUTFILE; drop -o')
  }
  const done = options.resume ? await (options.alreadyDone ?? idsAlreadyDone)(options.resume) : undefined
  const writer = await RecordWriter.open(options.resume ?? options.output, {append: Boolean(options.resume)})
  const failures = await FailureLog.open(options.failed)
  const progress = new Progress({label: options.label, reporter: options.reporter})
  let counts: BatchCounts
  try {
    counts = await runBatch({
      items: readRecords(options.inputs, {schema: options.schema, invalid: options.invalid, maxLineBytes: options.maxLineBytes}),
      idOf: options.idOf,
      work: options.work,
      concurrency: options.concurrency,
      ordered: options.ordered,
      writer,
      failures,
      done,
      onProgress: (so) => progress.update({done: so.succeeded, failed: so.failed}),
      reasonOf: (error) => (options.redact ?? ((text: string) => text))((error as Error)?.message ?? String(error)),
      failureOf: options.failureOf,
    })
  } finally {
    progress.stop()
    await writer.close()
    await failures.close()
  }
  const resumed = done ? `, ${counts.skipped} already in ${options.resume}` : ''
  options.reporter.info(`${options.label}: ${counts.succeeded} done, ${counts.failed} failed${resumed}; ${options.invalid.skipped} invalid records skipped`)
  failures.report(options.label, counts.total - counts.skipped, options.reporter)
  if (counts.failed > 0 && !options.allowFailures) {
    const target = options.resume ?? options.output
    throw new BatchFailuresError(
      `${options.label}: ${counts.failed} records failed${options.failureNote ? ` (${options.failureNote})` : ''}`,
      target ? `fix the cause and rerun with --resume ${target}, or pass --allow-failures` : 'write the output with -o FILE to be able to --resume, or pass --allow-failures',
    )
  }
  return counts
}
