import type {Readable} from 'node:stream'
import {opt, optionText, type Text} from '../option-text.js'

export const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024

/** One line of a text input: its 1-based number and text, or why it could not be read as text. */
export type Line = {line: number; text: string; error?: undefined} | {line: number; text?: undefined; error: Text}

const NEWLINE = 0x0a
const decoder = new TextDecoder('utf-8', {fatal: true, ignoreBOM: true})

/**
 * Complete lines of a stream, still as bytes: `lines` are lines already known to be bad (an over-long line whose
 * bytes were skipped), numbered before those in `bytes`; `lineBefore` is the number of the line before the first
 * of `bytes`. decodeLineChunk turns a chunk into lines, here or on another thread.
 */
export interface LineChunk {
  lines: Line[]
  bytes: Uint8Array | null
  lineBefore: number
  maxLineBytes: number
}

/**
 * Splits a byte stream into chunks of complete lines, one per chunk read, holding at most one partial line besides
 * the chunk; a partial line longer than `maxLineBytes` is skipped up to its newline and reported as a bad line.
 */
export async function* readLineChunks(
  stream: Readable,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): AsyncGenerator<LineChunk> {
  const tooLong = tooLongMessage(maxLineBytes)
  let pending: Buffer[] = []
  let pendingBytes = 0
  /** The current partial line is over the limit: its bytes are being skipped up to the next newline. */
  let skipping = false
  let line = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const lines: Line[] = []
    let start = 0
    if (skipping) {
      const end = chunk.indexOf(NEWLINE)
      if (end === -1) continue
      lines.push({line: ++line, error: tooLong})
      skipping = false
      start = end + 1
    }
    let bytes: Buffer | null = null
    const lineBefore = line
    const last = chunk.lastIndexOf(NEWLINE)
    if (last >= start) {
      const head = chunk.subarray(start, last)
      bytes = pendingBytes > 0 ? Buffer.concat([...pending, head]) : head
      pending = []
      pendingBytes = 0
      line += countNewlines(bytes) + 1
      start = last + 1
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start)
      if (pendingBytes + rest.length > maxLineBytes) {
        skipping = true
        pending = []
        pendingBytes = 0
      } else {
        pending.push(Buffer.from(rest))
        pendingBytes += rest.length
      }
    }
    if (lines.length > 0 || bytes) yield {lines, bytes, lineBefore, maxLineBytes}
  }
  if (skipping) yield {lines: [{line: line + 1, error: tooLong}], bytes: null, lineBefore: line + 1, maxLineBytes}
  else if (pendingBytes > 0) yield {lines: [], bytes: Buffer.concat(pending), lineBefore: line, maxLineBytes}
}

/** The lines of a chunk, decoded (UTF-8 checked, BOM and CR removed, over-long lines reported). */
export function decodeLineChunk(chunk: LineChunk): Line[] {
  const batch = [...chunk.lines]
  if (chunk.bytes)
    splitLines(
      Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength),
      chunk.lineBefore,
      chunk.maxLineBytes,
      tooLongMessage(chunk.maxLineBytes),
      batch,
    )
  return batch
}

/**
 * Splits a byte stream into lines, a batch per chunk read (see readLineChunks): strips a leading BOM and CR before
 * LF, and reports lines that are not UTF-8, hold NUL bytes or are longer than `maxLineBytes` instead of failing the
 * stream. Each chunk's complete lines are decoded in one call, and batches keep per-line async overhead off the hot
 * path.
 */
export async function* readLineBatches(
  stream: Readable,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): AsyncGenerator<Line[]> {
  for await (const chunk of readLineChunks(stream, maxLineBytes)) yield decodeLineChunk(chunk)
}

function tooLongMessage(maxLineBytes: number): Text {
  return optionText`line is longer than the limit of ${maxLineBytes} bytes (raise it with ${opt('maxLineBytes')})`
}

/** How many line breaks `bytes` holds. */
export function countNewlines(bytes: Uint8Array): number {
  let count = 0
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) count++
  return count
}

// Decodes complete lines (newline-separated, no final newline) into `batch`; returns the last line number used.
function splitLines(bytes: Buffer, line: number, maxLineBytes: number, tooLong: Text, batch: Line[]): number {
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    return splitLinesOneByOne(bytes, line, maxLineBytes, tooLong, batch)
  }
  if (text.includes('\u0000')) return splitLinesOneByOne(bytes, line, maxLineBytes, tooLong, batch)
  const firstOfStream = line === 0
  let from = 0
  for (;;) {
    const to = text.indexOf('\n', from)
    let value = to === -1 ? text.slice(from) : text.slice(from, to)
    line++
    if (value.endsWith('\r')) value = value.slice(0, -1)
    if (line === 1 && firstOfStream && value.charCodeAt(0) === 0xfeff) value = value.slice(1)
    if (value.length > maxLineBytes / 4 && Buffer.byteLength(value) > maxLineBytes) batch.push({line, error: tooLong})
    else batch.push({line, text: value})
    if (to === -1) return line
    from = to + 1
  }
}

// The slow path for a chunk with bad bytes: find which lines hold them.
function splitLinesOneByOne(bytes: Buffer, line: number, maxLineBytes: number, tooLong: Text, batch: Line[]): number {
  let from = 0
  for (;;) {
    const to = bytes.indexOf(NEWLINE, from)
    const part = to === -1 ? bytes.subarray(from) : bytes.subarray(from, to)
    line++
    if (part.length > maxLineBytes) batch.push({line, error: tooLong})
    else batch.push(decodeLine(line, part))
    if (to === -1) return line
    from = to + 1
  }
}

function decodeLine(line: number, bytes: Buffer): Line {
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    return {line, error: 'not UTF-8 text (binary data?)'}
  }
  if (text.includes('\u0000')) return {line, error: 'contains NUL bytes (binary data?)'}
  if (text.endsWith('\r')) text = text.slice(0, -1)
  if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  return {line, text}
}
