import {z} from 'zod'
import {trajectoryKey} from '../judge/trajectory-key.js'
import {JudgmentSchema} from '../schema/judged.js'
import {TrajectorySchema} from '../schema/trajectory.js'

// What `webgym view` reads: a trajectory, judged or not (a judged one validates exactly as `judge` wrote it).
export const ViewedTrajectorySchema = TrajectorySchema.extend({judgment: JudgmentSchema.nullable().optional()})
export type ViewedTrajectory = z.infer<typeof ViewedTrajectorySchema>

/** The side of the split a task is on, when the test side was given. */
export type SplitSide = 'train' | 'test'

/** The little the index keeps of each trajectory once its own page is written. */
export interface IndexRow {
  /** 1-based input position over all inputs: the page is t/<n>.html. */
  n: number
  /** 0-based position of the run (input file) it came from. */
  run: number
  /** The trajectory key (task id, then @run.started_at): what a hand label names. */
  key: string
  taskId: string
  attempt: number
  intent: string
  website: string | null
  domain: string | null
  level: string | null
  /** null when no test side was given. */
  split: SplitSide | null
  status: string
  /** judgment.reward; null when the trajectory is not judged. */
  reward: 0 | 1 | null
  steps: number
  source: string
}

export interface RowContext {
  run: number
  split: SplitSide | null
}

export function indexRow(record: ViewedTrajectory, n: number, context: RowContext = {run: 0, split: null}): IndexRow {
  return {
    n,
    run: context.run,
    key: trajectoryKey(record),
    taskId: record.task.id,
    attempt: record.attempt ?? 1,
    intent: record.task.intent,
    website: record.task.website,
    domain: record.task.domain,
    level: record.task.level,
    split: context.split,
    status: record.status,
    reward: record.judgment ? record.judgment.reward : null,
    steps: record.steps.length,
    source: record.task.source,
  }
}

/** The page of trajectory n, relative to the report folder. */
export function trajectoryPagePath(n: number): string {
  return `t/${n}.html`
}
