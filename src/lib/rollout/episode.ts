import {createHash} from 'node:crypto'
import type {BrowserContext} from 'playwright-core'
import {withTimeout} from '../async/with-timeout.js'
import type {ArtefactStore} from '../io/artefact-store.js'
import type {Task} from '../schema/task.js'
import type {RecordedAction} from '../schema/action.js'
import {boundStep} from '../schema/bound-record.js'
import type {PageState, Step, StepObservation, Trajectory} from '../schema/trajectory.js'
import {elementPoint, focusElement} from '../observe/element-target.js'
import type {ObserveMode} from '../observe/observe-mode.js'
import {blockedPageReason} from './blocked-page.js'
import type {Blocklist} from './blocklist.js'
import type {Lease} from './browser-pool.js'
import {performAction, sameAction} from './browser-actions.js'
import {BrowsingSession, type Refusals} from './browsing-session.js'
import {boundObservation, boundPolicyOutput} from './bounded-inputs.js'
import {ended, failureIn, firstLine, type EpisodeEnd, type StageOutcome} from './episode-outcome.js'
import {horizonOf, type EpisodeLimits, type EpisodeSettings} from './episode-settings.js'
import {finishTrace, startTrace} from './episode-trace.js'
import type {RolloutMetrics} from './metrics.js'
import type {EgressCheck} from '../egress/egress-check.js'
import type {NavigationGuard} from './navigation-guard.js'
import {pageStateOf} from './page-state.js'
import type {EpisodePolicy, Observation, PastStep, PolicyOutput} from './policy.js'
import {RefusedRequests} from './refused-requests.js'
import type {SettleResult} from './settle.js'
import type {StepGate} from './step-barrier.js'
import {trajectoryRecord, type Attempt, type RunBase} from './trajectory-record.js'

export {BrowserLostError} from './episode-outcome.js'

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

/** What a run lends each of its episodes: the screenshot store, the guards, the blocklist, the check, the limits. */
export interface EpisodeServices {
  shots: ArtefactStore
  guard: NavigationGuard
  /** The egress proxy of local browsers (absent for remote ones: their server runs its own). */
  egress?: EgressCheck
  blocklist: Blocklist
  validate?: EpisodeValidator
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
  /**
   * A turn at the browser under the run's limit on sessions working their browsers at once (--max-active), resolved
   * with the function that gives it back: past the cores' capacity, sessions wait their turn instead of all slowing
   * each other's work. A session waits for one before its start page and before an action, never inside a stage, and
   * the wait counts in no stage's time (act_ms, observe_ms).
   */
  browserTurn: () => Promise<() => void>
}

/** What every episode of a run has in common: its settings, what the run lends it, and the run block it records. */
export interface EpisodeCommon {
  settings: EpisodeSettings
  services: EpisodeServices
  /** The run block of its trajectory (runBlock). */
  run: RunBase
}

/** The browser context an episode runs in (a pool's lease, or any fresh context), and whether its browser is gone. */
export type EpisodeLease = Pick<Lease, 'context' | 'lost'>

/** One episode to run: the task and its attempt, where, by whom, and the signal that ends it at once (as aborted). */
export interface EpisodeInput extends EpisodeCommon {
  task: Task
  attempt: Attempt
  lease: EpisodeLease
  policy: EpisodePolicy
  signal: AbortSignal
  /** The lock step of `--mode sync`: the episode waits there twice a step, and leaves it when it ends. */
  gate?: StepGate
}

/** How an episode went: its end, its steps and answer, and what its trajectory and the task's check are made from. */
export interface EpisodeResult {
  end: EpisodeEnd
  steps: Step[]
  answer: string | null
  horizon: number
  startedAt: Date
  /** The context of the page the episode opened, for the task's check; null when it opened none. */
  context: BrowserContext | null
}

const CHECK_TIMEOUT_MS = 15_000
const NO_TURN = () => {}
const EMPTY = Buffer.alloc(0)

/**
 * One episode: a fresh context, the start page, then observe -> decide -> act -> record until the policy answers,
 * the horizon is reached, the agent is stuck repeating itself, something fails for good, or the run is stopped.
 * Each stage returns its value or the episode's typed end; every end is a trajectory, except a lost browser, which
 * throws BrowserLostError so that the task can be tried again.
 */
export async function runEpisode(input: EpisodeInput): Promise<Trajectory> {
  const {task, lease, settings, services} = input
  const episode = new Episode(input)
  const trace = await startTrace(lease.context, settings.trace.mode)
  const result = await episode.run()
  const check =
    result.context && result.end.status !== 'aborted' && !lease.lost && services.validate
      ? await validate(services.validate, task, result.context, result.answer, result.steps)
      : undefined
  const trajectory = trajectoryRecord({
    task,
    attempt: input.attempt,
    run: input.run,
    horizon: result.horizon,
    startedAt: result.startedAt,
    endedAt: new Date(),
    end: result.end,
    answer: result.answer,
    steps: result.steps,
    check,
  })
  const tracePath = lease.lost ? null : await finishTrace(trace, trajectory, settings.trace)
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

/** The state of one episode as its stages run; `run` once, for its result. */
export class Episode {
  private readonly startedAt = new Date()
  private readonly steps: Step[] = []
  private readonly horizon: number
  private session: BrowsingSession | undefined
  private answer: string | null = null
  private readonly task: Task
  private readonly lease: EpisodeLease
  private readonly policy: EpisodePolicy
  private readonly settings: EpisodeSettings
  private readonly limits: EpisodeLimits
  private readonly services: EpisodeServices
  private readonly stop: AbortSignal
  private readonly gate: StepGate | undefined
  private readonly deadline: number
  private readonly history: PastStep[] = []
  private memory: string | null = null
  /** The previous step's action and screenshot, for the repeated-action check. */
  private previous: {action: RecordedAction | null; shot: string} | null = null
  private repeats = 0
  private badReplies = 0
  /** When the last action ended (performance.now()): the quiet window before the next observation starts there. */
  private actionEndedAt = performance.now()
  /** Gives back the turn at the browser this episode holds (NO_TURN: none). */
  private giveBackTurn = NO_TURN
  /** What the page requested on its own that was refused for the step being taken (from the start page on, at first). */
  private refused = new RefusedRequests()
  /** Those of the step last recorded, which refusals while the next observation settles join (noteLateRefusals). */
  private lastRefused: RefusedRequests | null = null
  /** The document the last observation saw (BrowsingSession.documentMark), to tell what the last action led to. */
  private lastDocument: string | null = null

  constructor(input: Omit<EpisodeInput, 'attempt' | 'run'>) {
    this.task = input.task
    this.lease = input.lease
    this.policy = input.policy
    this.settings = input.settings
    this.limits = input.settings.limits
    this.services = input.services
    this.stop = input.signal
    this.gate = input.gate
    this.deadline = Date.now() + this.limits.episodeTimeoutMs
    this.horizon = Math.min(horizonOf(input.task, this.limits.horizons), input.policy.horizon ?? Infinity)
  }

  /** Runs the episode to its end, and leaves the lock step (if any) as it ends, however it ends. */
  async run(): Promise<EpisodeResult> {
    let end: EpisodeEnd
    try {
      end = await this.loop()
    } finally {
      this.gate?.leave()
    }
    return {
      end,
      steps: this.steps,
      answer: this.answer,
      horizon: this.horizon,
      startedAt: this.startedAt,
      context: this.session?.context ?? null,
    }
  }

  /**
   * The turn at the browser (--max-active) is held from an action through the observation after it (the page the
   * action set going loads and settles within the turn), and from the start page through the first observation; it is
   * let go while the policy decides, and in --mode sync before each wait at the lock step, so that a session waiting
   * there never holds one.
   */
  private async loop(): Promise<EpisodeEnd> {
    try {
      const opened = await this.services.limitStarts(async () => {
        await this.takeTurn()
        return this.open()
      })
      if (!opened.ok) return opened.end
      return await this.stepLoop()
    } finally {
      this.letGoTurn()
    }
  }

  private async takeTurn(): Promise<void> {
    this.letGoTurn()
    this.giveBackTurn = await this.services.browserTurn()
  }

  private letGoTurn(): void {
    this.giveBackTurn()
    this.giveBackTurn = NO_TURN
  }

  private async stepLoop(): Promise<EpisodeEnd> {
    for (let index = 0; index < this.horizon; index++) {
      if (this.stop.aborted) return ended('stopped', null)
      if (Date.now() >= this.deadline)
        return ended(
          'timeout',
          `the episode ran past its ${Math.round(this.limits.episodeTimeoutMs / 1000)} s limit`,
          'episode',
        )
      if (this.gate) {
        this.letGoTurn()
        await this.gate.arrive()
        await this.takeTurn()
      }
      const observed = await this.observe()
      this.letGoTurn()
      if (!observed.ok) return observed.end
      this.noteLateRefusals()
      const strayStart = index === 0 ? this.strayStartPage(observed.value) : null
      if (strayStart) return strayStart
      this.notePageReached(observed.value)
      const decided = await this.decide(index, observed.value.observation, observed.value.settle)
      if (!decided.ok) return decided.end
      await this.gate?.arrive()
      await this.takeTurn()
      const acted = await this.act(decided.value, observed.value.observation)
      if (!acted.ok) return acted.end
      const end = await this.record(index, observed.value, decided.value, acted.value)
      if (end) return end
    }
    return ended('horizon', null)
  }

  /** A page in a fresh context, and the start page: refused by the guard, blocked, failed, or loaded. */
  private async open(): Promise<StageOutcome<void>> {
    const {task, services, settings, limits} = this
    if (this.stop.aborted) return {ok: false, end: ended('stopped', null)} // stopped while waiting for a start slot
    const startUrl = task.start_url!
    const refusal = services.guard.check(startUrl)
    // The egress proxy's verdict too (a name is resolved and its addresses judged), so that a refusal is named as one.
    const egressRefusal = refusal ?? (await services.egress?.check(startUrl)) ?? null
    if (egressRefusal)
      return {ok: false, end: ended('guard-refused', `the start page ${startUrl} was refused: ${egressRefusal}`)}
    try {
      this.session = await withTimeout(
        BrowsingSession.open(this.lease.context, {
          guard: services.guard,
          egress: services.egress,
          navigationTimeoutMs: limits.navigationTimeoutMs,
          jpegQuality: settings.observe.jpegQuality,
          settle: settings.settle,
          observe: settings.observe.mode,
        }),
        limits.stepTimeoutMs,
        'the browser did not open a page in time',
      )
    } catch (cause) {
      return {ok: false, end: this.failure('open', cause, 'opening a page')}
    }
    try {
      const start = await withTimeout(
        this.session.goto(startUrl),
        limits.navigationTimeoutMs + limits.stepTimeoutMs,
        'the start page did not load in time',
      )
      this.actionEndedAt = performance.now()
      const refused = this.startRefusal(startUrl)
      if (refused) return {ok: false, end: refused}
      const blocked = blockedPageReason(start)
      if (!blocked) return {ok: true, value: undefined}
      await services.blocklist.recordFailure(task.website ?? hostOf(startUrl), blocked)
      return {ok: false, end: ended('blocked-page', `${startUrl}: ${blocked}`)}
    } catch (cause) {
      const refused = this.startRefusal(startUrl)
      if (refused && !this.lease.lost && !this.stop.aborted) return {ok: false, end: refused}
      const end = this.failure('start', cause, `loading the start page ${startUrl}`)
      if (end.status !== 'aborted')
        await services.blocklist.recordFailure(task.website ?? hostOf(startUrl), 'did not load')
      return {
        ok: false,
        end:
          end.cause.kind === 'browser-error'
            ? ended('start-failed', `the start page ${startUrl} did not load: ${firstLine(cause)}`)
            : end,
      }
    }
  }

  /**
   * The start page's own navigation (a redirect, a form it posts, a name that leads to a local address) refused by the
   * guard or the egress proxy while it loaded, when that left the tab without the page: the end, with the reason.
   * What the page requested besides stays for the first step's `refused`.
   */
  private startRefusal(startUrl: string): EpisodeEnd | null {
    const session = this.session!
    const {navigations, requests} = session.takeRefusals()
    this.refused.addAll(requests)
    const reasons = navigations.lines().join('; ')
    if (!reasons) return null
    const url = session.page.url()
    if (pageStateOf(url, session.arrivalOf(url)).page === 'ok') {
      this.refused.addAll(navigations)
      return null
    }
    return ended('guard-refused', `the start page ${startUrl} was refused: ${reasons}`)
  }

  /**
   * The first observation is not of a page (the start page went on to an error page, or to a blank one): there is no
   * action to tell, so the episode ends with the cause, rather than show the policy a page it cannot use.
   */
  private strayStartPage(observed: Observed): EpisodeEnd | null {
    if (observed.page === 'ok') return null
    const what = `the start page ${this.task.start_url} left for ${observed.observation.url}: ${observed.pageCause}`
    return ended(observed.page === 'blocked' ? 'guard-refused' : 'start-failed', what)
  }

  /**
   * An observation that is not of a page (blank, an error page) and that the last action led to (another document
   * than the one before it) is told with that action's error, unless it says so already, so that the policy is never
   * shown such a page without being told why.
   */
  private notePageReached(observed: Observed): void {
    const document = this.session!.documentMark()
    const changed = document !== this.lastDocument
    this.lastDocument = document
    const previous = this.steps.at(-1)
    if (!previous || observed.page === 'ok' || !changed || !observed.pageCause) return
    if (previous.action_error?.includes(observed.pageCause)) return
    previous.action_error = joinErrors(
      previous.action_error,
      `it led to ${PAGE_WORDS[observed.page]}: ${observed.pageCause}`,
    )
  }

  /** Waits for the page to settle, then takes the screenshot into the store. */
  private async observe(): Promise<StageOutcome<Observed>> {
    const started = performance.now()
    try {
      const session = this.session!
      const {observation, settle} = await withTimeout(
        session.observe(this.actionEndedAt),
        this.remaining() + this.limits.navigationTimeoutMs,
        'the page could not be observed in time',
      )
      const shot = await this.services.shots.put(observation.image, 'jpg')
      const marked =
        observation.shown && observation.shown !== observation.image
          ? await this.services.shots.put(observation.shown, 'jpg')
          : null
      const {page, cause} = pageStateOf(observation.url, session.arrivalOf(observation.url))
      const ms = performance.now() - started
      // The page's title, URL and text enter the episode cut to the record's caps: the policy sees what is recorded.
      return {
        ok: true,
        value: {observation: boundObservation(observation), shot, marked, settle, ms, page, pageCause: cause},
      }
    } catch (cause) {
      return {ok: false, end: this.failure('observe', cause, 'observing the page')}
    }
  }

  /**
   * What the guard or the egress proxy refused while the page settled after the last action goes to the previous step
   * before the policy reads it: a navigation (a redirect the action led to) as that action's error, the page's own
   * requests (an image, a frame, a fetch) to its `refused`. Those refused while the start page settled stay for the
   * first step.
   */
  private noteLateRefusals(): void {
    const previous = this.steps.at(-1)
    if (!previous || !this.lastRefused) return
    const {navigations, requests} = this.session!.takeRefusals()
    previous.action_error = joinErrors(previous.action_error, refusedNavigation(navigations))
    if (requests.size === 0) return
    this.lastRefused.addAll(requests)
    Object.assign(previous, this.lastRefused.fields())
  }

  /** The policy's next action, under --max-inflight for a model and the step's time limit for a page reader. */
  private async decide(
    index: number,
    observation: Observation,
    settle: SettleResult | null,
  ): Promise<StageOutcome<{output: PolicyOutput; ms: number}>> {
    const started = performance.now()
    const {services} = this
    const decide = () =>
      this.policy.next({
        index,
        observation,
        settle,
        history: this.history,
        memory: this.memory,
        lastActionNoEffect: this.repeats > 0,
        lastActionError: this.steps.at(-1)?.action_error ?? null,
        viewport: this.settings.viewport,
        page: this.session!.page,
        signal: this.stop,
      })
    try {
      // A model request has the client's own timeout and retries; a policy that reads the page has the step's.
      const output =
        services.policyTimeoutMs === null
          ? await services.limitRequests(decide)
          : await withTimeout(decide(), this.remaining(), 'the policy did not decide in time')
      return {ok: true, value: {output: boundPolicyOutput(output), ms: performance.now() - started}}
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
  ): Promise<StageOutcome<{error: string | null; refused: RefusedRequests; ms: number}>> {
    const started = performance.now()
    const session = this.session!
    let error = output.error
    if (output.action && output.action.name !== 'answer') {
      const action = output.action
      try {
        const page = session.page
        session.beforeAction()
        const {viewport} = this.settings
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
            guard: this.services.guard,
            navigationTimeoutMs: this.limits.navigationTimeoutMs,
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
    const {navigations, requests} = session.takeRefusals()
    const refused = this.refused
    refused.addAll(requests)
    this.refused = new RefusedRequests()
    const ms = this.actionEndedAt - started
    return {ok: true, value: {error: joinErrors(error, refusedNavigation(navigations)), refused, ms}}
  }

  /** Writes the step down and decides whether the episode ends with it. */
  private async record(
    index: number,
    observed: Observed,
    decided: {output: PolicyOutput; ms: number},
    acted: {error: string | null; refused: RefusedRequests; ms: number},
  ): Promise<EpisodeEnd | null> {
    const {observation, shot, settle} = observed
    const {output} = decided
    const repeated =
      this.previous !== null && this.previous.shot === shot && sameAction(this.previous.action, output.action)
    this.steps.push(
      boundStep({
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
        ...(observation.elements ? {observation: stepObservation(observed, this.settings.observe.mode)} : {}),
        page: observed.page,
        ...(observed.pageCause ? {page_cause: observed.pageCause} : {}),
        ...acted.refused.fields(),
      }),
    )
    this.lastRefused = acted.refused
    this.history.push({step: this.steps.at(-1)!, image: observation.shown ?? EMPTY})
    const window = this.settings.observe.imageWindow
    if (this.history.length > window) this.history[this.history.length - window - 1]!.image = EMPTY
    this.services.metrics.stepDone({observeMs: observed.ms, policyMs: decided.ms, actMs: acted.ms, settle})
    if (output.memory !== null) this.memory = output.memory

    if (output.action?.name === 'answer') {
      this.answer = output.action.text ?? ''
      return ended('answered', null)
    }
    this.repeats = repeated ? this.repeats + 1 : 0
    if (this.repeats >= this.limits.maxRepeats)
      return ended('no-effect', `the same action had no effect ${this.repeats} times in a row`)
    this.badReplies = output.action === null ? this.badReplies + 1 : 0
    if (this.badReplies >= this.limits.maxActionErrors)
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
    return Math.max(1, Math.min(this.limits.stepTimeoutMs, this.deadline - Date.now()))
  }
}

/** An observation, its screenshot in the store (and the marked one the policy saw, in som), and how it settled. */
interface Observed {
  observation: Observation
  shot: string
  marked: string | null
  settle: SettleResult | null
  ms: number
  /** What the observation shows (pageStateOf), and why when it is not a page. */
  page: PageState
  pageCause: string | null
}

/** What the policy was shown besides the screenshot, for the step's record. */
function stepObservation({observation, marked}: Observed, mode: ObserveMode): StepObservation {
  return {
    ...(marked ? {marked_screenshot: marked} : {}),
    ...(observation.text === undefined ? {} : {text: observation.text}),
    elements: shownElementCount(observation, mode),
  }
}

/** How many elements the policy was shown with an id: the marks (som), else the ids of the accessibility tree. */
function shownElementCount(observation: Observation, mode: ObserveMode): number {
  return observation.elements ? mode.shownElements({elements: observation.elements}) : 0
}

const PAGE_WORDS: Record<Exclude<PageState, 'ok'>, string> = {
  blank: 'a blank page',
  browser_error: "the browser's error page",
  blocked: 'a refused page',
}

/**
 * The error of an action whose navigations (a link, a form, a redirect, a new tab) the guard or the egress proxy
 * refused: one line per host, each saying it is where the action led.
 */
function refusedNavigation(navigations: RefusedRequests): string | null {
  const lines = navigations.lines().map((line) => `the page it led to was refused: ${line}`)
  return lines.length > 0 ? lines.join('; ') : null
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
