import {ExternalError} from '../errors.js'
import {opt, optionText, type Text} from '../option-text.js'
import type {Task} from '../schema/task.js'
import type {Trajectory} from '../schema/trajectory.js'
import type {BrowserPool} from './browser-pool.js'
import {hostOf, runEpisode, taskSeed, type EpisodeCommon} from './episode.js'
import {BrowserLostError, ended, type EpisodeEnd} from './episode-outcome.js'
import {horizonOf} from './episode-settings.js'
import {PolicyFailure, type EpisodePolicy, type Policy} from './policy.js'
import {StepBarrier, type BarrierSeat} from './step-barrier.js'
import {attemptOf, steplessRecord} from './trajectory-record.js'

export const ROLLOUT_MODES = ['async', 'sync'] as const
export type RolloutMode = (typeof ROLLOUT_MODES)[number]

/** One episode to run: a task and which of its attempts (rollout --samples) this is. */
export interface EpisodeWork {
  task: Task
  attempt: number
}

export interface SchedulerOptions {
  mode: RolloutMode
  concurrency: number
  pool: BrowserPool
  policy: Policy
  /** What every episode shares: settings, the run's services, the run block. */
  episodes: EpisodeCommon
  seed: number
  /** Attempts after the first when the browser under an episode is lost. */
  retries: number
  /** Called with each trajectory as its episode ends. */
  write: (trajectory: Trajectory) => Promise<void>
  /** Soft stop: start no more episodes (the policy endpoint failing again and again stops them too). */
  drain: AbortSignal
  /** Hard stop: episodes still running end now, as `aborted`. */
  signal: AbortSignal
  /** Policy failures in a row after which the run stops taking tasks. */
  maxPolicyFailures: number
}

export interface SchedulerResult {
  /** Why the run failed on its own (it stopped early, or no episode came to an end of its own), or null. */
  failure: string | null
  /** Episodes written as not started because the run stopped or gave up first. */
  notStarted: number
  /** What to check, with the failure. */
  hint: Text
}

/**
 * Runs every task's episode. `async`: each of `concurrency` sessions takes the next task the moment its episode ends,
 * with no barrier of any kind. `sync` (the paper's baseline): batches of `concurrency` episodes in lock step, where
 * every step waits for the slowest session and each batch for its longest episode. Both run the same episode code.
 */
export async function runScheduler(tasks: readonly EpisodeWork[], options: SchedulerOptions): Promise<SchedulerResult> {
  let next = 0
  let policyFailures = 0
  let failure: string | null = null
  let lastPolicyError = ''
  let lastError = ''
  let failureHint: Text | null = null
  // Work taken but never run (the browser pool gave up under it), written as not started with the rest.
  const dropped: EpisodeWork[] = []
  const draining = () => options.drain.aborted || failure !== null
  const giveUp = (work: EpisodeWork, error: unknown) => {
    if (!(error instanceof ExternalError)) throw error
    dropped.push(work)
    if (failure) return
    failure = error.message
    failureHint = error.hintText ?? null
  }
  const {metrics} = options.episodes.services
  const attempt = async (work: EpisodeWork, seat?: BarrierSeat) => {
    let trajectory: Trajectory
    try {
      trajectory = await runTask(work, options, seat)
    } catch (error) {
      return giveUp(work, error)
    }
    await finish(trajectory)
  }
  const finish = async (trajectory: Trajectory) => {
    metrics.finished(trajectory.status)
    const checkError = (trajectory.check as {error?: unknown} | null | undefined)?.error
    if (typeof checkError === 'string') metrics.checkFailed(checkError)
    if (trajectory.status === 'error') lastError = trajectory.error ?? 'no reason recorded'
    if (trajectory.cause?.kind === 'policy-failed') {
      policyFailures++
      lastPolicyError = trajectory.error ?? 'no reason recorded'
      if (policyFailures >= options.maxPolicyFailures && !failure)
        failure = `${policyFailures} episodes in a row ended because the policy failed (last: ${trajectory.error})`
    } else if (trajectory.status !== 'aborted') {
      policyFailures = 0
    }
    await options.write(trajectory)
  }

  if (options.mode === 'async') {
    const session = async () => {
      while (!draining() && next < tasks.length) await attempt(tasks[next++]!)
    }
    await Promise.all(Array.from({length: Math.min(options.concurrency, tasks.length)}, session))
  } else {
    while (!draining() && next < tasks.length) {
      const batch = tasks.slice(next, next + options.concurrency)
      next += batch.length
      const barrier = new StepBarrier(batch.length)
      await Promise.all(batch.map((work) => attempt(work, barrier.seat())))
    }
  }
  // Every task taken ends in one record: what the run never started is written as such, for --resume to run.
  const unstarted = [...dropped, ...tasks.slice(next)]
  const why = failure
    ? `the run gave up before this episode started: ${failure}`
    : 'the run was stopped before this episode started'
  for (const work of unstarted) await finish(stepless(work, options, ended('not-started', why)))
  const notStarted = unstarted.length
  const {done: finished, episodes} = metrics
  const policyHint = optionText`check the policy endpoint (${opt('baseUrl')}, ${opt('model')}), then rerun with ${opt('resume')}`
  if (failure) return {failure, hint: failureHint ?? policyHint, notStarted}
  if (policyFailures > 0 && policyFailures === finished)
    return {
      failure: `every episode (${finished}) ended because the policy failed (last: ${lastPolicyError})`,
      hint: policyHint,
      notStarted,
    }
  // Errors only, not one episode that answered, ran to its cap or got stuck: the run itself is broken (a fixture web
  // that does not answer, browsers that cannot reach the pages), however many records it wrote.
  if (finished > 0 && episodes.error === finished) {
    return {
      failure: `every episode (${finished}) ended in error (last: ${lastError})`,
      hint: optionText`the trajectories hold each error; check that the start pages load (${opt('sites')}, the network), then rerun with ${opt('resume')}`,
      notStarted,
    }
  }
  return {failure: null, hint: '', notStarted}
}

/** A task's episode, tried again on another browser when its own is lost; the seat is given up however it ends. */
async function runTask(work: EpisodeWork, options: SchedulerOptions, seat?: BarrierSeat): Promise<Trajectory> {
  try {
    return await tryTask(work, options, seat)
  } finally {
    seat?.leave()
  }
}

async function tryTask(work: EpisodeWork, options: SchedulerOptions, seat?: BarrierSeat): Promise<Trajectory> {
  const {task} = work
  const {blocklist, metrics} = options.episodes.services
  const attempt = attemptOf(task.id, work.attempt)
  const seed = taskSeed(options.seed, task.id, work.attempt)
  const early = (end: EpisodeEnd) => stepless(work, options, end)
  if (!task.start_url) return early(ended('no-start-url', 'the task has no start_url'))
  await blocklist.refresh()
  if (blocklist.has(task.website) || blocklist.has(hostOf(task.start_url))) {
    return early(ended('blocklisted', `${task.website ?? hostOf(task.start_url)} is on the blocklist`))
  }
  let policy: EpisodePolicy
  try {
    policy = options.policy.begin(task, seed, work.attempt)
  } catch (error) {
    if (error instanceof PolicyFailure) return early(ended('policy-failed', error.message))
    throw error
  }
  for (let retry = 0; ; retry++) {
    if (options.signal.aborted) return early(ended('stopped', 'stopped before the episode started'))
    const lease = await options.pool.lease()
    metrics.sessions++
    try {
      const trajectory = await runEpisode({
        ...options.episodes,
        task,
        attempt,
        lease,
        policy,
        signal: options.signal,
        gate: seat,
      })
      // An episode that ran out of time (a step, the episode, or a page load such as the start page) may have met a
      // hung browser, and one the browser failed may have met a dying one (a browser server whose Chromium is gone
      // answers "Browser closed" a moment before it disconnects): check it, and try again elsewhere if it was.
      // (A policy that reads the page, the oracle, fails on a dying browser too.)
      const suspect = ['timeout', 'browser-error', 'start-failed', 'policy-failed'].includes(
        trajectory.cause?.kind ?? '',
      )
      if (suspect && !(await options.pool.probe(lease))) {
        throw new BrowserLostError(
          `the browser under ${task.id} ${trajectory.cause?.kind === 'timeout' ? 'hung' : `failed (${trajectory.error ?? 'no reason'})`}`,
        )
      }
      return trajectory
    } catch (error) {
      if (!(error instanceof BrowserLostError)) throw error
      if (retry >= options.retries) return early(ended('browser-lost', `${error.message} (tried ${retry + 1} times)`))
      metrics.retries++
      seat?.rejoin()
      policy = options.policy.begin(task, seed, work.attempt)
    } finally {
      metrics.sessions--
      await lease.release()
    }
  }
}

/** The record of a task whose episode never ran, with the run's horizon for it. */
function stepless(work: EpisodeWork, options: SchedulerOptions, end: EpisodeEnd): Trajectory {
  const {run, settings} = options.episodes
  return steplessRecord({
    task: work.task,
    attempt: attemptOf(work.task.id, work.attempt),
    run,
    horizon: horizonOf(work.task, settings.limits.horizons),
    end,
  })
}
