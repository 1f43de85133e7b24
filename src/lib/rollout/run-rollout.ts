import type {ObserveMode} from '../observe/observe-mode.js'
import {setMaxListeners} from 'node:events'
import pLimit from 'p-limit'
import {ExplainedError, ExternalError, UsageError} from '../errors.js'
import {ArtefactStore} from '../io/artefact-store.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {ShardFilter, type Shard} from '../batch/shard.js'
import {describeServers} from '../llm/endpoint-pool.js'
import {fleetSources} from './browser-fleet.js'
import {RecordWriter} from '../io/record-writer.js'
import {openResumableOutput} from '../batch/resume-output.js'
import {opt, optionKeys, optionText, type OptionNames, type Text} from '../option-text.js'
import type {Reporter} from '../report/reporter.js'
import type {Level} from '../schema/level.js'
import {TaskSchema, type Task} from '../schema/task.js'
import {FIXTURE_DOMAIN, isFixtureUrl} from '../sites/catalog.js'
import {fixtureEpisodeCheck} from '../sites/episode-check.js'
import {DEFAULT_FAULT_SPEC, type FaultConfig} from '../sites/faults.js'
import {startSites, type SitesServer} from '../sites/server.js'
import {WEBGYM_VERSION} from '../version.js'
import {Blocklist} from './blocklist.js'
import {BrowserPool, type Viewport} from './browser-pool.js'
import type {TraceMode} from './episode-trace.js'
import {RolloutMetrics} from './metrics.js'
import {EgressProxy} from '../egress/egress-proxy.js'
import {NavigationGuard} from './navigation-guard.js'
import type {Policy} from './policy.js'
import {guardBrowserRequests} from './request-guard.js'
import {attemptsAlreadyRolledOut} from './resume-trajectories.js'
import {RolloutProgress} from './rollout-progress.js'
import {runScheduler, type EpisodeWork, type RolloutMode} from './scheduler.js'
import {trajectoryId} from './trajectory-id.js'

export interface RolloutOptions {
  inputs: readonly string[]
  /** Roll out only the tasks of this shard (every attempt of a task is in its task's shard). */
  shard?: Shard
  invalid: InvalidRecords
  maxLineBytes: number
  output?: string
  /** Append to this file (instead of writing `output`), rolling out only the attempts it does not hold. */
  resume?: string
  /** Gets the end-of-run summary (also when the run was stopped or failed), e.g. to write it as JSON. */
  onSummary?: (summary: RolloutSummary) => Promise<void>
  policy: Policy
  mode: RolloutMode
  concurrency: number
  maxInflight: number
  browsers: number
  browserEndpoints: readonly string[]
  viewport: Viewport
  /** One cap for every task, or three: easy, medium, hard. */
  horizons: readonly number[]
  maxRepeats: number
  maxActionErrors: number
  stepTimeoutMs: number
  episodeTimeoutMs: number
  navigationTimeoutMs: number
  /** When a page counts as settled before each observation (settle.ts); timeoutMs 0 turns settling off. */
  settle: {quietMs: number; timeoutMs: number}
  /** What the policy is shown at each step (--observe). */
  observe: ObserveMode
  /** Episodes per task, each its own attempt with its own seed. */
  samples: number
  /** Which episodes keep a Playwright trace, and where. */
  trace: {mode: TraceMode; dir: string}
  retries: number
  jpegQuality: number
  imageWindow: number
  shots: string
  seed: number
  graceMs: number
  sites?: string
  sitesToken?: string
  /** Faults and hazards of the fixture web the rollout starts itself (not of a `sites` one). */
  fixtureFaults?: FaultConfig
  allowHosts: readonly string[]
  blocklist?: string
  blockAfter: number
  reporter: Reporter
  /** Stop on SIGINT/SIGTERM with a grace period (the command); library callers pass their own `stop`. */
  handleSignals: boolean
  progressIntervalSeconds?: number
  /** How text written into trajectories and warnings names options (the command layer: as flags); default: keys. */
  names?: OptionNames
}

/** The run was stopped by a signal: its unfinished episodes are written as `aborted`; exit 130 or 143. */
export class RolloutInterrupted extends ExplainedError {
  constructor(
    readonly signal: NodeJS.Signals,
    readonly exitCode: number,
    message: string,
    hint?: Text,
  ) {
    super(message, hint)
    this.name = 'RolloutInterrupted'
  }
}

/**
 * `webgym rollout`: reads the tasks, starts the fixture web when they need it and no `sites` is given, starts the
 * browser pool, runs the scheduler and writes each trajectory as its episode ends. However it ends, the browsers and
 * the fixture web are closed, and no line is left half-written.
 */
export async function runRollout(options: RolloutOptions): Promise<RolloutMetrics> {
  const tasks: Task[] = []
  const shards = new ShardFilter(options.shard)
  const records = readRecords(options.inputs, {
    schema: TaskSchema,
    invalid: options.invalid,
    maxLineBytes: options.maxLineBytes,
  })
  for await (const {record} of shards.filter(records, (item) => item.record.id)) tasks.push(record)
  const done = options.resume
    ? await attemptsAlreadyRolledOut(options.resume, (text) => options.reporter.warn(text))
    : new Set<string>()
  const unique = uniqueTasks(tasks, options.reporter)
  const todo: EpisodeWork[] = unique.flatMap((task) =>
    Array.from({length: options.samples}, (_, i) => ({task, attempt: i + 1})).filter(
      (work) => !done.has(trajectoryId(work.task.id, work.attempt)),
    ),
  )

  // A --browser-ws file that cannot be read or a name that does not resolve: a usage error before anything starts.
  const fleet = options.browserEndpoints.length > 0 ? await fleetSources(options.browserEndpoints) : undefined
  const names = options.names ?? optionKeys
  const guard = new NavigationGuard({allowHosts: options.allowHosts, names})
  const blocklist = await Blocklist.open({path: options.blocklist, threshold: options.blockAfter})
  const metrics = new RolloutMetrics()
  const limit = pLimit(options.maxInflight)
  let sites: SitesServer | undefined
  let pool: BrowserPool | undefined
  let egress: EgressProxy | undefined
  let writer: RecordWriter | undefined
  let progress: RolloutProgress | undefined
  const stopper = new Stopper(options)
  try {
    const fixture = await fixtureWeb(
      todo.map((work) => work.task),
      options,
      (server) => (sites = server),
    )
    if (fixture) guard.allow(`*.${FIXTURE_DOMAIN}`)
    writer = await openResumableOutput(options)
    // Local browsers reach the web only through the egress proxy, which also maps the fixture web's names; a remote
    // browser server runs its own (browsers serve).
    const remote = (options.browserEndpoints?.length ?? 0) > 0
    if (todo.length > 0 && !remote) egress = await EgressProxy.start({guard, hostRules: fixture?.rules})
    if (todo.length > 0) {
      pool = await BrowserPool.start({
        local: options.browsers,
        fleet,
        launchArgs: egress?.chromiumArgs(),
        viewport: options.viewport,
        reporter: options.reporter,
        prepare: (browser) => guardBrowserRequests(browser, guard),
      })
    }
    // Starts at once: one per browser (at least two). Opening a context and loading a start page is the most CPU a
    // session asks of its browser; a whole first wave of them at once starved the cores long enough to time start
    // pages out (8-13 of 16 at --concurrency 16 on 4 browsers, 2 cores; none once spread this way).
    const limitStarts = pLimit(Math.max(2, pool?.size ?? 0))
    progress = new RolloutProgress(metrics, todo.length, options.reporter, {
      intervalSeconds: options.progressIntervalSeconds,
    })
    const out = writer
    const {failure, hint, notStarted} = await runScheduler(todo, {
      mode: options.mode,
      concurrency: options.concurrency,
      pool: pool!,
      policy: options.policy,
      seed: options.seed,
      retries: options.retries,
      blocklist,
      horizonOf: (task) => horizonOf(task, options.horizons),
      draining: () => stopper.draining,
      stop: stopper.signal,
      maxPolicyFailures: Math.max(3, options.concurrency),
      write: async (trajectory) => {
        await out.write(trajectory)
        await out.flush()
      },
      episode: {
        run: {
          policy: options.policy.name,
          model: options.policy.model,
          prompt_version: options.policy.promptVersion,
          policy_version: options.policy.version,
          ...options.policy.promptSettings,
          viewport: options.viewport,
          seed: options.seed,
          webgym_version: WEBGYM_VERSION,
          settle: {quiet_ms: options.settle.quietMs, timeout_ms: options.settle.timeoutMs},
          // Screenshot mode leaves the run block as it always was.
          ...(options.observe.name === 'screenshot' ? {} : {observe: options.observe.name}),
        },
        viewport: options.viewport,
        maxRepeats: options.maxRepeats,
        maxActionErrors: options.maxActionErrors,
        stepTimeoutMs: options.stepTimeoutMs,
        episodeTimeoutMs: options.episodeTimeoutMs,
        navigationTimeoutMs: options.navigationTimeoutMs,
        settle: options.settle,
        observe: options.observe,
        jpegQuality: options.jpegQuality,
        imageWindow: options.imageWindow,
        shots: new ArtefactStore(options.shots),
        guard,
        egress,
        blocklist,
        validate: fixtureEpisodeCheck(fixture ? {url: fixture.url, token: fixture.token} : null, names),
        trace: options.trace,
        metrics,
        policyTimeoutMs: options.policy.remote ? null : options.stepTimeoutMs,
        limitRequests: options.policy.remote
          ? (request) =>
              limit(async () => {
                metrics.requests++
                try {
                  return await request()
                } finally {
                  metrics.requests--
                }
              })
          : (request) => request(),
        limitStarts,
      },
    })
    progress.stop()
    report(
      options,
      metrics,
      todo.length,
      unique.length * options.samples - todo.length,
      pool?.restarts ?? 0,
      blocklist,
      shards,
    )
    await options.onSummary?.(rolloutSummary(options, metrics, todo.length, pool?.restarts ?? 0, shards))
    if (stopper.stoppedBy) {
      const resumeHint = options.resume ?? options.output
      throw new RolloutInterrupted(
        stopper.stoppedBy,
        stopper.stoppedBy === 'SIGINT' ? 130 : 143,
        `rollout stopped by ${stopper.stoppedBy}: ${metrics.done} of ${todo.length} episodes written (${metrics.episodes.aborted} aborted)`,
        resumeHint
          ? optionText`rerun with ${opt('resume')} ${resumeHint} to finish`
          : optionText`write the output with ${opt('output')} FILE to be able to ${opt('resume')}`,
      )
    }
    if (failure) {
      const message =
        notStarted > 0
          ? optionText`rollout failed: ${failure} (${String(notStarted)} episodes not started, written as aborted for ${opt('resume')} to run)`
          : optionText`rollout failed: ${failure}`
      throw new ExternalError(message, hint)
    }
    return metrics
  } finally {
    progress?.stop()
    stopper.dispose()
    await writer?.close()
    await pool?.close()
    await egress?.close()
    await options.policy.close?.()
    await sites?.stop()
  }
}

/** Stop on the first signal after a grace period for the episodes in flight; at once on the second. */
class Stopper {
  draining = false
  stoppedBy: NodeJS.Signals | null = null
  private readonly controller = new AbortController()
  private timer: NodeJS.Timeout | undefined
  private readonly onSignal = (signal: NodeJS.Signals) => this.handle(signal)

  constructor(private readonly options: RolloutOptions) {
    // Every episode and model request in flight listens for the stop (each removes its listener when done): as many
    // as --concurrency and --max-inflight allow, more than Node's default warning threshold of 10.
    setMaxListeners(0, this.controller.signal)
    if (!options.handleSignals) return
    process.on('SIGINT', this.onSignal)
    process.on('SIGTERM', this.onSignal)
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  dispose(): void {
    clearTimeout(this.timer)
    process.off('SIGINT', this.onSignal)
    process.off('SIGTERM', this.onSignal)
  }

  private handle(signal: NodeJS.Signals): void {
    if (this.controller.signal.aborted) {
      // A third signal: something (a write to a stuck disk, a browser that will not close) holds the exit. What is
      // written is whole records; --resume finishes the rest.
      this.options.reporter.warn(`${signal} a third time: exiting now`)
      process.exit(signal === 'SIGINT' ? 130 : 143)
    }
    if (this.draining) {
      this.options.reporter.warn(`${signal} again: aborting the episodes in flight now (a third time exits at once)`)
      this.controller.abort()
      return
    }
    this.draining = true
    this.stoppedBy = signal
    const seconds = Math.round(this.options.graceMs / 1000)
    this.options.reporter.warn(
      `${signal}: starting no new episodes; those in flight have ${seconds} s to finish (send it again to stop now)`,
    )
    this.timer = setTimeout(() => this.controller.abort(), this.options.graceMs)
  }
}

interface FixtureSetup {
  url: string
  token: string | null
  rules: string
}

/** The fixture web the tasks need: the one at `sites` (a URL, checked by the caller), or one started here with the tasks' seed. */
async function fixtureWeb(
  tasks: readonly Task[],
  options: RolloutOptions,
  started: (server: SitesServer) => void,
): Promise<FixtureSetup | null> {
  if (options.sites) {
    const url = new URL(options.sites)
    return {url: url.origin, token: options.sitesToken ?? null, rules: `MAP *.${FIXTURE_DOMAIN} ${url.host}`}
  }
  const fixtureTasks = tasks.filter((task) => isFixtureUrl(task.start_url))
  if (fixtureTasks.length === 0) return null
  const seeds = new Set(
    fixtureTasks.map((task) => (task.meta as {fixture_seed?: unknown} | undefined)?.fixture_seed ?? 0),
  )
  if (seeds.size > 1)
    throw new UsageError(
      `the fixture-web tasks come from ${seeds.size} different seeds (${[...seeds].join(', ')})`,
      optionText`roll out one seed at a time, or start \`webgym sites serve ${opt('seed')} N\` and pass ${opt('sites')}`,
    )
  const seed = [...seeds][0]
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed))
    throw new UsageError(`meta.fixture_seed of the fixture-web tasks is not an integer: ${JSON.stringify(seed)}`)
  const server = await startSites({port: 0, seed, faults: options.fixtureFaults ?? DEFAULT_FAULT_SPEC})
  started(server)
  options.reporter.info(`fixture web started at ${server.url} (seed ${seed})`)
  return {url: server.url, token: server.token, rules: server.hostResolverRules}
}

/** The cap for a task: one number for all, or easy/medium/hard by the task's level (unknown: medium). */
export function horizonOf(task: Task, horizons: readonly number[]): number {
  if (horizons.length === 1) return horizons[0]!
  const level: Level = task.level ?? 'medium'
  return horizons[{easy: 0, medium: 1, hard: 2}[level]]!
}

function uniqueTasks(tasks: readonly Task[], reporter: Reporter): Task[] {
  const seen = new Set<string>()
  const unique: Task[] = []
  for (const task of tasks) {
    if (seen.has(task.id)) continue
    seen.add(task.id)
    unique.push(task)
  }
  if (unique.length < tasks.length)
    reporter.warn(`${tasks.length - unique.length} tasks appear more than once in the input: each is rolled out once`)
  return unique
}

function report(
  options: RolloutOptions,
  metrics: RolloutMetrics,
  total: number,
  skipped: number,
  restarts: number,
  blocklist: Blocklist,
  shards: ShardFilter,
): void {
  const statuses = Object.entries(metrics.episodes)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ')
  const resumed = options.resume ? `, ${skipped} already in ${options.resume}` : ''
  options.reporter.info(
    `rollout: ${metrics.done}/${total} episodes (${statuses || 'none'})${resumed}; ${metrics.steps} steps, ${metrics.stepsPerSecond().toFixed(1)} steps/s; ${settleLine(metrics)}; ${restarts} browser restarts, ${metrics.retries} episode retries; ${options.invalid.skipped} invalid records skipped${shards.note('tasks')}`,
  )
  const servers = options.policy.servers?.() ?? []
  if (servers.length > 1) options.reporter.info(`rollout: policy servers: ${describeServers(servers)}`)
  if (blocklist.added.length > 0) options.reporter.warn(`added to the blocklist: ${blocklist.added.join(', ')}`)
  if (metrics.checkErrors > 0) {
    options.reporter.warn(
      optionText`${metrics.checkErrors} fixture-web checks could not be made (first: ${metrics.firstCheckError}); those trajectories hold check.error, and webgym judge --judge programmatic cannot score them`,
    )
  }
}

function settleLine(metrics: RolloutMetrics): string {
  const settle = metrics.percentiles('settle')
  const share = metrics.settleBoundShare()
  if (!settle || share === null) return 'settling off'
  return `settle p50 ${settle.p50} ms, p95 ${settle.p95} ms, ${(100 * share).toFixed(1)}% of steps ended at the bound, ${metrics.retaken} observations retaken`
}

/** The end-of-run summary: steps/s, episodes by status, p50/p95 timings, browser restarts. */
export type RolloutSummary = ReturnType<RolloutMetrics['summary']>

function rolloutSummary(
  options: RolloutOptions,
  metrics: RolloutMetrics,
  total: number,
  restarts: number,
  shards: ShardFilter,
): RolloutSummary {
  const shard = shards.shard
    ? {index: shards.shard.index, count: shards.shard.count, tasks_elsewhere: shards.outside}
    : null
  return metrics.summary({
    browser_restarts: restarts,
    total,
    concurrency: options.concurrency,
    mode: options.mode,
    policy: options.policy.name,
    invalid_skipped: options.invalid.skipped,
    samples: options.samples,
    shard,
    policy_servers: options.policy.servers?.() ?? null,
  })
}
