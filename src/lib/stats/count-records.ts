import {z} from 'zod'
import {InvalidRecordError} from '../errors.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readJsonLines} from '../io/read-records.js'
import {describeIssue} from '../io/zod-issue.js'
import {JudgedTrajectorySchema} from '../schema/judged.js'
import {TaskSchema} from '../schema/task.js'
import {TrajectorySchema} from '../schema/trajectory.js'
import {AttemptTally, type AttemptSuccess} from './attempt-success.js'

export interface Tally {
  [value: string]: number
}

export interface StreamStats {
  records: number
  tasks: number
  trajectories: number
  distinct_websites: number
  by_source: Tally
  by_website: Tally
  by_domain: Tally
  by_level: Tally
  by_status: Tally
  by_reward: Tally
  /** Judged trajectories only: success at attempt 1 and pass@k over each task's attempts; null without them. */
  attempts: AttemptSuccess | null
}

const UNKNOWN = '(none)'

/**
 * Counts a stream of tasks, trajectories or judged trajectories by source, website, domain, level, status and
 * reward. Each line is recognised by its shape (a trajectory has `task` and `steps`).
 */
export async function countRecords(
  inputs: readonly string[],
  options: {invalid: InvalidRecords; maxLineBytes?: number},
): Promise<StreamStats> {
  const stats: StreamStats = {
    records: 0,
    tasks: 0,
    trajectories: 0,
    distinct_websites: 0,
    by_source: {},
    by_website: {},
    by_domain: {},
    by_level: {},
    by_status: {},
    by_reward: {},
    attempts: null,
  }
  const attempts = new AttemptTally()
  for (const input of inputs.length > 0 ? inputs : ['-']) {
    for await (const line of readJsonLines(input, options)) {
      const value = line.value as Record<string, unknown>
      const isTrajectory = 'steps' in value && 'task' in value
      const schema: z.ZodType = isTrajectory
        ? 'judgment' in value
          ? JudgedTrajectorySchema
          : TrajectorySchema
        : TaskSchema
      const parsed = schema.safeParse(value)
      if (!parsed.success) {
        const {field, problem} = describeIssue(parsed.error, value)
        options.invalid.handle(new InvalidRecordError(line.location, field, problem))
        continue
      }
      const record = parsed.data as Record<string, unknown>
      const task = (isTrajectory ? record.task : record) as z.infer<typeof TaskSchema>
      stats.records++
      if (isTrajectory) {
        stats.trajectories++
        bump(stats.by_status, String(record.status))
        const judgment = record.judgment as {reward: number} | undefined
        if (judgment) {
          bump(stats.by_reward, String(judgment.reward))
          attempts.add(task.id, typeof record.attempt === 'number' ? record.attempt : 1, judgment.reward)
        }
      } else stats.tasks++
      bump(stats.by_source, task.source)
      bump(stats.by_website, task.website ?? UNKNOWN)
      bump(stats.by_domain, task.domain ?? UNKNOWN)
      bump(stats.by_level, task.level ?? UNKNOWN)
    }
  }
  stats.distinct_websites = Object.keys(stats.by_website).filter((website) => website !== UNKNOWN).length
  stats.attempts = attempts.summary()
  return stats
}

function bump(tally: Tally, key: string): void {
  tally[key] = (tally[key] ?? 0) + 1
}

/** The N largest entries of a tally, largest first, ties by name. */
export function topEntries(tally: Tally, n = Number.POSITIVE_INFINITY): [string, number][] {
  return Object.entries(tally)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, n)
}
