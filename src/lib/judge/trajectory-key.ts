// One trajectory's identity across judge, filter, eval and --resume. A trajectory has no id of its own: it is one
// episode of one task, so it is named by the task id and the moment its episode started (a task rolled out again in a
// later run gets a new key). Records without `run.started_at` (hand-made ones) are named by the task id alone.

export interface KeyedTrajectory {
  task: {id: string}
  run?: {started_at?: string} | null
}

export function trajectoryKey(trajectory: KeyedTrajectory): string {
  const started = trajectory.run?.started_at
  return started ? `${trajectory.task.id}@${started}` : trajectory.task.id
}

/** The time a trajectory ended (else started), in ms since the epoch; NaN when the record has neither. */
export function trajectoryTime(trajectory: {run?: {started_at?: string; ended_at?: string} | null}): number {
  const when = trajectory.run?.ended_at ?? trajectory.run?.started_at
  return when ? Date.parse(when) : Number.NaN
}
