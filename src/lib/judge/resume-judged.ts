import {keysAfterRedo} from '../batch/resume-redo.js'
import {trajectoryKey, type KeyedTrajectory} from './trajectory-key.js'

/**
 * Prepares `judge --resume FILE`: judged trajectories whose judging failed (reward 0 with an error) are dropped and
 * judged again, as is a last line cut short by a crash. Returns the trajectory keys FILE still holds.
 */
export function trajectoriesAlreadyJudged(path: string): Promise<Set<string>> {
  return keysAfterRedo(path, {
    keyOf: (record) => (typeof (record.task as {id?: unknown} | undefined)?.id === 'string' ? trajectoryKey(record as unknown as KeyedTrajectory) : undefined),
    redo: (record) => {
      const judgment = record.judgment as {error?: unknown} | undefined
      return judgment === undefined || (judgment.error !== null && judgment.error !== undefined)
    },
    writer: 'an earlier judge run',
    expected: 'a judged trajectory (no task.id)',
  })
}
