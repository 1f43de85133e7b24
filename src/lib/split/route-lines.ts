import {InputError} from '../cli/errors.js'
import {openInput} from '../io/open-input.js'
import {readLines} from '../io/read-lines.js'
import type {RecordWriter} from '../io/record-writer.js'
import {SideTally} from './side-tally.js'
import {Side} from './sides.js'
import type {TaskIndex} from './task-index.js'
import {websiteKey} from './website-key.js'

export interface RouteLinesOptions {
  path: string
  name: string
  index: TaskIndex
  sides: Uint8Array
  train: RecordWriter
  test: RecordWriter
  maxLineBytes?: number
}

// What pass 2 saw, counted from the lines themselves rather than from pass 1's numbers.
export interface RoutedLines {
  train: SideTally
  test: SideTally
  /** Tasks in neither file because their website is a test website, counted per website. */
  heldOutWebsites: Map<string | null, number>
  heldOut: number
  noWebsite: number
}

// Pass 2: re-reads the input and writes each valid task's original line to its side, in input order.
export async function routeLines(options: RouteLinesOptions): Promise<RoutedLines> {
  const {index, sides} = options
  const routed: RoutedLines = {train: new SideTally(), test: new SideTally(), heldOutWebsites: new Map(), heldOut: 0, noWebsite: 0}
  let task = 0
  for await (const line of readLines(await openInput(options.path), options.maxLineBytes)) {
    if (task >= index.lines.length || line.line !== index.lines[task]) continue
    const location = `${options.name}:${line.line}`
    if (line.text === undefined) throw inputChanged(location)
    const record = parseObject(line.text, location)
    const side = sides[task++]
    if (side === Side.train || side === Side.test) {
      await (side === Side.train ? options.train : options.test).writeLine(line.text)
      ;(side === Side.train ? routed.train : routed.test).add(record)
    } else if (side === Side.heldOut) {
      const website = websiteKey(record.website)
      routed.heldOutWebsites.set(website, (routed.heldOutWebsites.get(website) ?? 0) + 1)
      routed.heldOut++
    } else {
      routed.noWebsite++
    }
  }
  if (task !== index.lines.length) throw inputChanged(`${options.name}: ${index.lines.length - task} tasks missing on the second read`)
  return routed
}

function parseObject(text: string, location: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {}
  throw inputChanged(location)
}

function inputChanged(where: string): InputError {
  return new InputError(`${where}: the input changed while it was being split`, 'split a file that nothing else writes to, or pipe it on stdin')
}
