import type {RecordLocation} from '../errors.js'
import {TrajectoryParquetWriter, type TrajectoryParquetOptions} from '../export/trajectory-parquet.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {RecordWriter} from '../io/record-writer.js'
import {trajectoryTime} from '../judge/trajectory-key.js'
import {opt, optionText} from '../option-text.js'
import {JudgedTrajectorySchema, type JudgedTrajectory} from '../schema/judged.js'
import {markedNotToTrain, repeatedStepPositions} from './drop-repeated-steps.js'
import type {FilterOptions} from './filter-options.js'
import {FilterTally} from './filter-summary.js'
import {RecentPerTask} from './recent-per-task.js'
import {RecencySample} from './recency-sample.js'
import {firstFailedCheck, recordChecks} from './record-predicates.js'

export interface FilterRecordsOptions {
  inputs: readonly string[]
  output?: string
  /** Write the kept trajectories to `output` as a parquet file (and its card) instead of NDJSON lines. */
  parquet?: TrajectoryParquetOptions | null
  filter: FilterOptions
  invalid: InvalidRecords
  maxLineBytes?: number
}

// The reasons records dropped after the record filters are counted under.
const MAX_PER_TASK = optionText`${opt('maxPerTask')}`
const SAMPLE = optionText`${opt('sample')}`

/** A record on its way out: its output line, where it was read, its input position and time, its step counts. */
interface Held {
  position: number
  time: number
  line: string
  location: RecordLocation
  steps: number
  removed: number
}

/** Where kept records go. */
interface KeptSink {
  write(held: Held): Promise<void>
  close(): Promise<void>
  /** After a failure: NDJSON keeps the whole records written before it; a parquet file is not left at all. */
  abandon(): Promise<void>
}

/**
 * Reads judged trajectories and writes those kept, in input order: record filters, then the marking of repeated
 * steps, then the per-task cap, then the sample. A kept record is its input line unchanged (every field, in its
 * order) unless steps were marked in it, or its rows in a parquet file (`parquet`). Streams when there is neither a
 * per-task cap nor a sample.
 */
export async function filterRecords(options: FilterRecordsOptions): Promise<FilterTally> {
  const {filter} = options
  const checks = recordChecks(filter)
  const tally = new FilterTally()
  const perTask = filter.maxPerTask === null ? null : new RecentPerTask<Held>(filter.maxPerTask)
  const sampler = filter.sample === null ? null : new RecencySample<Held>(filter.sample)
  const sink = await openSink(options, tally)
  const emit = async (held: Held) => {
    await sink.write(held)
    tally.kept++
    tally.stepsKept += held.steps
    tally.stepsRemoved += held.removed
  }

  // The kept records written before a failure (a bad record, a broken input) stay written, whole, in NDJSON.
  try {
    const records = readRecords(options.inputs, {
      schema: JudgedTrajectorySchema,
      invalid: options.invalid,
      maxLineBytes: options.maxLineBytes,
    })
    for await (const {record, text, location} of tally.duplicates.counted(records)) {
      const position = ++tally.read
      const failed = firstFailedCheck(checks, record)
      if (failed !== null) {
        tally.drop(failed)
        continue
      }
      const held = holdRecord(record, text, location, position, filter.dropRepeatedSteps)
      if (perTask) tally.drop(MAX_PER_TASK, perTask.add(record.task.id, held))
      else if (sampler) tally.drop(SAMPLE, sampler.offer(held))
      else await emit(held)
    }

    let rest = perTask ? perTask.kept() : []
    if (sampler) {
      for (const held of rest) tally.drop(SAMPLE, sampler.offer(held))
      rest = sampler.kept()
    }
    for (const held of rest) await emit(held)
  } catch (error) {
    await sink.abandon()
    throw error
  }
  await sink.close()
  return tally
}

async function openSink(options: FilterRecordsOptions, tally: FilterTally): Promise<KeptSink> {
  if (options.parquet) {
    const writer = await TrajectoryParquetWriter.open(options.output, options.parquet)
    return {
      write: (held) => writer.write(held.line, held.location),
      close: async () => {
        await writer.close()
        tally.rowsWritten = writer.rows
      },
      abandon: () => writer.abandon(),
    }
  }
  const writer = await RecordWriter.open(options.output)
  return {
    write: (held) => writer.writeLine(held.line),
    close: () => writer.close(),
    abandon: () => writer.close(),
  }
}

function holdRecord(
  record: JudgedTrajectory,
  text: string,
  location: RecordLocation,
  position: number,
  dropRepeatedSteps: boolean,
): Held {
  const held = {position, time: trajectoryTime(record), line: text, location, steps: record.steps.length, removed: 0}
  if (!dropRepeatedSteps) return held
  const positions = repeatedStepPositions(record.steps)
  if (positions.size === 0) return held
  // The input line as JSON (not the schema's output, which reorders keys and adds defaults), those steps marked.
  const line = JSON.stringify(markedNotToTrain(JSON.parse(text) as Record<string, unknown>, positions))
  return {...held, line, removed: positions.size}
}
