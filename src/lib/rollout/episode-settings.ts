import type {ObserveMode} from '../observe/observe-mode.js'
import type {Level} from '../schema/level.js'
import type {Task} from '../schema/task.js'
import type {Viewport} from './browser-pool.js'
import type {TraceMode} from './episode-trace.js'
import type {SettleOptions} from './settle.js'

// The settings every episode of a run shares, plain values a front end builds once (the command: from its flags) and
// hands down whole: the rollout passes them to each episode as they are, and any other service that runs episodes
// builds the same object.

/** When an episode ends on its own: its step cap, its patience with a stuck or unusable policy, its time limits. */
export interface EpisodeLimits {
  /** One step cap for every task, or three: easy, medium, hard (horizonOf). */
  horizons: readonly number[]
  /** Repeated no-effect actions in a row that end an episode as stuck. */
  maxRepeats: number
  /** Malformed responses in a row before the episode ends with status error. */
  maxActionErrors: number
  /** Limit on observing or acting in one step (and on deciding, for a policy that reads the page). */
  stepTimeoutMs: number
  episodeTimeoutMs: number
  navigationTimeoutMs: number
}

/** When a page counts as settled before it is observed (settle.ts); timeoutMs 0 turns settling off. */
export type SettleSettings = Omit<SettleOptions, 'navigationTimeoutMs'>

/** What the policy is shown at each step, and how. */
export interface ObserveSettings {
  /** The observation mode (--observe). */
  mode: ObserveMode
  /** Screenshot JPEG quality. */
  jpegQuality: number
  /** Screenshots kept in memory for the policy's prompt window. */
  imageWindow: number
}

/** Which episodes keep a Playwright trace, and where. */
export interface TraceSettings {
  mode: TraceMode
  dir: string
}

export interface EpisodeSettings {
  limits: EpisodeLimits
  /** The viewport in CSS pixels the episode acts in. */
  viewport: Viewport
  settle: SettleSettings
  observe: ObserveSettings
  trace: TraceSettings
}

/** The cap for a task: one number for all, or easy/medium/hard by the task's level (unknown: medium). */
export function horizonOf(task: Task, horizons: readonly number[]): number {
  if (horizons.length === 1) return horizons[0]!
  const level: Level = task.level ?? 'medium'
  return horizons[{easy: 0, medium: 1, hard: 2}[level]]!
}
