import {InputError} from '../cli/errors.js'
import {openInput} from '../io/open-input.js'
import {readLineBatches} from '../io/read-lines.js'
import type {RecordWriter} from '../io/record-writer.js'
import {SideTally} from './side-tally.js'
import {Side} from './sides.js'
import {NO_WEBSITE, type TaskIndex} from './task-index.js'

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

// Pass 2: re-reads the input and writes each valid task's original line to its side, in input order. The sides
// are tallied from pass 1's index of what each line holds, so no line is parsed twice.
export async function routeLines(options: RouteLinesOptions): Promise<RoutedLines> {
  const {index, sides} = options
  const routed: RoutedLines = {train: new SideTally(), test: new SideTally(), heldOutWebsites: new Map(), heldOut: 0, noWebsite: 0}
  let task = 0
  for await (const batch of readLineBatches(await openInput(options.path), options.maxLineBytes)) {
    const train: string[] = []
    const test: string[] = []
    for (const line of batch) {
      if (task >= index.lines.length || line.line !== index.lines[task]) continue
      if (line.text === undefined || line.text.trim() === '') throw inputChanged(`${options.name}:${line.line}`)
      const websiteNumber = index.websiteOf[task]
      const website = websiteNumber === NO_WEBSITE ? null : index.websites[websiteNumber]
      const side = sides[task]
      if (side === Side.train || side === Side.test) {
        ;(side === Side.train ? train : test).push(line.text)
        ;(side === Side.train ? routed.train : routed.test).add({website, ...index.strata[index.stratumOf[task]]})
      } else if (side === Side.heldOut) {
        routed.heldOutWebsites.set(website, (routed.heldOutWebsites.get(website) ?? 0) + 1)
        routed.heldOut++
      } else {
        routed.noWebsite++
      }
      task++
    }
    await options.train.writeLines(train)
    await options.test.writeLines(test)
  }
  if (task !== index.lines.length) throw inputChanged(`${options.name}: ${index.lines.length - task} tasks missing on the second read`)
  return routed
}

function inputChanged(where: string): InputError {
  return new InputError(`${where}: the input changed while it was being split`, 'split a file that nothing else writes to, or pipe it on stdin')
}
