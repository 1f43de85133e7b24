import {InputError} from '../errors.js'
import {openInput} from '../io/open-input.js'
import {readLineChunks} from '../io/read-lines.js'
import type {RecordWriter} from '../io/record-writer.js'
import {SideTally} from './side-tally.js'
import {Side} from './sides.js'
import type {TaskIndex} from './task-index.js'

export interface RouteLinesOptions {
  path: string
  name: string
  index: TaskIndex
  sides: Uint8Array
  train: RecordWriter
  test: RecordWriter
  maxLineBytes?: number
}

// What pass 2 saw, counted from the lines it routed rather than from pass 1's choice.
export interface RoutedLines {
  train: SideTally
  test: SideTally
  /** Tasks in neither file because their website is a test website, counted per website. */
  heldOutWebsites: Map<string | null, number>
  heldOut: number
  noWebsite: number
}

const NEWLINE = 0x0a
const CR = 0x0d
const OPEN_BRACE = 0x7b
const LINE_BREAK = Buffer.from('\n')

/** Byte ranges bound for one output file; a range that continues the one before joins it. */
class ByteRuns {
  private readonly parts: Buffer[] = []
  private from = 0
  private to = -1
  private source: Buffer | undefined
  lines = 0

  /** Adds a line (its bytes from `from` to `to`, without the line break) and its line break. */
  addLine(bytes: Buffer, from: number, to: number): void {
    this.lines++
    // The line break that follows the line in the input is taken with it when it is a plain LF.
    const withBreak = to < bytes.length && bytes[to] === NEWLINE
    if (this.source === bytes && this.to === from) {
      this.to = withBreak ? to + 1 : to
    } else {
      this.close()
      this.source = bytes
      this.from = from
      this.to = withBreak ? to + 1 : to
    }
    if (!withBreak) {
      this.close()
      this.parts.push(LINE_BREAK)
    }
  }

  /** The bytes gathered, and a fresh start. */
  take(): {bytes: Buffer; lines: number} {
    this.close()
    const taken = {bytes: Buffer.concat(this.parts), lines: this.lines}
    this.parts.length = 0
    this.lines = 0
    return taken
  }

  private close(): void {
    if (this.source && this.to > this.from) this.parts.push(this.source.subarray(this.from, this.to))
    this.source = undefined
    this.to = -1
  }
}

// Pass 2: re-reads the input and copies each valid task's line, byte for byte (less a CR before its LF and the
// BOM of the first line), to its side, in input order. Nothing is decoded or parsed again: the sides are tallied
// from pass 1's index of what each line holds, counted per website and stratum as the lines go out.
export async function routeLines(options: RouteLinesOptions): Promise<RoutedLines> {
  const {index, sides} = options
  const routed: RoutedLines = {
    train: new SideTally(),
    test: new SideTally(),
    heldOutWebsites: new Map(),
    heldOut: 0,
    noWebsite: 0,
  }
  const perWebsite = {
    train: new Int32Array(index.websiteCount),
    test: new Int32Array(index.websiteCount),
    heldOut: new Int32Array(index.websiteCount),
  }
  const perStratum = {train: new Int32Array(index.strata.length), test: new Int32Array(index.strata.length)}
  const runs = {train: new ByteRuns(), test: new ByteRuns()}
  let task = 0
  for await (const chunk of readLineChunks(await openInput(options.path), options.maxLineBytes)) {
    for (const line of chunk.lines)
      if (task < index.lines.length && line.line === index.lines[task])
        throw inputChanged(`${options.name}:${line.line}`)
    if (!chunk.bytes) continue
    const bytes = Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength)
    let line = chunk.lineBefore
    for (let start = 0; start <= bytes.length && task < index.lines.length;) {
      let end = bytes.indexOf(NEWLINE, start)
      if (end === -1) end = bytes.length
      line++
      if (line === index.lines[task]) {
        let from = start
        let to = end
        if (line === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) from += 3
        if (to > from && bytes[to - 1] === CR) to--
        // Pass 1 indexed a task here: a line that is now blank means the input changed under the split.
        if (bytes[from] !== OPEN_BRACE && bytes.toString('utf8', from, to).trim() === '')
          throw inputChanged(`${options.name}:${line}`)
        const website = index.websiteOf[task]
        const side = sides[task]
        if (side === Side.train || side === Side.test) {
          const name = side === Side.train ? 'train' : 'test'
          runs[name].addLine(bytes, from, to)
          perWebsite[name][website]++
          perStratum[name][index.stratumOf[task]]++
        } else if (side === Side.heldOut) {
          perWebsite.heldOut[website]++
          routed.heldOut++
        } else {
          routed.noWebsite++
        }
        task++
      }
      start = end + 1
    }
    for (const name of ['train', 'test'] as const) {
      const {bytes: out, lines} = runs[name].take()
      if (lines > 0) await options[name].writeBytes(out, lines)
    }
  }
  if (task !== index.lines.length)
    throw inputChanged(`${options.name}: ${index.lines.length - task} tasks missing on the second read`)
  for (let website = 0; website < index.websiteCount; website++) {
    if (perWebsite.train[website] > 0) routed.train.addWebsite(index.websites[website], perWebsite.train[website])
    if (perWebsite.test[website] > 0) routed.test.addWebsite(index.websites[website], perWebsite.test[website])
    if (perWebsite.heldOut[website] > 0)
      routed.heldOutWebsites.set(index.websites[website], perWebsite.heldOut[website])
  }
  for (let stratum = 0; stratum < index.strata.length; stratum++) {
    if (perStratum.train[stratum] > 0) routed.train.addStratum(index.strata[stratum], perStratum.train[stratum])
    if (perStratum.test[stratum] > 0) routed.test.addStratum(index.strata[stratum], perStratum.test[stratum])
  }
  return routed
}

function inputChanged(where: string): InputError {
  return new InputError(
    `${where}: the input changed while it was being split`,
    'split a file that nothing else writes to, or pipe it on stdin',
  )
}
