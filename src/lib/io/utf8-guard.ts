import {Transform, type TransformCallback} from 'node:stream'
import {InvalidRecordError} from '../errors.js'

/** Passes bytes through unchanged, failing with the file and line where they stop being UTF-8 text. */
export function utf8Guard(file: string): Transform {
  const decoder = new TextDecoder('utf-8', {fatal: true})
  let line = 1
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        decoder.decode(chunk, {stream: true})
      } catch {
        callback(
          new InvalidRecordError(
            {file, line: line + countBefore(chunk)},
            undefined,
            'not UTF-8 text (binary data?)',
            'check that the file is the text file you meant',
          ),
        )
        return
      }
      if (chunk.includes(0)) {
        callback(
          new InvalidRecordError(
            {file, line: line + countNewlines(chunk.subarray(0, chunk.indexOf(0)))},
            undefined,
            'contains NUL bytes (binary data?)',
            'check that the file is the text file you meant',
          ),
        )
        return
      }
      line += countNewlines(chunk)
      callback(null, chunk)
    },
    flush(callback: TransformCallback) {
      try {
        decoder.decode()
        callback()
      } catch {
        callback(new InvalidRecordError({file, line}, undefined, 'ends inside a UTF-8 character (cut short?)'))
      }
    },
  })
}

function countNewlines(bytes: Buffer): number {
  let count = 0
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count++
  return count
}

// The line of the first byte that is not UTF-8 (the decoder does not say where; find it byte by byte).
function countBefore(chunk: Buffer): number {
  const probe = new TextDecoder('utf-8', {fatal: true})
  let lines = 0
  for (let i = 0; i < chunk.length; i++) {
    try {
      probe.decode(chunk.subarray(i, i + 1), {stream: true})
    } catch {
      return lines
    }
    if (chunk[i] === 10) lines++
  }
  return lines
}
