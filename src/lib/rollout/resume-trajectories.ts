import {keysAfterRedo} from '../batch/resume-redo.js'
import type {ResumeNote} from '../batch/resume-file.js'
import {trajectoryId} from './trajectory-id.js'

/**
 * Prepares `rollout --resume FILE`: a last line cut short by a crash is dropped, and so are trajectories that ended
 * `aborted` (a stopped run's unfinished episodes) or `error` (a policy endpoint down, a browser lost for good), which
 * are rolled out again. Returns the trajectory ids (`<task id>#<attempt>`; attempt 1 for records written before
 * --samples) FILE still holds, so that after the resumed run every attempt of every task is in FILE exactly once.
 */
export function attemptsAlreadyRolledOut(path: string, note?: ResumeNote, maxLineBytes?: number): Promise<Set<string>> {
  return keysAfterRedo(path, {
    note,
    maxLineBytes,
    keyOf: (record) => {
      const id = (record.task as {id?: unknown} | undefined)?.id
      if (typeof id !== 'string') return undefined
      const attempt =
        typeof record.attempt === 'number' && Number.isInteger(record.attempt) && record.attempt > 0
          ? record.attempt
          : 1
      return trajectoryId(id, attempt)
    },
    redo: (record) => record.status === 'aborted' || record.status === 'error',
    writer: 'an earlier rollout',
    expected: 'a trajectory (no task.id)',
  })
}
