import {hostOf, runEpisode} from '../rollout/episode.js'
import {BrowserLostError, ended, firstLine, type EpisodeEnd} from '../rollout/episode-outcome.js'
import {horizonOf} from '../rollout/episode-settings.js'
import type {Lease} from '../rollout/browser-pool.js'
import type {PolicyInput, PolicyOutput} from '../rollout/policy.js'
import {steplessRecord, type Attempt, type RunBase} from '../rollout/trajectory-record.js'
import type {Task} from '../schema/task.js'
import type {Trajectory} from '../schema/trajectory.js'
import {ClientTurns} from './client-turns.js'
import type {EnvWorld} from './env-world.js'
import type {EpisodeReward, EpisodeRewarder} from './episode-reward.js'
import {
  episodeOutcome,
  finalObservation,
  stepObservation,
  type EnvObservation,
  type EnvOutcome,
  type ObservationSettings,
} from './env-observation.js'

export interface EnvEpisodeInput {
  world: EnvWorld
  rewarder: EpisodeRewarder
  task: Task
  attempt: Attempt
  /** The run block of its trajectory. */
  run: RunBase
  observation: ObservationSettings
}

/** What the client is told after reset or a step: the next observation, or the end with the reward. */
export type EnvTurn =
  | {done: false; observation: EnvObservation}
  | {done: true; observation: EnvObservation; reward: 0 | 1; outcome: EnvOutcome}

/**
 * A turn as OpenEnv's serialized observation (`{observation, reward, done, metadata}`): the reward is null at reset,
 * 0 until the end, and the end carries the episode's outcome in metadata.
 */
export function turnData(turn: EnvTurn, reset: boolean): Record<string, unknown> {
  if (!turn.done) return {observation: turn.observation, reward: reset ? null : 0, done: false}
  return {observation: turn.observation, reward: turn.reward, done: true, metadata: turn.outcome}
}

/** An ended episode: its trajectory (written) and its reward. */
export interface EnvEpisodeEnd {
  trajectory: Trajectory
  reward: EpisodeReward
}

// An episode that ran into a cause that needs a look at its browser (a hung or dying one), as the scheduler checks.
const SUSPECT_CAUSES = ['timeout', 'browser-error', 'start-failed']

/**
 * One episode driven by a client: rollout's episode loop in a pooled browser context, with a policy (ClientTurns)
 * that hands each settled observation to the client and waits for its action. When the episode ends, its context is
 * given back, its reward is judged and its trajectory written, in rollout's record shape, before the client is told.
 * A browser lost under it ends it as error (browser-lost): the client has seen its observations, so it cannot be run
 * again elsewhere as rollout does.
 */
export class EnvEpisode {
  readonly horizon: number
  /** Actions the client has sent. */
  actions = 0
  /** The observation the episode waits on an action for, once it has shown one. */
  current: PolicyInput | null = null
  private readonly turns = new ClientTurns()
  private readonly controller = new AbortController()
  private stopReason: string | null = null
  private ending: Promise<EnvEpisodeEnd> | null = null
  private end_: EnvEpisodeEnd | null = null

  constructor(private readonly input: EnvEpisodeInput) {
    this.horizon = horizonOf(input.task, input.world.settings.limits.horizons)
  }

  get task(): Task {
    return this.input.task
  }

  get trajectoryId(): string {
    return this.input.attempt.id
  }

  /** The episode's end, once it has ended. */
  get end(): EnvEpisodeEnd | null {
    return this.end_
  }

  /** Whether it waits for the client's action now. */
  get waiting(): boolean {
    return this.turns.waiting
  }

  /** Starts the episode and returns its first turn: the first settled observation, or its end. */
  begin(): Promise<EnvTurn> {
    this.played()
    return this.nextTurn()
  }

  /** Hands the client's action to the episode and returns the next turn (false: it waits for none). */
  async step(output: PolicyOutput): Promise<EnvTurn | false> {
    if (!this.turns.act(output)) return false
    this.actions++
    return this.nextTurn()
  }

  /**
   * Ends the episode now (as aborted, with `reason` as its error), unless it has ended already; resolves when its
   * trajectory is written.
   */
  stop(reason: string): Promise<EnvEpisodeEnd> {
    if (!this.end_) {
      this.stopReason ??= reason
      this.controller.abort()
    }
    return this.played()
  }

  /** The episode played once: its end, whoever asks first. */
  private played(): Promise<EnvEpisodeEnd> {
    if (!this.ending) {
      this.ending = this.play().then((end) => (this.end_ = end))
      // Whoever waits on the episode hears of a failure (a trajectory that cannot be written); none goes unheard.
      this.ending.catch(() => {})
    }
    return this.ending
  }

  private async nextTurn(): Promise<EnvTurn> {
    const next = await Promise.race([
      this.turns.observation().then((input) => ({input}) as const),
      this.ending!.then((end) => ({end}) as const),
    ])
    if ('input' in next) {
      this.current = next.input
      return {
        done: false,
        observation: stepObservation(this.input.task, next.input, this.horizon, this.input.observation),
      }
    }
    this.current = null
    const {trajectory, reward} = next.end
    return {
      done: true,
      observation: finalObservation(trajectory, this.horizon),
      reward: reward.reward,
      outcome: episodeOutcome(trajectory, reward),
    }
  }

  /** Runs the episode to its end, then rewards it and writes its trajectory. */
  private async play(): Promise<EnvEpisodeEnd> {
    const {world, rewarder} = this.input
    let trajectory = await this.run()
    // Stopped by the client or the server: the record says which, where the episode's own stop has no words.
    if (trajectory.status === 'aborted' && trajectory.error === null && this.stopReason)
      trajectory = {...trajectory, error: this.stopReason}
    world.metrics.finished(trajectory.status)
    const checkError = (trajectory.check as {error?: unknown} | null | undefined)?.error
    if (typeof checkError === 'string') world.metrics.checkFailed(checkError)
    const reward = await rewarder.rewardOf(trajectory)
    await world.write(trajectory)
    return {trajectory, reward}
  }

  private async run(): Promise<Trajectory> {
    const {world, task} = this.input
    const {blocklist, metrics} = world.services
    const signal = this.controller.signal
    if (signal.aborted) return this.stepless(ended('stopped', null))
    if (!task.start_url) return this.stepless(ended('no-start-url', 'the task has no start_url'))
    await blocklist.refresh()
    if (blocklist.has(task.website) || blocklist.has(hostOf(task.start_url)))
      return this.stepless(ended('blocklisted', `${task.website ?? hostOf(task.start_url)} is on the blocklist`))
    let lease: Lease
    try {
      lease = await world.pool.lease()
    } catch (error) {
      if (signal.aborted) return this.stepless(ended('stopped', null))
      return this.stepless(ended('browser-lost', `no browser to run the episode in: ${firstLine(error)}`))
    }
    metrics.sessions++
    try {
      if (signal.aborted) return this.stepless(ended('stopped', null))
      const trajectory = await runEpisode({
        settings: world.settings,
        services: world.services,
        run: this.input.run,
        task,
        attempt: this.input.attempt,
        lease,
        policy: this.turns,
        signal,
      })
      if (SUSPECT_CAUSES.includes(trajectory.cause?.kind ?? '') && !lease.lost) await world.pool.probe(lease)
      return trajectory
    } catch (error) {
      if (!(error instanceof BrowserLostError)) throw error
      return this.stepless(ended('browser-lost', error.message))
    } finally {
      metrics.sessions--
      await lease.release()
    }
  }

  private stepless(end: EpisodeEnd): Trajectory {
    const {task, attempt, run} = this.input
    return steplessRecord({task, attempt, run, horizon: this.horizon, end})
  }
}
