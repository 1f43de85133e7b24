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
  filter: FilterOptions
  invalid: InvalidRecords
  maxLineBytes?: number
}

// The reasons records dropped after the record filters are counted under.
const MAX_PER_TASK = optionText`${opt('maxPerTask')}`
const SAMPLE = optionText`${opt('sample')}`

/** A record on its way out: its output line, input position and time, and its step counts. */
interface Held {
  position: number
  time: number
  line: string
  steps: number
  removed: number
}

/**
 * Reads judged trajectories and writes those kept, in input order: record filters, then the marking of repeated
 * steps, then the per-task cap, then the sample. A kept record is its input line unchanged (every field, in its
 * order) unless steps were marked in it. Streams when there is neither a per-task cap nor a sample.
 */
export async function filterRecords(options: FilterRecordsOptions): Promise<FilterTally> {
  const {filter} = options
  const checks = recordChecks(filter)
  const tally = new FilterTally()
  const perTask = filter.maxPerTask === null ? null : new RecentPerTask<Held>(filter.maxPerTask)
  const sampler = filter.sample === null ? null : new RecencySample<Held>(filter.sample)
  const writer = await RecordWriter.open(options.output)
  const emit = async (held: Held) => {
    await writer.writeLine(held.line)
    tally.kept++
    tally.stepsKept += held.steps
    tally.stepsRemoved += held.removed
  }

  // The kept records written before a failure (a bad record, a broken input) stay written, whole: close in any case.
  try {
    const records = readRecords(options.inputs, {
      schema: JudgedTrajectorySchema,
      invalid: options.invalid,
      maxLineBytes: options.maxLineBytes,
    })
    for await (const {record, text} of tally.duplicates.counted(records)) {
      const position = ++tally.read
      const failed = firstFailedCheck(checks, record)
      if (failed !== null) {
        tally.drop(failed)
        continue
      }
      const held = holdRecord(record, text, position, filter.dropRepeatedSteps)
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
  } finally {
    await writer.close()
  }
  return tally
}

function holdRecord(record: JudgedTrajectory, text: string, position: number, dropRepeatedSteps: boolean): Held {
  const held = {position, time: trajectoryTime(record), line: text, steps: record.steps.length, removed: 0}
  if (!dropRepeatedSteps) return held
  const positions = repeatedStepPositions(record.steps)
  if (positions.size === 0) return held
  // The input line as JSON (not the schema's output, which reorders keys and adds defaults), those steps marked.
  const line = JSON.stringify(markedNotToTrain(JSON.parse(text) as Record<string, unknown>, positions))
  return {...held, line, removed: positions.size}
}
