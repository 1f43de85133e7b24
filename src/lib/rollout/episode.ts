import {createHash} from 'node:crypto'
import type {ArtefactStore} from '../io/artefact-store.js'
import type {Task} from '../schema/task.js'
import type {Action, Step, Trajectory} from '../schema/trajectory.js'
import {isFixtureUrl} from '../sites/catalog.js'
import {cookieHeaderFor, requestCheck} from '../sites/check-client.js'
import {blockedPageReason} from './blocked-page.js'
import type {Blocklist} from './blocklist.js'
import {TimeoutError, withTimeout, type Lease, type Viewport} from './browser-pool.js'
import {performAction, sameAction} from './browser-actions.js'
import {BrowsingSession} from './browsing-session.js'
import type {RolloutMetrics} from './metrics.js'
import type {NavigationGuard} from './navigation-guard.js'
import {PolicyFailure, type EpisodePolicy, type PastStep, type PolicyOutput} from './policy.js'

/** The fixture web a run uses, for the end-of-episode check. */
export interface FixtureWeb {
  url: string
  token: string | null
}

/** Lock-step batches (`--mode sync`): every session waits here for the slowest one, twice a step. */
export interface StepGate {
  arrive(): Promise<void>
  leave(): void
}

/** The run block every trajectory of a run shares; the episode adds its horizon and times. */
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
}

export interface EpisodeOptions {
  run: RunBase
  viewport: Viewport
  horizon: number
  maxRepeats: number
  /** Malformed responses in a row before the episode ends with status error. */
  maxActionErrors: number
  stepTimeoutMs: number
  episodeTimeoutMs: number
  navigationTimeoutMs: number
  jpegQuality: number
  /** Screenshots kept in memory for the policy's prompt window. */
  imageWindow: number
  shots: ArtefactStore
  guard: NavigationGuard
  blocklist: Blocklist
  fixture: FixtureWeb | null
  metrics: RolloutMetrics
  /** null for a model policy (its client has timeouts); a policy that reads the page gets the step timeout. */
  policyTimeoutMs: number | null
  /** Runs a policy request under `--max-inflight`. */
  limitRequests: <T>(request: () => Promise<T>) => Promise<T>
  gate?: StepGate
}

/** The browser under the episode went away: the scheduler retries the task on another one. */
export class BrowserLostError extends Error {}

/**
 * One episode: a fresh context, the start page, then observe -> policy -> act until the policy answers, the horizon
 * is reached, the agent is stuck repeating itself, or the run is stopped. Every outcome is a trajectory, except a
 * lost browser, which throws BrowserLostError so that the task can be tried again.
 */
export async function runEpisode(task: Task, lease: Lease, policy: EpisodePolicy, options: EpisodeOptions, stop: AbortSignal): Promise<Trajectory> {
  const startedAt = new Date()
  const deadline = Date.now() + options.episodeTimeoutMs
  const horizon = Math.min(options.horizon, policy.horizon ?? Infinity)
  const steps: Step[] = []
  const history: PastStep[] = []
  let status: Trajectory['status'] = 'horizon'
  let answer: string | null = null
  let error: string | null = null
  let session: BrowsingSession | undefined
  const remaining = () => Math.max(1, Math.min(options.stepTimeoutMs, deadline - Date.now()))
  const lost = (cause: unknown) => {
    if (lease.lost) throw new BrowserLostError(`the browser went away during ${task.id}: ${firstLine(cause)}`)
  }

  try {
    try {
      session = await withTimeout(
        BrowsingSession.open(lease.context, {guard: options.guard, navigationTimeoutMs: options.navigationTimeoutMs, jpegQuality: options.jpegQuality}),
        options.stepTimeoutMs,
        'the browser did not open a page in time',
      )
      const start = await withTimeout(session.goto(task.start_url!), options.navigationTimeoutMs + options.stepTimeoutMs, 'the start page did not load in time')
      const blocked = blockedPageReason(start)
      if (blocked) {
        status = 'blocked'
        error = `${task.start_url}: ${blocked}`
        await options.blocklist.recordFailure(task.website ?? hostOf(task.start_url!), blocked)
      }
    } catch (cause) {
      lost(cause)
      if (stop.aborted) status = 'aborted'
      else {
        status = 'error'
        error = `the start page ${task.start_url} did not load: ${firstLine(cause)}`
        await options.blocklist.recordFailure(task.website ?? hostOf(task.start_url!), 'did not load')
      }
    }

    let memory: string | null = null
    let previous: {action: Action | null; shot: string} | null = null
    let repeats = 0
    let badResponses = 0
    for (let index = 0; session && status === 'horizon' && index < horizon; index++) {
      if (stop.aborted) {
        status = 'aborted'
        break
      }
      if (Date.now() >= deadline) {
        status = 'error'
        error = `the episode ran past its ${Math.round(options.episodeTimeoutMs / 1000)} s limit`
        break
      }
      await options.gate?.arrive()

      const observeStart = performance.now()
      let observation
      try {
        observation = await withTimeout(session.observe(), remaining(), 'the page could not be observed in time')
      } catch (cause) {
        lost(cause)
        status = stop.aborted ? 'aborted' : 'error'
        error = stop.aborted ? null : `observing the page failed: ${firstLine(cause)}`
        break
      }
      const shot = await options.shots.put(observation.image, 'jpg')
      const observeMs = performance.now() - observeStart

      const policyStart = performance.now()
      let output: PolicyOutput
      try {
        const decide = () =>
          policy.next({
            index,
            observation,
            history,
            memory,
            lastActionNoEffect: repeats > 0,
            lastActionError: steps.at(-1)?.action_error ?? null,
            viewport: options.viewport,
            page: session!.page,
            signal: stop,
          })
        // A model request has the client's own timeout and retries; a policy that reads the page has the step's.
        output = options.policyTimeoutMs === null ? await options.limitRequests(decide) : await withTimeout(decide(), remaining(), 'the policy did not decide in time')
      } catch (cause) {
        lost(cause)
        if (stop.aborted) status = 'aborted'
        else if (cause instanceof PolicyFailure) {
          status = 'error'
          error = `the policy failed: ${cause.message}`
        } else {
          status = 'error'
          error = `the policy failed: ${firstLine(cause)}`
        }
        break
      }
      const policyMs = performance.now() - policyStart
      await options.gate?.arrive()

      const repeated = previous !== null && previous.shot === shot && sameAction(previous.action, output.action)
      const actStart = performance.now()
      let actionError = output.error
      if (output.action && output.action.name !== 'answer') {
        try {
          const page = session.page
          session.beforeAction()
          const act = async () => {
            const result = await performAction(page, output.action!, {viewport: options.viewport, guard: options.guard, navigationTimeoutMs: options.navigationTimeoutMs})
            await session!.settle()
            return result
          }
          actionError = (await withTimeout(act(), remaining(), 'the action did not finish in time')).error
        } catch (cause) {
          lost(cause)
          actionError = `the action failed: ${firstLine(cause)}`
        }
      }
      actionError = joinErrors(actionError, session.takeRefusals())
      const actMs = performance.now() - actStart

      steps.push({
        index,
        url: observation.url,
        title: observation.title,
        screenshot: shot,
        response: output.response,
        action: output.action,
        memory: output.memory,
        action_error: actionError,
        repeated,
        observe_ms: round(observeMs),
        policy_ms: round(policyMs),
        act_ms: round(actMs),
      })
      history.push({step: steps.at(-1)!, image: observation.image})
      if (history.length > options.imageWindow) history[history.length - options.imageWindow - 1]!.image = EMPTY
      options.metrics.steps++
      options.metrics.time('observe', observeMs)
      options.metrics.time('policy', policyMs)
      options.metrics.time('act', actMs)
      if (output.memory !== null) memory = output.memory

      if (output.action?.name === 'answer') {
        status = 'answered'
        answer = output.action.text ?? ''
        break
      }
      repeats = repeated ? repeats + 1 : 0
      if (repeats >= options.maxRepeats) {
        status = 'stuck'
        error = `the same action had no effect ${repeats} times in a row`
        break
      }
      badResponses = output.action === null ? badResponses + 1 : 0
      if (badResponses >= options.maxActionErrors) {
        status = 'error'
        error = `${badResponses} responses in a row gave no usable action (last: ${output.error})`
        break
      }
      previous = {action: output.action, shot}
    }
  } finally {
    options.gate?.leave()
  }

  const check = session && status !== 'aborted' && !lease.lost ? await withTimeout(fixtureCheck(task, session, answer, options.fixture), CHECK_TIMEOUT_MS).catch((cause) => ({error: firstLine(cause)})) : null
  return {
    task,
    run: {...options.run, horizon, started_at: startedAt.toISOString(), ended_at: new Date().toISOString()},
    status,
    answer,
    error,
    steps,
    ...(check === undefined ? {} : {check}),
  }
}

/** The fixture web's verdict on the session's state and answer; undefined for tasks from elsewhere. */
async function fixtureCheck(task: Task, session: BrowsingSession, answer: string | null, fixture: FixtureWeb | null): Promise<Record<string, unknown> | null | undefined> {
  const check = (task.meta as {check?: {path?: string; task?: string}} | undefined)?.check
  if (!check?.task || !isFixtureUrl(task.start_url)) return undefined
  if (!fixture?.token) return {error: 'no token for the fixture web check endpoint (pass --sites-token with --sites)'}
  try {
    const cookie = await cookieHeaderFor(session.context, task.start_url!)
    const {session: _session, ...verdict} = await requestCheck({serverUrl: fixture.url, token: fixture.token, task: check.task, answer, cookie})
    return verdict
  } catch (cause) {
    return {error: firstLine(cause)}
  }
}

const EMPTY = Buffer.alloc(0)
const CHECK_TIMEOUT_MS = 15_000

function joinErrors(a: string | null, b: string | null): string | null {
  return a && b ? `${a}; ${b}` : (a ?? b)
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase()
  } catch {
    return url
  }
}

export function firstLine(cause: unknown): string {
  const text = cause instanceof TimeoutError ? cause.message : ((cause as Error)?.message ?? String(cause))
  return text.split('\n')[0]!.replace(/^\w+\.\w+: /, '')
}

/** A stable per-task number for seeding a policy's randomness. */
export function taskSeed(seed: number, taskId: string): number {
  return createHash('sha256').update(`${seed}\0${taskId}`).digest().readUIntBE(0, 6)
}
