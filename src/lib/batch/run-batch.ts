import type {RecordLocation} from '../errors.js'
import type {RecordWriter} from '../io/record-writer.js'
import type {FailureLog} from './failure-log.js'

export interface BatchItem<I> {
  record: I
  location: RecordLocation
}

export interface RunBatchOptions<I> {
  items: AsyncIterable<BatchItem<I>>
  /** The id that names an input record in `--failed` and `--resume`. */
  idOf: (record: I) => string
  /** The work on one record: the records to write for it (in order), or a thrown reason why it failed. */
  work: (record: I, location: RecordLocation) => Promise<unknown[]>
  concurrency: number
  /** Write in input order (a bounded reorder buffer) rather than as records finish. */
  ordered: boolean
  writer: RecordWriter
  failures: FailureLog
  /**
   * Record ids the output already holds (from `--resume`): input records with these ids are skipped, and outputs
   * with these ids are not written again (a run cut off between a record's outputs redoes the record).
   */
  done?: ReadonlySet<string>
  /** Called after each record is written or failed, with the counts so far (progress on stderr). */
  onProgress?: (counts: Readonly<BatchCounts>) => void
  /** Turns a thrown error into the reason written with the failed record. */
  reasonOf?: (error: unknown) => string
  /**
   * Why a record whose outputs were written still counts as failed (a judge's fail-safe reward 0 with its error):
   * it is counted and logged as a failure as well as written. Undefined: it succeeded.
   */
  failureOf?: (outputs: readonly unknown[]) => string | undefined
}

export interface BatchCounts {
  total: number
  succeeded: number
  failed: number
  skipped: number
}

interface Entry<I> {
  record: I
  settled: boolean
  outputs?: unknown[]
  error?: unknown
}

/**
 * Runs `work` over a stream of records with at most `concurrency` in flight, writing each record's outputs in input
 * order (or as they finish). The reorder buffer holds at most 4 x concurrency records, so a slow record holds back
 * output but never memory. A failed record goes to the failure log; nothing is dropped or written twice.
 */
export async function runBatch<I>(options: RunBatchOptions<I>): Promise<BatchCounts> {
  const counts: BatchCounts = {total: 0, succeeded: 0, failed: 0, skipped: 0}
  const window = options.concurrency * 4
  const queue: Entry<I>[] = []
  let active = 0
  let wake: () => void = () => {}
  const changed = () => new Promise<void>((resolve) => (wake = resolve))

  const emit = async (entry: Entry<I>) => {
    if (entry.error === undefined) {
      for (const output of entry.outputs ?? []) {
        const id = (output as {id?: unknown} | null)?.id
        if (typeof id === 'string' && options.done?.has(id)) continue
        await options.writer.write(output)
      }
      const failure = options.failureOf?.(entry.outputs ?? [])
      if (failure === undefined) counts.succeeded++
      else {
        counts.failed++
        await options.failures.add({id: options.idOf(entry.record), error: failure, record: entry.record})
      }
    } else {
      counts.failed++
      const error = options.reasonOf
        ? options.reasonOf(entry.error)
        : ((entry.error as Error)?.message ?? String(entry.error))
      await options.failures.add({id: options.idOf(entry.record), error, record: entry.record})
    }
    options.onProgress?.(counts)
  }
  const emitSettled = async () => {
    if (options.ordered) {
      while (queue.length > 0 && queue[0].settled) await emit(queue.shift()!)
      return
    }
    for (let i = 0; i < queue.length;) {
      if (queue[i].settled) await emit(queue.splice(i, 1)[0])
      else i++
    }
  }
  const waitUntil = async (ready: () => boolean) => {
    for (;;) {
      const next = changed()
      await emitSettled()
      if (ready()) return
      await next
    }
  }

  try {
    for await (const item of options.items) {
      counts.total++
      if (options.done?.has(options.idOf(item.record))) {
        counts.skipped++
        continue
      }
      await waitUntil(() => active < options.concurrency && queue.length < window)
      const entry: Entry<I> = {record: item.record, settled: false}
      queue.push(entry)
      active++
      options
        .work(item.record, item.location)
        .then(
          (outputs) => (entry.outputs = outputs),
          (error: unknown) => (entry.error = error ?? new Error('failed')),
        )
        .finally(() => {
          entry.settled = true
          active--
          wake()
        })
    }
  } finally {
    // Also when the input fails part-way (a bad line): the records already started are finished and written.
    await waitUntil(() => queue.length === 0)
  }
  return counts
}
