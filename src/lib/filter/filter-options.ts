import type {Level} from '../schema/level.js'
import {TRAJECTORY_STATUSES} from '../schema/trajectory.js'

export type TrajectoryStatus = (typeof TRAJECTORY_STATUSES)[number]

/** One where clause, FIELD=VALUE: the dotted path into the record and the text its scalar must equal. */
export interface WhereClause {
  text: string
  path: string[]
  value: string
}

export interface SampleOptions {
  size: number
  /** Weights are recency^recencyBias; 0 is uniform. */
  recencyBias: number
  seed: number
}

/** What `webgym filter` keeps, validated; empty lists and nulls mean "no condition". */
export interface FilterOptions {
  success: boolean
  minReward: number | null
  statuses: TrajectoryStatus[]
  levels: Level[]
  where: WhereClause[]
  dropRepeatedSteps: boolean
  maxPerTask: number | null
  sample: SampleOptions | null
}
