import {InvalidRecordError} from '../errors.js'
import type {Line} from '../io/read-lines.js'
import {parseJsonLine} from '../io/read-records.js'
import {describeIssue} from '../io/zod-issue.js'
import type {Text} from '../option-text.js'
import {TaskSchema} from '../schema/task.js'
import type {Stratum} from './stratum.js'
import {websiteKey} from './website-key.js'

/**
 * What the split needs of a batch of lines, in columns that cross threads cheaply: per valid task its line, its
 * website key and its stratum (an index into the batch's own distinct strata), and the bad lines, in order.
 */
export interface TaskFacts {
  lines: Int32Array
  websites: (string | null)[]
  strata: Stratum[]
  stratumOf: Int32Array
  errors: {line: number; field?: string; problem: Text}[]
}

/** Validates a batch of lines as Task records (in a worker or in the calling thread) and keeps only their facts. */
export function readTaskFacts(lines: readonly Line[], file: string): TaskFacts {
  const taskLines: number[] = []
  const websites: (string | null)[] = []
  const strata: Stratum[] = []
  const stratumNumbers = new Map<string, number>()
  const stratumOf: number[] = []
  const errors: TaskFacts['errors'] = []
  for (const line of lines) {
    const parsed = parseJsonLine(line, file)
    if (parsed === undefined) continue
    if (parsed instanceof InvalidRecordError) {
      errors.push({line: line.line, problem: parsed.problem})
      continue
    }
    const result = TaskSchema.safeParse(parsed.value)
    if (!result.success) {
      errors.push({line: line.line, ...describeIssue(result.error, parsed.value)})
      continue
    }
    const task = result.data
    taskLines.push(line.line)
    websites.push(websiteKey(task.website))
    const key = JSON.stringify([task.domain, task.subdomain, task.level])
    let number = stratumNumbers.get(key)
    if (number === undefined) {
      stratumNumbers.set(key, (number = strata.length))
      strata.push({domain: task.domain, subdomain: task.subdomain, level: task.level})
    }
    stratumOf.push(number)
  }
  return {lines: Int32Array.from(taskLines), websites, strata, stratumOf: Int32Array.from(stratumOf), errors}
}

/** The buffers of a TaskFacts that a worker moves to the caller instead of copying. */
export function taskFactsBuffers(facts: TaskFacts): ArrayBuffer[] {
  return [facts.lines.buffer, facts.stratumOf.buffer] as ArrayBuffer[]
}

/** The built worker script that runs readTaskFacts on another core. */
export const SCAN_WORKER = new URL('./scan-worker.js', import.meta.url)
