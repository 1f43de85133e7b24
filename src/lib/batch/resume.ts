import {open, stat, truncate} from 'node:fs/promises'
import {createReadStream} from 'node:fs'
import {InputError} from '../cli/errors.js'
import {readLineBatches} from '../io/read-lines.js'

/**
 * Prepares `--resume OUTFILE`: drops a last line cut short by a crash, and returns the ids of the records already
 * there (one id field per line), so only the missing input records are processed and appended.
 */
export async function idsAlreadyDone(path: string, idField = 'id'): Promise<Set<string>> {
  const done = new Set<string>()
  let size: number
  try {
    size = (await stat(path)).size
  } catch {
    return done
  }
  await dropPartialLastLine(path, size)
  const hint = 'resume from the file an earlier run of the same command wrote'
  for await (const batch of readLineBatches(createReadStream(path), Number.MAX_SAFE_INTEGER)) {
    for (const line of batch) {
      if (!line.text?.trim()) continue
      let value: unknown
      try {
        value = JSON.parse(line.text)
      } catch {
        throw new InputError(`${path}:${line.line}: not valid JSON, cannot resume from this file`, hint)
      }
      // Anything else (a trajectory, a judged record) is another command's output: appending to it would mix kinds.
      const id = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[idField] : undefined
      if (typeof id !== 'string') throw new InputError(`${path}:${line.line}: not a record with a string "${idField}" (a Task), cannot resume from this file`, hint)
      done.add(id)
    }
  }
  return done
}

/** Truncates a last line that a crash cut short (no final line break). */
export async function dropPartialLastLine(path: string, size: number): Promise<void> {
  if (size === 0) return
  const handle = await open(path, 'r')
  try {
    const tail = Buffer.alloc(Math.min(size, 1 << 16))
    let end = size
    for (;;) {
      const start = Math.max(0, end - tail.length)
      const {bytesRead} = await handle.read(tail, 0, end - start, start)
      const newline = tail.subarray(0, bytesRead).lastIndexOf(0x0a)
      if (newline !== -1) {
        const keep = start + newline + 1
        if (keep < size) await truncate(path, keep)
        return
      }
      if (start === 0) {
        await truncate(path, 0)
        return
      }
      end = start
    }
  } finally {
    await handle.close()
  }
}
