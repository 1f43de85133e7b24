import type {ObserveModeName} from '../observe/observe-mode.js'
import {boundRecord} from '../schema/bound-record.js'
import type {Task} from '../schema/task.js'
import type {Step, Trajectory} from '../schema/trajectory.js'
import {WEBGYM_VERSION} from '../version.js'
import type {Viewport} from './browser-pool.js'
import type {EpisodeEnd} from './episode-outcome.js'
import type {EpisodeSettings} from './episode-settings.js'
import type {Policy} from './policy.js'
import {trajectoryId} from './trajectory-id.js'

// The one place a trajectory record is put together: for an episode that ran, and for one that never did (not
// started, blocklisted, its browser lost for good). Whatever runs episodes writes records of this one shape.

/** The run block every trajectory of a run shares; each record adds its horizon and times. */
export interface RunBase {
  policy: string
  model: string | null
  prompt_version: string | null
  policy_version: string | null
  /** A model policy's prompt window and memory setting. */
  window?: number
  memory?: boolean
  viewport: Viewport
  seed: number | null
  webgym_version: string
  settle: {quiet_ms: number; timeout_ms: number}
  /** The observation mode, when not screenshot. */
  observe?: ObserveModeName
}

/** Which attempt of its task an episode is (rollout --samples), and the trajectory id that follows from it. */
export interface Attempt {
  attempt: number
  id: string
}

export function attemptOf(taskId: string, attempt: number): Attempt {
  return {attempt, id: trajectoryId(taskId, attempt)}
}

/** Who chose a run's actions, as its trajectories record it. */
export type PolicyProvenance = Pick<Policy, 'name' | 'model' | 'promptVersion' | 'version' | 'promptSettings'>

/** The run block of a run: who chose the actions (provenance), and what shaped what it saw. */
export function runBlock(
  policy: PolicyProvenance,
  settings: Pick<EpisodeSettings, 'viewport' | 'settle' | 'observe'>,
  seed: number,
): RunBase {
  return {
    policy: policy.name,
    model: policy.model,
    prompt_version: policy.promptVersion,
    policy_version: policy.version,
    ...policy.promptSettings,
    viewport: settings.viewport,
    seed,
    webgym_version: WEBGYM_VERSION,
    settle: {quiet_ms: settings.settle.quietMs, timeout_ms: settings.settle.timeoutMs},
    // Screenshot mode leaves the run block as it always was.
    ...(settings.observe.mode.name === 'screenshot' ? {} : {observe: settings.observe.mode.name}),
  }
}

/** What one trajectory record is made of. */
export interface TrajectoryParts {
  task: Task
  attempt: Attempt
  run: RunBase
  horizon: number
  startedAt: Date
  endedAt: Date
  end: EpisodeEnd
  answer: string | null
  steps: Step[]
  /** The task's own check at the end of the episode, when it has one. */
  check?: Record<string, unknown>
}

/** The trajectory record of an episode, every text a page or a model server controls within its cap. */
export function trajectoryRecord(parts: TrajectoryParts): Trajectory {
  return boundRecord({
    id: parts.attempt.id,
    attempt: parts.attempt.attempt,
    task: parts.task,
    run: {
      ...parts.run,
      horizon: parts.horizon,
      started_at: parts.startedAt.toISOString(),
      ended_at: parts.endedAt.toISOString(),
    },
    status: parts.end.status,
    cause: parts.end.cause,
    answer: parts.answer,
    error: parts.end.error,
    steps: parts.steps,
    ...(parts.check === undefined ? {} : {check: parts.check}),
  })
}

/**
 * The record of an episode that never ran (not started, no start URL, blocklisted, its browser lost for good): no steps,
 * no answer, and its start and end the same instant.
 */
export function steplessRecord(
  parts: Pick<TrajectoryParts, 'task' | 'attempt' | 'run' | 'horizon' | 'end'>,
  at: Date = new Date(),
): Trajectory {
  return trajectoryRecord({...parts, startedAt: at, endedAt: at, answer: null, steps: []})
}
