import {InputError} from '../errors.js'
import {EMPTY_INPUT_HINT, emptyInputMessage} from '../io/read-records.js'
import {stat} from 'node:fs/promises'
import {InvalidRecordError} from '../errors.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {openInput} from '../io/open-input.js'
import {decodeLineChunk, readLineChunks, type LineChunk} from '../io/read-lines.js'
import {canUseWorkers, WorkerPool} from '../workers/worker-pool.js'
import {IntColumn} from './int-column.js'
import {readTaskFacts, SCAN_WORKER, type TaskFacts} from './read-task-facts.js'
import {StratumNumbering} from './stratum.js'
import {NO_WEBSITE, type TaskIndex} from './task-index.js'

export interface ScanTasksOptions {
  /** The file to read (a spooled copy when the input was stdin). */
  path: string
  /** How the input is named in messages: the path, or `<stdin>`. */
  name: string
  invalid: InvalidRecords
  maxLineBytes?: number
  /** Called after each batch of lines with the tasks indexed so far. */
  onProgress?: (tasks: number) => void
}

// Files this large are validated on every core; smaller ones are done before workers would have started.
const PARALLEL_MIN_BYTES = 8 * 1024 * 1024
const IN_FLIGHT_BATCHES = 8

// Pass 1: validates every line and keeps only the compact per-task data the split needs.
export async function scanTasks(options: ScanTasksOptions): Promise<TaskIndex> {
  const lines = new IntColumn()
  const skippedBefore = options.invalid.skipped
  const websiteOf = new IntColumn()
  const stratumOf = new IntColumn()
  const websiteNumbers = new Map<string, number>()
  const websites: string[] = []
  const strata = new StratumNumbering()
  const take = (facts: TaskFacts) => {
    for (const error of facts.errors)
      options.invalid.handle(new InvalidRecordError({file: options.name, line: error.line}, error.field, error.problem))
    // The batch numbers its own strata; they map onto the run's numbering once per batch, not once per task.
    const stratumNumbers = facts.strata.map((stratum) => strata.numberOf(stratum))
    for (let i = 0; i < facts.lines.length; i++) {
      const website = facts.websites[i]
      let websiteNumber = NO_WEBSITE
      if (website !== null) {
        websiteNumber = websiteNumbers.get(website) ?? websiteNumbers.size
        if (websiteNumber === websiteNumbers.size) {
          websiteNumbers.set(website, websiteNumber)
          websites.push(website)
        }
      }
      lines.push(facts.lines[i])
      websiteOf.push(websiteNumber)
      stratumOf.push(stratumNumbers[facts.stratumOf[i]])
    }
    options.onProgress?.(lines.length)
  }
  const size = await stat(options.path).then(
    (info) => info.size,
    () => 0,
  )
  const pool =
    size >= PARALLEL_MIN_BYTES && canUseWorkers(SCAN_WORKER)
      ? new WorkerPool<LineChunk, TaskFacts>(SCAN_WORKER, {name: options.name})
      : undefined
  const pending: Promise<TaskFacts>[] = []
  try {
    for await (const chunk of readLineChunks(await openInput(options.path), options.maxLineBytes)) {
      if (!pool) {
        take(readTaskFacts(decodeLineChunk(chunk), options.name))
        continue
      }
      // Raw bytes move to the worker, which decodes them: the main thread only reads and indexes.
      const bytes = chunk.bytes ? new Uint8Array(chunk.bytes) : null
      pending.push(pool.run({...chunk, bytes}, bytes ? [bytes.buffer] : []))
      if (pending.length >= IN_FLIGHT_BATCHES) take(await pending.shift()!)
    }
    while (pending.length > 0) take(await pending.shift()!)
  } finally {
    await Promise.allSettled(pending)
    await pool?.close()
  }
  // The one rule for empty input (read-records.ts): no line at all, not even a skipped one, is an error.
  if (lines.length === 0 && options.invalid.skipped === skippedBefore)
    throw new InputError(emptyInputMessage(options.name), EMPTY_INPUT_HINT)
  return {
    lines: lines.values(),
    websiteOf: websiteOf.values(),
    stratumOf: stratumOf.values(),
    websiteCount: websiteNumbers.size,
    websites,
    strata: strata.strata,
  }
}
