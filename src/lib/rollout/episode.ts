import {createHash} from 'node:crypto'
import type {BrowserContext} from 'playwright-core'
import {withTimeout} from '../async/with-timeout.js'
import type {ArtefactStore} from '../io/artefact-store.js'
import type {Task} from '../schema/task.js'
import type {Action, Step, StepObservation, Trajectory} from '../schema/trajectory.js'
import {elementPoint, focusElement} from '../observe/element-target.js'
import type {ObserveMode, ObserveModeName} from '../observe/observe-mode.js'
import {blockedPageReason} from './blocked-page.js'
import type {Blocklist} from './blocklist.js'
import type {Lease, Viewport} from './browser-pool.js'
import {performAction, sameAction} from './browser-actions.js'
import {BrowsingSession} from './browsing-session.js'
import {ended, failureIn, firstLine, type EpisodeEnd, type StageOutcome} from './episode-outcome.js'
import {finishTrace, startTrace, type TraceMode} from './episode-trace.js'
import type {RolloutMetrics} from './metrics.js'
import type {EgressCheck} from '../egress/egress-check.js'
import type {NavigationGuard} from './navigation-guard.js'
import type {EpisodePolicy, Observation, PastStep, PolicyOutput} from './policy.js'
import type {SettleResult} from './settle.js'

export {BrowserLostError} from './episode-outcome.js'

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
  settle: {quiet_ms: number; timeout_ms: number}
  /** The observation mode, when not screenshot. */
  observe?: ObserveModeName
}

/**
 * A task's own check at the end of its episode, passed in by the run (the fixture web's programmatic check): it gets
 * the episode's browser context, answer and steps, and returns the verdict stored in the trajectory's `check`, or
 * undefined when the task has none.
 */
export type EpisodeValidator = (input: {
  task: Task
  context: BrowserContext
  answer: string | null
  steps: readonly Step[]
}) => Promise<Record<string, unknown> | undefined>

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
  /** When a page counts as settled before it is observed (settle.ts); timeoutMs 0 turns it off. */
  settle: {quietMs: number; timeoutMs: number}
  /** What the policy is shown (--observe). */
  observe: ObserveMode
  jpegQuality: number
  /** Screenshots kept in memory for the policy's prompt window. */
  imageWindow: number
  shots: ArtefactStore
  guard: NavigationGuard
  /** The egress proxy of local browsers (absent for remote ones: their server runs its own). */
  egress?: EgressCheck
  blocklist: Blocklist
  validate?: EpisodeValidator
  trace: {mode: TraceMode; dir: string}
  metrics: RolloutMetrics
  /** null for a model policy (its client has timeouts); a policy that reads the page gets the step timeout. */
  policyTimeoutMs: number | null
  /** Runs a policy request under `--max-inflight`. */
  limitRequests: <T>(request: () => Promise<T>) => Promise<T>
  /**
   * Runs an episode's start (a fresh page and the start page's load) under a limit on starts at once, so that a run's
   * first wave does not load every start page at the same instant on the same cores and time its own start pages out.
   */
  limitStarts: <T>(start: () => Promise<T>) => Promise<T>
  gate?: StepGate
}

/** Which attempt of its task an episode is (rollout --samples), and the trajectory id that follows from it. */
export interface Attempt {
  attempt: number
  id: string
}

const CHECK_TIMEOUT_MS = 15_000
const EMPTY = Buffer.alloc(0)

/**
 * One episode: a fresh context, the start page, then observe -> decide -> act -> record until the policy answers,
 * the horizon is reached, the agent is stuck repeating itself, something fails for good, or the run is stopped.
 * Each stage returns its value or the episode's typed end; every end is a trajectory, except a lost browser, which
 * throws BrowserLostError so that the task can be tried again.
 */
export async function runEpisode(
  task: Task,
  attempt: Attempt,
  lease: Lease,
  policy: EpisodePolicy,
  options: EpisodeOptions,
  stop: AbortSignal,
): Promise<Trajectory> {
  const episode = new Episode(task, lease, policy, options, stop)
  const trace = await startTrace(lease.context, options.trace.mode)
  let end: EpisodeEnd
  try {
    end = await episode.run()
  } finally {
    options.gate?.leave()
  }
  const check =
    episode.session && end.status !== 'aborted' && !lease.lost && options.validate
      ? await validate(options.validate, task, episode.session.context, episode.answer, episode.steps)
      : undefined
  const trajectory: Trajectory = {
    id: attempt.id,
    attempt: attempt.attempt,
    task,
    run: {
      ...options.run,
      horizon: episode.horizon,
      started_at: episode.startedAt.toISOString(),
      ended_at: new Date().toISOString(),
    },
    status: end.status,
    cause: end.cause,
    answer: episode.answer,
    error: end.error,
    steps: episode.steps,
    ...(check === undefined ? {} : {check}),
  }
  const tracePath = lease.lost ? null : await finishTrace(trace, trajectory, options.trace)
  return tracePath ? {...trajectory, trace: tracePath} : trajectory
}

async function validate(
  check: EpisodeValidator,
  task: Task,
  context: BrowserContext,
  answer: string | null,
  steps: readonly Step[],
): Promise<Record<string, unknown> | undefined> {
  try {
    return await withTimeout(
      check({task, context, answer, steps}),
      CHECK_TIMEOUT_MS,
      `the task's check did not answer within ${CHECK_TIMEOUT_MS / 1000} s`,
    )
  } catch (cause) {
    return {error: firstLine(cause)}
  }
}

/** The state of one episode as its stages run. */
class Episode {
  readonly startedAt = new Date()
  readonly steps: Step[] = []
  readonly horizon: number
  session: BrowsingSession | undefined
  answer: string | null = null
  private readonly deadline: number
  private readonly history: PastStep[] = []
  private memory: string | null = null
  /** The previous step's action and screenshot, for the repeated-action check. */
  private previous: {action: Action | null; shot: string} | null = null
  private repeats = 0
  private badReplies = 0
  /** When the last action ended (performance.now()): the quiet window before the next observation starts there. */
  private actionEndedAt = performance.now()

  constructor(
    readonly task: Task,
    private readonly lease: Lease,
    private readonly policy: EpisodePolicy,
    private readonly options: EpisodeOptions,
    private readonly stop: AbortSignal,
  ) {
    this.deadline = Date.now() + options.episodeTimeoutMs
    this.horizon = Math.min(options.horizon, policy.horizon ?? Infinity)
  }

  async run(): Promise<EpisodeEnd> {
    const opened = await this.options.limitStarts(() => this.open())
    if (!opened.ok) return opened.end
    for (let index = 0; index < this.horizon; index++) {
      if (this.stop.aborted) return ended('stopped', null)
      if (Date.now() >= this.deadline)
        return ended(
          'timeout',
          `the episode ran past its ${Math.round(this.options.episodeTimeoutMs / 1000)} s limit`,
          'episode',
        )
      await this.options.gate?.arrive()
      const observed = await this.observe()
      if (!observed.ok) return observed.end
      this.noteLateRefusals()
      const decided = await this.decide(index, observed.value.observation)
      if (!decided.ok) return decided.end
      await this.options.gate?.arrive()
      const acted = await this.act(decided.value, observed.value.observation)
      if (!acted.ok) return acted.end
      const end = await this.record(index, observed.value, decided.value, acted.value)
      if (end) return end
    }
    return ended('horizon', null)
  }

  /** A page in a fresh context, and the start page: refused by the guard, blocked, failed, or loaded. */
  private async open(): Promise<StageOutcome<void>> {
    const {task, options} = this
    if (this.stop.aborted) return {ok: false, end: ended('stopped', null)} // stopped while waiting for a start slot
    const startUrl = task.start_url!
    const refusal = options.guard.check(startUrl)
    // The egress proxy's verdict too (a name is resolved and its addresses judged), so that a refusal is named as one.
    const egressRefusal = refusal ?? (await options.egress?.check(startUrl)) ?? null
    if (egressRefusal)
      return {ok: false, end: ended('guard-refused', `the start page ${startUrl} was refused: ${egressRefusal}`)}
    try {
      this.session = await withTimeout(
        BrowsingSession.open(this.lease.context, {
          guard: options.guard,
          egress: options.egress,
          navigationTimeoutMs: options.navigationTimeoutMs,
          jpegQuality: options.jpegQuality,
          settle: options.settle,
          observe: options.observe,
        }),
        options.stepTimeoutMs,
        'the browser did not open a page in time',
      )
    } catch (cause) {
      return {ok: false, end: this.failure('open', cause, 'opening a page')}
    }
    try {
      const start = await withTimeout(
        this.session.goto(startUrl),
        options.navigationTimeoutMs + options.stepTimeoutMs,
        'the start page did not load in time',
      )
      this.actionEndedAt = performance.now()
      const blocked = blockedPageReason(start)
      if (!blocked) return {ok: true, value: undefined}
      await options.blocklist.recordFailure(task.website ?? hostOf(startUrl), blocked)
      return {ok: false, end: ended('blocked-page', `${startUrl}: ${blocked}`)}
    } catch (cause) {
      const end = this.failure('start', cause, `loading the start page ${startUrl}`)
      if (end.status !== 'aborted')
        await options.blocklist.recordFailure(task.website ?? hostOf(startUrl), 'did not load')
      return {
        ok: false,
        end:
          end.cause.kind === 'browser-error'
            ? ended('start-failed', `the start page ${startUrl} did not load: ${firstLine(cause)}`)
            : end,
      }
    }
  }

  /** Waits for the page to settle, then takes the screenshot into the store. */
  private async observe(): Promise<StageOutcome<Observed>> {
    const started = performance.now()
    try {
      const session = this.session!
      const {observation, settle} = await withTimeout(
        session.observe(this.actionEndedAt),
        this.remaining() + this.options.navigationTimeoutMs,
        'the page could not be observed in time',
      )
      const shot = await this.options.shots.put(observation.image, 'jpg')
      const marked =
        observation.shown && observation.shown !== observation.image
          ? await this.options.shots.put(observation.shown, 'jpg')
          : null
      return {ok: true, value: {observation, shot, marked, settle, ms: performance.now() - started}}
    } catch (cause) {
      return {ok: false, end: this.failure('observe', cause, 'observing the page')}
    }
  }

  /**
   * What the guard or the egress proxy refused while the page settled after the last action (a redirect, a frame or a
   * fetch the action set going) is that action's error: it goes to the previous step before the policy reads it. Those
   * refused while the start page settled stay for the first action's record.
   */
  private noteLateRefusals(): void {
    const previous = this.steps.at(-1)
    if (previous) previous.action_error = joinErrors(previous.action_error, this.session!.takeRefusals())
  }

  /** The policy's next action, under --max-inflight for a model and the step's time limit for a page reader. */
  private async decide(
    index: number,
    observation: Observation,
  ): Promise<StageOutcome<{output: PolicyOutput; ms: number}>> {
    const started = performance.now()
    const {options} = this
    const decide = () =>
      this.policy.next({
        index,
        observation,
        history: this.history,
        memory: this.memory,
        lastActionNoEffect: this.repeats > 0,
        lastActionError: this.steps.at(-1)?.action_error ?? null,
        viewport: options.viewport,
        page: this.session!.page,
        signal: this.stop,
      })
    try {
      // A model request has the client's own timeout and retries; a policy that reads the page has the step's.
      const output =
        options.policyTimeoutMs === null
          ? await options.limitRequests(decide)
          : await withTimeout(decide(), this.remaining(), 'the policy did not decide in time')
      return {ok: true, value: {output, ms: performance.now() - started}}
    } catch (cause) {
      return {ok: false, end: this.failure('decide', cause, 'deciding the next action')}
    }
  }

  /**
   * Performs the action. A failed action is the step's action_error and the episode goes on; only a lost browser or
   * a stop ends it here. The next observation waits for what the action set going.
   */
  private async act(
    {output}: {output: PolicyOutput},
    observation: Observation,
  ): Promise<StageOutcome<{error: string | null; ms: number}>> {
    const started = performance.now()
    const session = this.session!
    let error = output.error
    if (output.action && output.action.name !== 'answer') {
      const action = output.action
      try {
        const page = session.page
        session.beforeAction()
        const {viewport} = this.options
        const elements = observation.elements
        const elementActions = elements
          ? {
              point: (id: number) => elementPoint(page, elements, id, viewport),
              focus: (id: number) => focusElement(page, elements, id),
            }
          : undefined
        const perform = async () => {
          const result = await performAction(page, action, {
            viewport,
            guard: this.options.guard,
            navigationTimeoutMs: this.options.navigationTimeoutMs,
            ...(elementActions ? {elements: elementActions} : {}),
          })
          await session.afterAction()
          return result
        }
        error = (await withTimeout(perform(), this.remaining(), 'the action did not finish in time')).error
      } catch (cause) {
        if (this.lease.lost || this.stop.aborted) return {ok: false, end: this.failure('act', cause, 'acting')}
        error = `the action failed: ${firstLine(cause)}`
      }
    }
    this.actionEndedAt = performance.now()
    return {ok: true, value: {error: joinErrors(error, session.takeRefusals()), ms: this.actionEndedAt - started}}
  }

  /** Writes the step down and decides whether the episode ends with it. */
  private async record(
    index: number,
    observed: Observed,
    decided: {output: PolicyOutput; ms: number},
    acted: {error: string | null; ms: number},
  ): Promise<EpisodeEnd | null> {
    const {observation, shot, settle} = observed
    const {output} = decided
    const repeated =
      this.previous !== null && this.previous.shot === shot && sameAction(this.previous.action, output.action)
    this.steps.push({
      index,
      url: observation.url,
      title: observation.title,
      screenshot: shot,
      response: output.response,
      ...(output.reasoning ? {reasoning: output.reasoning} : {}),
      action: output.action,
      memory: output.memory,
      action_error: acted.error,
      repeated,
      observe_ms: round(observed.ms),
      policy_ms: round(decided.ms),
      act_ms: round(acted.ms),
      settle_ms: round(settle?.ms ?? 0),
      settled: settle ? settle.settled : null,
      ...(settle?.busy ? {settle_busy: settle.busy} : {}),
      observed_at: new Date(observation.observedAt).toISOString(),
      ...(observation.elements ? {observation: stepObservation(observed)} : {}),
    })
    this.history.push({step: this.steps.at(-1)!, image: observation.shown ?? EMPTY})
    const window = this.options.imageWindow
    if (this.history.length > window) this.history[this.history.length - window - 1]!.image = EMPTY
    this.options.metrics.stepDone({observeMs: observed.ms, policyMs: decided.ms, actMs: acted.ms, settle})
    if (output.memory !== null) this.memory = output.memory

    if (output.action?.name === 'answer') {
      this.answer = output.action.text ?? ''
      return ended('answered', null)
    }
    this.repeats = repeated ? this.repeats + 1 : 0
    if (this.repeats >= this.options.maxRepeats)
      return ended('no-effect', `the same action had no effect ${this.repeats} times in a row`)
    this.badReplies = output.action === null ? this.badReplies + 1 : 0
    if (this.badReplies >= this.options.maxActionErrors)
      return ended(
        'unusable-replies',
        `${this.badReplies} responses in a row gave no usable action (last: ${output.error})`,
      )
    this.previous = {action: output.action, shot}
    return null
  }

  private failure(stage: Parameters<typeof failureIn>[0], cause: unknown, what: string): EpisodeEnd {
    return failureIn(stage, cause, {what, lost: this.lease.lost, stopped: this.stop.aborted, taskId: this.task.id})
  }

  /** Time left for one call: the step's limit, or less near the episode's. */
  private remaining(): number {
    return Math.max(1, Math.min(this.options.stepTimeoutMs, this.deadline - Date.now()))
  }
}

/** An observation, its screenshot in the store (and the marked one the policy saw, in som), and how it settled. */
interface Observed {
  observation: Observation
  shot: string
  marked: string | null
  settle: SettleResult | null
  ms: number
}

/** What the policy was shown besides the screenshot, for the step's record. */
function stepObservation({observation, marked}: Observed): StepObservation {
  return {
    ...(marked ? {marked_screenshot: marked} : {}),
    ...(observation.text === undefined ? {} : {text: observation.text}),
    elements: observation.elements?.byId.size ?? 0,
  }
}

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

/** A stable per-attempt number for seeding a policy's randomness: attempt 1 keeps the seed of a single rollout. */
export function taskSeed(seed: number, taskId: string, attempt = 1): number {
  const key = attempt === 1 ? `${seed}\0${taskId}` : `${seed}\0${taskId}\0${attempt}`
  return createHash('sha256').update(key).digest().readUIntBE(0, 6)
}
