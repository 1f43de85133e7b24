import {open, stat, truncate} from 'node:fs/promises'
import {InputError} from '../errors.js'
import {openInput} from '../io/open-input.js'
import {DEFAULT_MAX_LINE_BYTES, readLineBatches} from '../io/read-lines.js'
import {optionText} from '../option-text.js'
import {prepareResumeFile, type ResumeNote} from './resume-file.js'

/** What a resume file's records must be: the command's own output, not its input or another command's. */
export interface ResumeHolds {
  test: (record: Record<string, unknown>) => boolean
  /** What a record must be, for the message: `a task with a rubric (rubric gen's output)`. */
  expected: string
}

/**
 * Prepares `--resume OUTFILE`: drops a last line cut short by a crash, and returns the ids of the records already
 * there (one id field per line), so only the missing input records are processed and appended. With `holds`, every
 * record must pass it: a file of the command's input (tasks without the rubric a rubric gen run adds) is refused
 * rather than read as all done.
 */
export async function idsAlreadyDone(
  path: string,
  idField = 'id',
  holds?: ResumeHolds,
  note: ResumeNote = () => {},
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): Promise<Set<string>> {
  const done = new Set<string>()
  try {
    await stat(path)
  } catch {
    return done
  }
  await prepareResumeFile(path, note)
  const hint = 'resume from the file an earlier run of the same command wrote'
  for await (const batch of readLineBatches(await openInput(path), maxLineBytes)) {
    for (const line of batch) {
      if (line.error !== undefined)
        throw new InputError(optionText`${path}:${line.line}: ${line.error}, cannot resume from this file`, hint)
      if (!line.text.trim()) continue
      let value: unknown
      try {
        value = JSON.parse(line.text)
      } catch {
        throw new InputError(`${path}:${line.line}: not valid JSON, cannot resume from this file`, hint)
      }
      // Anything else (a trajectory, a judged record) is another command's output: appending to it would mix kinds.
      const id = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[idField] : undefined
      if (typeof id !== 'string')
        throw new InputError(
          `${path}:${line.line}: not a record with a string "${idField}" (a Task), cannot resume from this file`,
          hint,
        )
      if (holds && !holds.test(value as Record<string, unknown>))
        throw new InputError(`${path}:${line.line}: not ${holds.expected}, cannot resume from this file`, hint)
      done.add(id)
    }
  }
  return done
}

/** Truncates a last line that a crash cut short (no final line break); returns how many bytes it dropped. */
export async function dropPartialLastLine(path: string, size: number): Promise<number> {
  if (size === 0) return 0
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
        return size - keep
      }
      if (start === 0) {
        await truncate(path, 0)
        return size
      }
      end = start
    }
  } finally {
    await handle.close()
  }
}
