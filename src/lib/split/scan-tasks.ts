import {InvalidRecordError} from '../cli/errors.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {openInput} from '../io/open-input.js'
import {readLineBatches} from '../io/read-lines.js'
import {IntColumn} from './int-column.js'
import {parseTaskLine} from './parse-task-line.js'
import {StratumNumbering} from './stratum.js'
import {NO_WEBSITE, type TaskIndex} from './task-index.js'
import {websiteKey} from './website-key.js'

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

// Pass 1: validates every line and keeps only the compact per-task data the split needs.
export async function scanTasks(options: ScanTasksOptions): Promise<TaskIndex> {
  const lines = new IntColumn()
  const websiteOf = new IntColumn()
  const stratumOf = new IntColumn()
  const websiteNumbers = new Map<string, number>()
  const websites: string[] = []
  const strata = new StratumNumbering()
  for await (const batch of readLineBatches(await openInput(options.path), options.maxLineBytes)) {
    options.onProgress?.(lines.length)
    for (const line of batch) {
    const location = {file: options.name, line: line.line}
    if (line.error !== undefined) {
      options.invalid.handle(new InvalidRecordError(location, undefined, line.error))
      continue
    }
    if (line.text.trim() === '') continue
    const task = parseTaskLine(line.text, location)
    if (task instanceof InvalidRecordError) {
      options.invalid.handle(task)
      continue
    }
    const website = websiteKey(task.website)
    let websiteNumber = NO_WEBSITE
    if (website !== null) {
      websiteNumber = websiteNumbers.get(website) ?? websiteNumbers.size
      if (websiteNumber === websiteNumbers.size) {
        websiteNumbers.set(website, websiteNumber)
        websites.push(website)
      }
    }
    lines.push(line.line)
    websiteOf.push(websiteNumber)
    stratumOf.push(strata.numberOf({domain: task.domain, subdomain: task.subdomain, level: task.level}))
    }
  }
  return {
    lines: lines.values(),
    websiteOf: websiteOf.values(),
    stratumOf: stratumOf.values(),
    websiteCount: websiteNumbers.size,
    websites,
    strata: strata.strata,
  }
}
