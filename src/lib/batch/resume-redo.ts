import {stat} from 'node:fs/promises'
import {InputError} from '../errors.js'
import {openInput} from '../io/open-input.js'
import {DEFAULT_MAX_LINE_BYTES, readLineBatches} from '../io/read-lines.js'
import {optionText} from '../option-text.js'
import {prepareResumeFile, rewriteResumeFile, type ResumeNote} from './resume-file.js'

export interface ResumeRedoOptions {
  /** The key of a record in the output, or undefined when the line is not such a record (an input error). */
  keyOf: (record: Record<string, unknown>) => string | undefined
  /** Records to do again: they are removed from the file, and their keys are not reported as done. */
  redo: (record: Record<string, unknown>) => boolean
  /** Which command wrote the file, for the error message: `an earlier rollout`. */
  writer: string
  /** What a record is, for the error message: `a trajectory (no task.id)`. */
  expected: string
  /** Told what a cut-short end of the file lost (one line). */
  note?: ResumeNote
  /** The longest line read, as the command reads its input (and its output's readers read it). */
  maxLineBytes?: number
}

/**
 * Prepares `--resume FILE` for commands whose output records can be redone: a last line cut short by a crash is
 * dropped, and so are the records to redo and any second record with the same key (the file is rewritten only when
 * something was dropped). Returns the keys FILE still holds, so that after the resumed run every input is in FILE once.
 */
export async function keysAfterRedo(path: string, options: ResumeRedoOptions): Promise<Set<string>> {
  try {
    await stat(path)
  } catch {
    return new Set()
  }
  const gzip = await prepareResumeFile(path, options.note ?? (() => {}))
  const done = new Set<string>()
  const kept: string[] = []
  let dropped = 0
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES
  for await (const batch of readLineBatches(await openInput(path), maxLineBytes)) {
    for (const line of batch) {
      if (line.error !== undefined)
        throw new InputError(
          optionText`${path}:${line.line}: ${line.error}, cannot resume from this file`,
          `resume from the file ${options.writer} wrote`,
        )
      if (!line.text.trim()) continue
      let record: Record<string, unknown>
      try {
        record = JSON.parse(line.text)
      } catch {
        throw new InputError(
          `${path}:${line.line}: not valid JSON, cannot resume from this file`,
          `resume from the file ${options.writer} wrote`,
        )
      }
      const key = record && typeof record === 'object' ? options.keyOf(record) : undefined
      if (key === undefined)
        throw new InputError(
          `${path}:${line.line}: not ${options.expected}, cannot resume from this file`,
          `resume from the file ${options.writer} wrote`,
        )
      if (options.redo(record) || done.has(key)) {
        dropped++
        continue
      }
      done.add(key)
      kept.push(line.text)
    }
  }
  if (dropped > 0) await rewriteResumeFile(path, kept, gzip)
  return done
}
