import {keysAfterRedo} from '../batch/resume-redo.js'

/**
 * Prepares `rollout --resume FILE`: a last line cut short by a crash is dropped, and so are trajectories that ended
 * `aborted` (a stopped run's unfinished episodes) or `error` (a policy endpoint down, a browser lost for good), which
 * are rolled out again. Returns the task ids FILE still holds, so that after the resumed run every task is in FILE
 * exactly once.
 */
export function tasksAlreadyRolledOut(path: string): Promise<Set<string>> {
  return keysAfterRedo(path, {
    keyOf: (record) => {
      const id = (record.task as {id?: unknown} | undefined)?.id
      return typeof id === 'string' ? id : undefined
    },
    redo: (record) => record.status === 'aborted' || record.status === 'error',
    writer: 'an earlier rollout',
    expected: 'a trajectory (no task.id)',
  })
}
