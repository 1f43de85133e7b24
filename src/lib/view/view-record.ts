import {z} from 'zod'
import {JudgmentSchema} from '../schema/judged.js'
import {TrajectorySchema} from '../schema/trajectory.js'

// What `webgym view` reads: a trajectory, judged or not (a judged one validates exactly as `judge` wrote it).
export const ViewedTrajectorySchema = TrajectorySchema.extend({judgment: JudgmentSchema.nullable().optional()})
export type ViewedTrajectory = z.infer<typeof ViewedTrajectorySchema>

/** The little the index page keeps of each trajectory once its own page is written. */
export interface IndexRow {
  /** 1-based input position: the page is t/<n>.html. */
  n: number
  intent: string
  website: string | null
  domain: string | null
  level: string | null
  status: string
  /** judgment.reward; null when the trajectory is not judged. */
  reward: 0 | 1 | null
  steps: number
  source: string
}

export function indexRow(record: ViewedTrajectory, n: number): IndexRow {
  return {
    n,
    intent: record.task.intent,
    website: record.task.website,
    domain: record.task.domain,
    level: record.task.level,
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
