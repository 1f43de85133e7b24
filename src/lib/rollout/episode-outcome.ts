import {errors} from 'playwright-core'
import {TimeoutError} from '../async/with-timeout.js'
import {firstLine} from '../errors.js'
import type {EpisodeCause, EpisodeEndKind, EpisodeStage, Trajectory} from '../schema/trajectory.js'
import {PolicyFailure} from './policy.js'

// The episode's error lines are first lines of what was thrown (episode.ts takes the helper from here).
export {firstLine}

/** How an episode ends: its status, the typed cause, and a line for people (null when there is nothing to say). */
export interface EpisodeEnd {
  status: Trajectory['status']
  cause: EpisodeCause
  error: string | null
}

/** A stage of the episode loop either gives its value or ends the episode. */
export type StageOutcome<T> = {ok: true; value: T} | {ok: false; end: EpisodeEnd}

/** The browser under the episode went away: the scheduler retries the task on another one. */
export class BrowserLostError extends Error {}

// The status each kind of end is written with.
const STATUS_OF: Record<EpisodeEndKind, Trajectory['status']> = {
  answered: 'answered',
  horizon: 'horizon',
  'no-effect': 'stuck',
  'unusable-replies': 'error',
  'blocked-page': 'blocked',
  blocklisted: 'blocked',
  'guard-refused': 'error',
  'start-failed': 'error',
  'no-start-url': 'error',
  timeout: 'error',
  'browser-error': 'error',
  'browser-lost': 'error',
  'policy-failed': 'error',
  stopped: 'aborted',
  'not-started': 'aborted',
}

export function ended(kind: EpisodeEndKind, error: string | null, stage?: EpisodeStage): EpisodeEnd {
  return {status: STATUS_OF[kind], cause: stage ? {kind, stage} : {kind}, error}
}

/**
 * The end a failure in a stage means, told by what was thrown, never by its text: a stop, a lost browser (thrown on
 * as BrowserLostError for the scheduler to retry), a time limit (ours or Playwright's), a policy that failed for good,
 * or any other browser failure. `what` says in words what was being done, for the error line.
 */
export function failureIn(
  stage: EpisodeStage,
  cause: unknown,
  context: {what: string; lost: boolean; stopped: boolean; taskId: string},
): EpisodeEnd {
  if (context.lost) throw new BrowserLostError(`the browser went away during ${context.taskId}: ${firstLine(cause)}`)
  if (context.stopped) return ended('stopped', null)
  if (cause instanceof PolicyFailure) return ended('policy-failed', `the policy failed: ${cause.message}`)
  if (cause instanceof TimeoutError || cause instanceof errors.TimeoutError)
    return ended('timeout', `${context.what} timed out: ${firstLine(cause)}`, stage)
  return ended(
    stage === 'decide' ? 'policy-failed' : 'browser-error',
    `${context.what} failed: ${firstLine(cause)}`,
    stage,
  )
}
