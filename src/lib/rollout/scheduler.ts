import type {Task} from '../schema/task.js'
import type {Trajectory} from '../schema/trajectory.js'
import type {Blocklist} from './blocklist.js'
import type {BrowserPool} from './browser-pool.js'
import {BrowserLostError, hostOf, runEpisode, taskSeed, type EpisodeOptions} from './episode.js'
import {PolicyFailure, type EpisodePolicy, type Policy} from './policy.js'
import {StepBarrier} from './step-barrier.js'

export const ROLLOUT_MODES = ['async', 'sync'] as const
export type RolloutMode = (typeof ROLLOUT_MODES)[number]

export interface SchedulerOptions {
  mode: RolloutMode
  concurrency: number
  pool: BrowserPool
  policy: Policy
  episode: Omit<EpisodeOptions, 'horizon' | 'gate'>
  horizonOf: (task: Task) => number
  seed: number
  /** Attempts after the first when the browser under an episode is lost. */
  retries: number
  blocklist: Blocklist
  /** Called with each trajectory as its episode ends. */
  write: (trajectory: Trajectory) => Promise<void>
  /** Soft stop: start no more episodes (a signal, or the policy endpoint failing again and again). */
  draining: () => boolean
  /** Hard stop: episodes still running end now, as `aborted`. */
  stop: AbortSignal
  /** Policy failures in a row after which the run stops taking tasks. */
  maxPolicyFailures: number
}

export interface SchedulerResult {
  /** Why the run failed on its own (it stopped early, or no episode came to an end of its own), or null. */
  failure: string | null
  /** What to check, with the failure. */
  hint: string
}

/**
 * Runs every task's episode. `async`: each of `concurrency` sessions takes the next task the moment its episode ends,
 * with no barrier of any kind. `sync` (the paper's baseline): batches of `concurrency` episodes in lock step, where
 * every step waits for the slowest session and each batch for its longest episode. Both run the same episode code.
 */
export async function runScheduler(tasks: readonly Task[], options: SchedulerOptions): Promise<SchedulerResult> {
  let next = 0
  let policyFailures = 0
  let failure: string | null = null
  let lastPolicyError = ''
  let lastError = ''
  const draining = () => options.draining() || failure !== null
  const finish = async (trajectory: Trajectory) => {
    options.episode.metrics.finished(trajectory.status)
    const checkError = (trajectory.check as {error?: unknown} | null | undefined)?.error
    if (typeof checkError === 'string') options.episode.metrics.checkFailed(checkError)
    if (trajectory.status === 'error') lastError = trajectory.error ?? 'no reason recorded'
    if (trajectory.status === 'error' && trajectory.error?.startsWith('the policy failed')) {
      policyFailures++
      lastPolicyError = trajectory.error
      if (policyFailures >= options.maxPolicyFailures && !failure) failure = `${policyFailures} episodes in a row ended because the policy failed (last: ${trajectory.error})`
    } else if (trajectory.status !== 'aborted') {
      policyFailures = 0
    }
    await options.write(trajectory)
  }

  if (options.mode === 'async') {
    const session = async () => {
      while (!draining() && next < tasks.length) await finish(await runTask(tasks[next++]!, options))
    }
    await Promise.all(Array.from({length: Math.min(options.concurrency, tasks.length)}, session))
  } else {
    while (!draining() && next < tasks.length) {
      const batch = tasks.slice(next, next + options.concurrency)
      next += batch.length
      const barrier = new StepBarrier(batch.length)
      await Promise.all(batch.map(async (task) => finish(await runTask(task, options, barrier))))
    }
  }
  const {done: finished, episodes} = options.episode.metrics
  const policyHint = 'check the policy endpoint (--base-url, --model), then rerun with --resume'
  if (failure) return {failure, hint: policyHint}
  if (policyFailures > 0 && policyFailures === finished) return {failure: `every episode (${finished}) ended because the policy failed (last: ${lastPolicyError})`, hint: policyHint}
  // Errors only, not one episode that answered, ran to its cap or got stuck: the run itself is broken (a fixture web
  // that does not answer, browsers that cannot reach the pages), however many records it wrote.
  if (finished > 0 && episodes.error === finished) {
    return {failure: `every episode (${finished}) ended in error (last: ${lastError})`, hint: 'the trajectories hold each error; check that the start pages load (--sites, the network), then rerun with --resume'}
  }
  return {failure: null, hint: ''}
}

async function runTask(task: Task, options: SchedulerOptions, barrier?: StepBarrier): Promise<Trajectory> {
  const {metrics} = options.episode
  const seed = taskSeed(options.seed, task.id)
  const early = (status: Trajectory['status'], error: string) => {
    barrier?.leave()
    return withoutSteps(task, options, status, error)
  }
  if (!task.start_url) return early('error', 'the task has no start_url')
  await options.blocklist.refresh()
  if (options.blocklist.has(task.website) || options.blocklist.has(hostOf(task.start_url))) {
    return early('blocked', `${task.website ?? hostOf(task.start_url)} is on the blocklist`)
  }
  let policy: EpisodePolicy
  try {
    policy = options.policy.begin(task, seed)
  } catch (error) {
    if (error instanceof PolicyFailure) return early('error', error.message)
    throw error
  }
  for (let attempt = 0; ; attempt++) {
    if (options.stop.aborted) return early('aborted', 'stopped before the episode started')
    const lease = await options.pool.lease()
    metrics.sessions++
    try {
      const trajectory = await runEpisode(task, lease, policy, {...options.episode, horizon: options.horizonOf(task), gate: barrier}, options.stop)
      // An episode that timed out (a step, the episode, or a page load such as the start page) may have met a hung
      // browser: check it, and try again elsewhere if it was.
      if (trajectory.status === 'error' && mayBeHungBrowser(trajectory.error) && !(await options.pool.probe(lease))) {
        throw new BrowserLostError(`the browser under ${task.id} hung`)
      }
      return trajectory
    } catch (error) {
      if (!(error instanceof BrowserLostError)) throw error
      if (attempt >= options.retries) {
        return withoutSteps(task, options, 'error', `${error.message} (tried ${attempt + 1} times)`)
      }
      metrics.retries++
      barrier?.join()
      policy = options.policy.begin(task, seed)
    } finally {
      metrics.sessions--
      await lease.release()
    }
  }
}

const TIMED_OUT = / in time|past its|Timeout \d+ ?ms exceeded|timed out/i

/** Whether an episode's error is a timeout, which a hung browser would cause (the browser is then probed). */
export function mayBeHungBrowser(error: string | null): boolean {
  return TIMED_OUT.test(error ?? '')
}

function withoutSteps(task: Task, options: SchedulerOptions, status: Trajectory['status'], error: string): Trajectory {
  const now = new Date().toISOString()
  return {task, run: {...options.episode.run, horizon: options.horizonOf(task), started_at: now, ended_at: now}, status, answer: null, error, steps: []}
}
