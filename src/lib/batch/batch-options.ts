import type {Shard} from './shard.js'

// How a batch job over records runs, as every model-backed command configures it.
export interface BatchRunOptions {
  /** Longest input line accepted; longer lines are bad records. */
  maxLineBytes?: number
  /** Where the outputs go (stdout when absent). */
  output?: string
  /** Append to this file (instead of writing `output`), skipping the input records it already holds. */
  resume?: string
  /** Where the records that failed for good go, with their reasons (NDJSON). */
  failed?: string
  /** Finish normally even when some records failed. */
  allowFailures: boolean
  /** Records worked on at once. */
  concurrency: number
  /** Write outputs in input order (else as they finish). */
  ordered: boolean
  /** Work only on the records of this shard (all of them when absent). */
  shard?: Shard
}

/** Just the batch fields of a larger options object, to hand to runRecordBatch. */
export function batchRunOptions(options: BatchRunOptions): BatchRunOptions {
  const {maxLineBytes, output, resume, failed, allowFailures, concurrency, ordered, shard} = options
  return {maxLineBytes, output, resume, failed, allowFailures, concurrency, ordered, shard}
}
