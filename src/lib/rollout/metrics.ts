import type {EndpointSummary} from '../llm/endpoint-pool.js'
import {TRAJECTORY_STATUSES} from '../schema/trajectory.js'
import type {SettleResult} from './settle.js'

export type Timing = 'observe' | 'policy' | 'act' | 'settle' | 'turn'
type Status = (typeof TRAJECTORY_STATUSES)[number]

/** Counters and timings of a rollout, for the progress line and the `--json` summary. */
export class RolloutMetrics {
  readonly started = Date.now()
  steps = 0
  sessions = 0
  requests = 0
  retries = 0
  /** Fixture-web checks that could not be made (their trajectories hold check.error), and the first reason. */
  checkErrors = 0
  firstCheckError: string | null = null
  readonly episodes: Record<Status, number> = Object.fromEntries(
    TRAJECTORY_STATUSES.map((status) => [status, 0]),
  ) as Record<Status, number>
  /** Observations taken after waiting for the page, and those whose wait the --settle-timeout bound ended. */
  settleWaits = 0
  settleBound = 0
  /** Observations discarded and taken again because the page changed while they were taken. */
  retaken = 0
  /** Turns at the browser (--max-active) held now, and the most held at once. */
  active = 0
  mostActive = 0
  private readonly timings: Record<Timing, number[]> = {observe: [], policy: [], act: [], settle: [], turn: []}

  time(kind: Timing, ms: number): void {
    this.timings[kind].push(ms)
  }

  /** One step's times; `settle` is null when settling was off. */
  stepDone(step: {observeMs: number; policyMs: number; actMs: number; settle: SettleResult | null}): void {
    this.steps++
    this.time('observe', step.observeMs)
    this.time('policy', step.policyMs)
    this.time('act', step.actMs)
    if (!step.settle) return
    this.settleWaits++
    this.time('settle', step.settle.ms)
    if (!step.settle.settled) this.settleBound++
    this.retaken += step.settle.retaken ?? 0
  }

  /** A session took a turn at the browser after waiting `waitedMs` for it. */
  turnTaken(waitedMs: number): void {
    this.time('turn', waitedMs)
    this.active++
    this.mostActive = Math.max(this.mostActive, this.active)
  }

  turnEnded(): void {
    this.active--
  }

  /** The share of observations whose settle wait ended at the bound; null before any or with settling off. */
  settleBoundShare(): number | null {
    return this.settleWaits === 0 ? null : this.settleBound / this.settleWaits
  }

  finished(status: Status): void {
    this.episodes[status]++
  }

  checkFailed(error: string): void {
    this.checkErrors++
    this.firstCheckError ??= error
  }

  get done(): number {
    return Object.values(this.episodes).reduce((sum, count) => sum + count, 0)
  }

  get seconds(): number {
    return (Date.now() - this.started) / 1000
  }

  stepsPerSecond(): number {
    return this.steps / Math.max(this.seconds, 0.001)
  }

  /** p50 and p95 of one timing, in ms (null before any step). */
  percentiles(kind: Timing): {p50: number; p95: number} | null {
    const values = [...this.timings[kind]].sort((a, b) => a - b)
    if (values.length === 0) return null
    const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))]!
    return {p50: Math.round(at(0.5)), p95: Math.round(at(0.95))}
  }

  summary(extra: {
    browser_restarts: number
    total: number
    concurrency: number
    mode: string
    policy: string
    invalid_skipped: number
    samples: number
    shard: {index: number; count: number; tasks_elsewhere: number} | null
    policy_servers: EndpointSummary[] | null
    /** --max-active; null when unlimited. */
    max_active: number | null
  }) {
    return {
      ...extra,
      episodes: this.done,
      by_status: {...this.episodes},
      steps: this.steps,
      seconds: Math.round(this.seconds * 1000) / 1000,
      steps_per_second: Math.round(this.stepsPerSecond() * 1000) / 1000,
      episode_retries: this.retries,
      check_errors: this.checkErrors,
      timings_ms: {
        observe: this.percentiles('observe'),
        policy: this.percentiles('policy'),
        act: this.percentiles('act'),
        settle: this.percentiles('settle'),
      },
      browser_stages: {
        most_at_once: this.mostActive,
        turn_wait_ms: this.percentiles('turn'),
      },
      settle: {
        waits: this.settleWaits,
        hit_bound: this.settleBound,
        hit_bound_share: this.settleBoundShare(),
        retaken: this.retaken,
      },
    }
  }
}
