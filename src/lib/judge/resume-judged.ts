import {keysAfterRedo} from '../batch/resume-redo.js'
import type {ResumeNote} from '../batch/resume-file.js'
import {trajectoryKey, type KeyedTrajectory} from './trajectory-key.js'

/**
 * Prepares `judge --resume FILE`: judged trajectories whose judging failed (reward 0 with an error) are dropped and
 * judged again, as is a last line cut short by a crash. Returns the trajectory keys FILE still holds.
 */
export function trajectoriesAlreadyJudged(
  path: string,
  note?: ResumeNote,
  maxLineBytes?: number,
): Promise<Set<string>> {
  return keysAfterRedo(path, {
    note,
    maxLineBytes,
    // A trajectory with no judgment is judge's input, not its output: refused, never dropped as "to redo".
    keyOf: (record) =>
      typeof (record.task as {id?: unknown} | undefined)?.id === 'string' &&
      record.judgment !== null &&
      typeof record.judgment === 'object'
        ? trajectoryKey(record as unknown as KeyedTrajectory)
        : undefined,
    redo: (record) => {
      const judgment = record.judgment as {error?: unknown}
      return judgment.error !== null && judgment.error !== undefined
    },
    writer: 'an earlier judge run',
    expected: "a judged trajectory (judge's output: task.id and a judgment)",
  })
}
