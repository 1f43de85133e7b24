import type {Readable} from 'node:stream'

export const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024

/** One line of a text input: its 1-based number and text, or why it could not be read as text. */
export type Line = {line: number; text: string; error?: undefined} | {line: number; text?: undefined; error: string}

const NEWLINE = 0x0a
const decoder = new TextDecoder('utf-8', {fatal: true, ignoreBOM: true})

/**
 * Splits a byte stream into lines, a batch per chunk read, holding at most one partial line besides the chunk:
 * strips a leading BOM and CR before LF, and reports lines that are not UTF-8, hold NUL bytes or are longer than
 * `maxLineBytes` (their bytes are skipped, not buffered) instead of failing the stream. Each chunk's complete
 * lines are decoded in one call, and batches keep per-line async overhead off the hot path.
 */
export async function* readLineBatches(stream: Readable, maxLineBytes = DEFAULT_MAX_LINE_BYTES): AsyncGenerator<Line[]> {
  const tooLong = `line is longer than the limit of ${maxLineBytes} bytes (raise it with --max-line-bytes)`
  let pending: Buffer[] = []
  let pendingBytes = 0
  /** The current partial line is over the limit: its bytes are being skipped up to the next newline. */
  let skipping = false
  let line = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const batch: Line[] = []
    let start = 0
    if (skipping) {
      const end = chunk.indexOf(NEWLINE)
      if (end === -1) continue
      batch.push({line: ++line, error: tooLong})
      skipping = false
      start = end + 1
    }
    const last = chunk.lastIndexOf(NEWLINE)
    if (last >= start) {
      const head = chunk.subarray(start, last)
      const complete = pendingBytes > 0 ? Buffer.concat([...pending, head]) : head
      pending = []
      pendingBytes = 0
      line = splitLines(complete, line, maxLineBytes, tooLong, batch)
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
    if (batch.length > 0) yield batch
  }
  if (skipping) yield [{line: line + 1, error: tooLong}]
  else if (pendingBytes > 0) {
    const batch: Line[] = []
    splitLines(Buffer.concat(pending), line, maxLineBytes, tooLong, batch)
    yield batch
  }
}

/** Lines one at a time, for readers that are not on a hot path. */
export async function* readLines(stream: Readable, maxLineBytes = DEFAULT_MAX_LINE_BYTES): AsyncGenerator<Line> {
  for await (const batch of readLineBatches(stream, maxLineBytes)) yield* batch
}

// Decodes complete lines (newline-separated, no final newline) into `batch`; returns the last line number used.
function splitLines(bytes: Buffer, line: number, maxLineBytes: number, tooLong: string, batch: Line[]): number {
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
function splitLinesOneByOne(bytes: Buffer, line: number, maxLineBytes: number, tooLong: string, batch: Line[]): number {
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
