import {basename} from 'node:path'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {JudgedTrajectorySchema, type JudgedTrajectory} from '../schema/judged.js'

/** One task's attempts in a run: whether each succeeded (by attempt number), and what describes the task. */
export interface TaskOutcome {
  taskId: string
  level: string | null
  domain: string | null
  source: string
  /** Successes by attempt, in attempt order. */
  attempts: {attempt: number; success: boolean; steps: number; status: string}[]
}

export interface RunOutcomes {
  name: string
  file: string
  /** The run block of its first trajectory: the policy and model. */
  policy: string | null
  model: string | null
  tasks: Map<string, TaskOutcome>
  duplicates: number
}

/** A run's file name without its NDJSON extensions: `runs/ckpt-120.ndjson.gz` is `ckpt-120`. */
export function runName(file: string): string {
  return basename(file).replace(/(\.ndjson|\.jsonl|\.json)?(\.gz)?$/i, '') || file
}

/** Reads one run: every judged trajectory, grouped by task; a trajectory given twice counts once. */
export async function readRun(
  file: string,
  name: string,
  options: {invalid: InvalidRecords; maxLineBytes?: number},
): Promise<RunOutcomes> {
  const run: RunOutcomes = {name, file, policy: null, model: null, tasks: new Map(), duplicates: 0}
  const seen = new Set<string>()
  for await (const {record} of readRecords([file], {
    schema: JudgedTrajectorySchema,
    invalid: options.invalid,
    maxLineBytes: options.maxLineBytes,
  })) {
    const trajectory = record as JudgedTrajectory
    const attempt = trajectory.attempt ?? 1
    const key = `${trajectory.task.id}#${attempt}`
    if (seen.has(key)) {
      run.duplicates++
      continue
    }
    seen.add(key)
    run.policy ??= trajectory.run.policy ?? null
    run.model ??= trajectory.run.model ?? null
    let task = run.tasks.get(trajectory.task.id)
    if (!task) {
      task = {
        taskId: trajectory.task.id,
        level: trajectory.task.level ?? null,
        domain: trajectory.task.domain ?? null,
        source: trajectory.task.source,
        attempts: [],
      }
      run.tasks.set(task.taskId, task)
    }
    task.attempts.push({
      attempt,
      success: trajectory.judgment.reward === 1,
      steps: trajectory.steps.length,
      status: trajectory.status,
    })
  }
  for (const task of run.tasks.values()) task.attempts.sort((a, b) => a.attempt - b.attempt)
  return run
}

/** A task's headline outcome: its first attempt. */
export function firstSuccess(task: TaskOutcome): boolean {
  return task.attempts[0]!.success
}
