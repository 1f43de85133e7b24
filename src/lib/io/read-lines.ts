import type {Readable} from 'node:stream'

export const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024

/** One line of a text input: its 1-based number and text, or why it could not be read as text. */
export type Line = {line: number; text: string; error?: undefined} | {line: number; text?: undefined; error: string}

const NEWLINE = 0x0a
const decoder = new TextDecoder('utf-8', {fatal: true, ignoreBOM: false})

/**
 * Splits a byte stream into lines without holding more than one line in memory: strips a leading BOM and CR
 * before LF, reports lines that are not UTF-8 or are longer than `maxLineBytes` (their bytes are skipped, not
 * buffered) instead of failing the stream.
 */
export async function* readLines(stream: Readable, maxLineBytes = DEFAULT_MAX_LINE_BYTES): AsyncGenerator<Line> {
  let pending: Buffer[] = []
  let pendingBytes = 0
  let overlong = false
  let line = 0
  const finish = (tail: Buffer): Line => {
    line++
    if (overlong) {
      overlong = false
      pending = []
      pendingBytes = 0
      return {line, error: `line is longer than the limit of ${maxLineBytes} bytes`}
    }
    const bytes = pending.length === 0 ? tail : Buffer.concat([...pending, tail])
    pending = []
    pendingBytes = 0
    return decodeLine(line, bytes)
  }
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0
    for (;;) {
      const end = chunk.indexOf(NEWLINE, start)
      if (end === -1) break
      const part = chunk.subarray(start, end)
      if (!overlong && pendingBytes + part.length > maxLineBytes) overlong = true
      yield finish(part)
      start = end + 1
    }
    if (start < chunk.length && !overlong) {
      const rest = chunk.subarray(start)
      if (pendingBytes + rest.length > maxLineBytes) {
        overlong = true
        pending = []
        pendingBytes = 0
      } else {
        pending.push(Buffer.from(rest))
        pendingBytes += rest.length
      }
    }
  }
  if (pendingBytes > 0 || overlong) yield finish(Buffer.alloc(0))
}

function decodeLine(line: number, bytes: Buffer): Line {
  let end = bytes.length
  if (end > 0 && bytes[end - 1] === 0x0d) end--
  let text: string
  try {
    // The decoder drops a leading UTF-8 BOM (ignoreBOM: false), which matters on the first line.
    text = decoder.decode(bytes.subarray(0, end))
  } catch {
    return {line, error: 'not UTF-8 text (binary data?)'}
  }
  if (text.includes('\u0000')) return {line, error: 'contains NUL bytes (binary data?)'}
  return {line, text}
}
