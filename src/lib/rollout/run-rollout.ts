import {setMaxListeners} from 'node:events'
import pLimit from 'p-limit'
import {ExternalError, UsageError} from '../errors.js'
import {ArtefactStore} from '../io/artefact-store.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {ShardFilter, type Shard} from '../batch/shard.js'
import {describeServers} from '../llm/endpoint-pool.js'
import {fleetSources} from './browser-fleet.js'
import {RecordWriter} from '../io/record-writer.js'
import {openResumableOutput} from '../batch/resume-output.js'
import {fitRecord, overLimitText} from '../schema/fit-record.js'
import type {Trajectory} from '../schema/trajectory.js'
import {opt, optionKeys, optionText, renderText, type OptionNames} from '../option-text.js'
import type {Reporter} from '../report/reporter.js'
import {TaskSchema, type Task} from '../schema/task.js'
import {FIXTURE_DOMAIN, isFixtureUrl} from '../sites/catalog.js'
import {fixtureEpisodeCheck} from '../sites/episode-check.js'
import {isPagesUrl} from '../sites/pages/page-corpus.js'
import {DEFAULT_FAULT_SPEC, type FaultConfig} from '../sites/faults.js'
import {startSites, type SitesServer} from '../sites/server.js'
import {Blocklist} from './blocklist.js'
import {BrowserPool} from './browser-pool.js'
import type {EpisodeSettings} from './episode-settings.js'
import {RolloutMetrics} from './metrics.js'
import {EgressProxy} from '../egress/egress-proxy.js'
import {NavigationGuard} from './navigation-guard.js'
import type {Policy} from './policy.js'
import {guardBrowserRequests} from './request-guard.js'
import {attemptsAlreadyRolledOut} from './resume-trajectories.js'
import {RolloutProgress} from './rollout-progress.js'
import {runScheduler, type EpisodeWork, type RolloutMode} from './scheduler.js'
import {trajectoryId} from './trajectory-id.js'
import {runBlock} from './trajectory-record.js'

/** Where the tasks come from. */
export interface RolloutInput {
  /** Task record files (NDJSON, optionally .gz); `-` is stdin. */
  files: readonly string[]
  /** Roll out only the tasks of this shard (every attempt of a task is in its task's shard). */
  shard?: Shard
  invalid: InvalidRecords
  maxLineBytes: number
  /** Episodes per task, each its own attempt with its own seed. */
  samples: number
}

/** Where trajectories and screenshots go. */
export interface RolloutOutput {
  /** The trajectory file (stdout when absent). */
  file?: string
  /** Append to this file (instead of writing `file`), rolling out only the attempts it does not hold. */
  resume?: string
  /** The content-addressed screenshot store. */
  shots: string
}

/**
 * The default limit on sessions working local browsers at once, per CPU core (--max-active): measured on 2 cores, a
 * bare Playwright loop of clicks and screenshots saturates them at 16 sessions (bench/rollout --only efficiency), and
 * a settled rollout at 32 sessions without a limit made 0.75 of its steps/s at 16, each session's settle wait and
 * observation stretched by the others' (CPU per step +30%). Sessions waiting on the policy hold no turn, so a run
 * can keep many more sessions than this feeding a GPU.
 */
export const ACTIVE_SESSIONS_PER_CORE = 8

/**
 * Turns at the browser, at most `limit` held at once: each resolves with the function that gives it back (at most
 * once). The waits and the most held at once go to the metrics.
 */
export function browserTurns(limit: number, metrics: RolloutMetrics): () => Promise<() => void> {
  const turns = pLimit(limit)
  return () => {
    const asked = performance.now()
    return new Promise((granted) => {
      void turns(
        () =>
          new Promise<void>((giveBack) => {
            metrics.turnTaken(performance.now() - asked)
            let held = true
            granted(() => {
              if (!held) return
              held = false
              metrics.turnEnded()
              giveBack()
            })
          }),
      )
    })
  }
}

/** How episodes are run: each as a session frees up, or in lock-step batches. */
export interface ScheduleSettings {
  mode: RolloutMode
  concurrency: number
  /** Policy requests in flight at once. */
  maxInflight: number
  /**
   * Sessions working their browser at once (a start page, an action, an observation); the others wait their turn.
   * Infinity: no limit (remote browsers, whose cores are elsewhere). See ACTIVE_SESSIONS_PER_CORE.
   */
  maxActive: number
  /** Tries after the first when the browser under an episode is lost. */
  retries: number
  seed: number
}

/** The browsers episodes run in: local Chromium processes, or remote browser servers. */
export interface BrowserSettings {
  local: number
  endpoints: readonly string[]
}

/** The fixture web that fixture tasks need: a running one at `url`, or one the rollout starts itself. */
export interface FixtureWebSettings {
  url?: string
  /** Control token of the running one, for the end-of-episode check. */
  token?: string
  /** Faults and hazards of the one the rollout starts itself (not of a running one). */
  faults?: FaultConfig
  /** Saved pages the fixture web the rollout starts serves as websites (`sites serve --pages`): a folder. */
  pages?: string
}

/** What the agent's browser may visit: the navigation guard's exceptions, and the blocklist. */
export interface GuardSettings {
  allowHosts: readonly string[]
  blocklist?: string
  /** Blocked pages or failed loads of a website before it is blocklisted. */
  blockAfter: number
}

export interface RolloutOptions {
  tasks: RolloutInput
  output: RolloutOutput
  policy: Policy
  schedule: ScheduleSettings
  browsers: BrowserSettings
  /** Every episode's settings, handed to each as they are. */
  episode: EpisodeSettings
  fixtureWeb: FixtureWebSettings
  guard: GuardSettings
  reporter: Reporter
  /** Gets the end-of-run summary (also when the run was stopped or failed), e.g. to write it as JSON. */
  onSummary?: (summary: RolloutSummary) => Promise<void>
  progressIntervalSeconds?: number
  /** How text written into trajectories and warnings names options (the command layer: as flags); default: keys. */
  names?: OptionNames
}

/** How the caller stops a run early (the command: on SIGINT/SIGTERM). */
export interface RolloutStop {
  /** Soft stop: start no new episodes; those in flight finish, the rest are written as aborted (not started). */
  drain?: AbortSignal
  /** Hard stop: the episodes in flight end now, written as aborted. */
  signal?: AbortSignal
}

export interface RolloutResult {
  metrics: RolloutMetrics
  /** Episodes this run was to roll out: its tasks' attempts, less those already in the resume file. */
  episodes: number
  /** The caller stopped the run (`drain` or `signal`): what it did not finish is written as aborted. */
  stopped: boolean
}

/**
 * `webgym rollout`: reads the tasks, starts the fixture web when they need it and no running one is given, starts the
 * browser pool, runs the scheduler and writes each trajectory as its episode ends. However it ends, the browsers and
 * the fixture web are closed, and no line is left half-written. A run the caller stopped returns (`stopped`) rather
 * than fail; one that failed on its own throws. It installs no signal handler and never exits the process.
 */
export async function runRollout(options: RolloutOptions, stop: RolloutStop = {}): Promise<RolloutResult> {
  const tasks: Task[] = []
  const shards = new ShardFilter(options.tasks.shard)
  const records = readRecords(options.tasks.files, {
    schema: TaskSchema,
    invalid: options.tasks.invalid,
    maxLineBytes: options.tasks.maxLineBytes,
  })
  for await (const {record} of shards.filter(records, (item) => item.record.id)) tasks.push(record)
  const {resume} = options.output
  const done = resume
    ? await attemptsAlreadyRolledOut(resume, (text) => options.reporter.warn(text), options.tasks.maxLineBytes)
    : new Set<string>()
  const unique = uniqueTasks(tasks, options.reporter)
  const {samples} = options.tasks
  const todo: EpisodeWork[] = unique.flatMap((task) =>
    Array.from({length: samples}, (_, i) => ({task, attempt: i + 1})).filter(
      (work) => !done.has(trajectoryId(work.task.id, work.attempt)),
    ),
  )

  // A remote browsers file that cannot be read or a name that does not resolve: a usage error before anything starts.
  const {endpoints} = options.browsers
  const fleet = endpoints.length > 0 ? await fleetSources(endpoints) : undefined
  const names = options.names ?? optionKeys
  const guard = new NavigationGuard({allowHosts: options.guard.allowHosts, names})
  const blocklist = await Blocklist.open({path: options.guard.blocklist, threshold: options.guard.blockAfter})
  const metrics = new RolloutMetrics()
  const limit = pLimit(options.schedule.maxInflight)
  let sites: SitesServer | undefined
  let pool: BrowserPool | undefined
  let egress: EgressProxy | undefined
  let writer: RecordWriter | undefined
  let progress: RolloutProgress | undefined
  const drain = stop.drain ?? new AbortController().signal
  const abort = followAbort(stop.signal)
  try {
    const fixture = await fixtureWeb(
      todo.map((work) => work.task),
      options,
      (server) => (sites = server),
    )
    if (fixture) guard.allow(`*.${FIXTURE_DOMAIN}`)
    writer = await openResumableOutput({output: options.output.file, resume})
    // Local browsers reach the web only through the egress proxy, which also maps the fixture web's names; a remote
    // browser server runs its own (browsers serve).
    const remote = endpoints.length > 0
    if (todo.length > 0 && !remote) egress = await EgressProxy.start({guard, hostRules: fixture?.rules})
    if (todo.length > 0) {
      pool = await BrowserPool.start({
        local: options.browsers.local,
        fleet,
        launchArgs: egress?.chromiumArgs(),
        viewport: options.episode.viewport,
        reporter: options.reporter,
        prepare: (browser) => guardBrowserRequests(browser, guard),
        afterFleetFix: optionText`rerun with ${opt('resume')}`,
      })
    }
    // Starts at once: one per browser (at least two). Opening a context and loading a start page is the most CPU a
    // session asks of its browser; a whole first wave of them at once starved the cores long enough to time start
    // pages out (8-13 of 16 at --concurrency 16 on 4 browsers, 2 cores; none once spread this way).
    const limitStarts = pLimit(Math.max(2, pool?.size ?? 0))
    const browserTurn = browserTurns(options.schedule.maxActive, metrics)
    progress = new RolloutProgress(metrics, todo.length, options.reporter, {
      intervalSeconds: options.progressIntervalSeconds,
    })
    const out = writer
    const {policy, schedule} = options
    const {failure, hint, notStarted} = await runScheduler(todo, {
      mode: schedule.mode,
      concurrency: schedule.concurrency,
      pool: pool!,
      policy,
      seed: schedule.seed,
      retries: schedule.retries,
      drain,
      signal: abort.signal,
      maxPolicyFailures: Math.max(3, schedule.concurrency),
      write: async (trajectory) => {
        await out.writeLine(fittedLine(trajectory, options.tasks.maxLineBytes, options.reporter, names))
        await out.flush()
      },
      episodes: {
        settings: options.episode,
        run: runBlock(policy, options.episode, schedule.seed),
        services: {
          shots: new ArtefactStore(options.output.shots),
          guard,
          egress,
          blocklist,
          validate: fixtureEpisodeCheck(fixture ? {url: fixture.url, token: fixture.token} : null, names),
          metrics,
          policyTimeoutMs: policy.remote ? null : options.episode.limits.stepTimeoutMs,
          limitRequests: policy.remote
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
          browserTurn,
        },
      },
    })
    progress.stop()
    report(options, metrics, todo.length, unique.length * samples - todo.length, pool?.restarts ?? 0, blocklist, shards)
    await options.onSummary?.(rolloutSummary(options, metrics, todo.length, pool?.restarts ?? 0, shards))
    const stopped = drain.aborted || abort.signal.aborted
    if (failure && !stopped) {
      const message =
        notStarted > 0
          ? optionText`rollout failed: ${failure} (${String(notStarted)} episodes not started, written as aborted for ${opt('resume')} to run)`
          : optionText`rollout failed: ${failure}`
      throw new ExternalError(message, hint)
    }
    return {metrics, episodes: todo.length, stopped}
  } finally {
    progress?.stop()
    abort.dispose()
    await writer?.close()
    await pool?.close()
    await egress?.close()
    await options.policy.close?.()
    await sites?.stop()
  }
}

/**
 * A trajectory as the line written, within the line limit its readers (judge, stats, filter, a resumed rollout) apply:
 * the same as the limit of this run's own input lines. One that cannot be fitted (its task alone is near the limit)
 * is written whole, with a warning that says how to read it.
 */
function fittedLine(trajectory: Trajectory, maxLineBytes: number, reporter: Reporter, names: OptionNames): string {
  const fitted = fitRecord(trajectory, maxLineBytes)
  if (!fitted.fits)
    reporter.warn(
      renderText(overLimitText(`trajectory ${trajectory.id ?? trajectory.task.id}`, fitted.bytes, maxLineBytes), names),
    )
  return fitted.line
}

/**
 * The run's own hard stop, which follows the caller's. Every episode and model request in flight listens for it (each
 * removes its listener when done): as many as the concurrency and max in-flight allow, more than Node's default
 * warning threshold of 10, so the limit is lifted on this signal rather than on the caller's.
 */
function followAbort(signal: AbortSignal | undefined): {signal: AbortSignal; dispose: () => void} {
  const controller = new AbortController()
  setMaxListeners(0, controller.signal)
  const abort = () => controller.abort()
  if (signal?.aborted) abort()
  else signal?.addEventListener('abort', abort, {once: true})
  return {signal: controller.signal, dispose: () => signal?.removeEventListener('abort', abort)}
}

/** The fixture web episodes run against: where it is, its control token, and the rule that maps its names there. */
export interface FixtureSetup {
  url: string
  token: string | null
  rules: string
}

/** The fixture web the tasks need: the one at `fixtureWeb.url` (checked by the caller), or one started here with the tasks' seed. */
export async function fixtureWeb(
  tasks: readonly Task[],
  options: Pick<RolloutOptions, 'fixtureWeb' | 'reporter'>,
  started: (server: SitesServer) => void,
): Promise<FixtureSetup | null> {
  const given = options.fixtureWeb
  if (given.url) {
    const url = new URL(given.url)
    return {url: url.origin, token: given.token ?? null, rules: `MAP *.${FIXTURE_DOMAIN} ${url.host}`}
  }
  const fixtureTasks = tasks.filter((task) => isFixtureUrl(task.start_url))
  if (fixtureTasks.length === 0) return null
  const pageTask = fixtureTasks.find((task) => isPagesUrl(task.start_url))
  if (pageTask && given.pages === undefined)
    throw new UsageError(
      `task ${pageTask.id} is on a saved page (${new URL(pageTask.start_url!).hostname}), and no saved pages are given`,
      optionText`pass ${opt('pages')} with the folder the tasks were made from (\`webgym sites tasks ${opt('pages')} DIR\`)`,
    )
  // Saved pages are the same whatever the seed; the seed is the families' sites'.
  const seeds = new Set(
    fixtureTasks
      .filter((task) => !isPagesUrl(task.start_url))
      .map((task) => (task.meta as {fixture_seed?: unknown} | undefined)?.fixture_seed ?? 0),
  )
  if (seeds.size > 1)
    throw new UsageError(
      `the fixture-web tasks come from ${seeds.size} different seeds (${[...seeds].join(', ')})`,
      optionText`roll out one seed at a time, or start \`webgym sites serve ${opt('seed')} N\` and pass ${opt('sites')}`,
    )
  const seed = [...seeds][0] ?? 0
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed))
    throw new UsageError(`meta.fixture_seed of the fixture-web tasks is not an integer: ${JSON.stringify(seed)}`)
  const server = await startSites({
    port: 0,
    seed,
    faults: given.faults ?? DEFAULT_FAULT_SPEC,
    pages: given.pages,
  })
  started(server)
  options.reporter.info(
    `fixture web started at ${server.url} (seed ${seed}${server.pages ? `, ${server.pages.pages.length} saved pages` : ''})`,
  )
  return {url: server.url, token: server.token, rules: server.hostResolverRules}
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
  const {resume} = options.output
  const resumed = resume ? `, ${skipped} already in ${resume}` : ''
  options.reporter.info(
    `rollout: ${metrics.done}/${total} episodes (${statuses || 'none'})${resumed}; ${metrics.steps} steps, ${metrics.stepsPerSecond().toFixed(1)} steps/s; ${settleLine(metrics)}; ${restarts} browser restarts, ${metrics.retries} episode retries; ${options.tasks.invalid.skipped} invalid records skipped${shards.note('tasks')}`,
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
    concurrency: options.schedule.concurrency,
    mode: options.schedule.mode,
    policy: options.policy.name,
    invalid_skipped: options.tasks.invalid.skipped,
    samples: options.tasks.samples,
    shard,
    policy_servers: options.policy.servers?.() ?? null,
    max_active: Number.isFinite(options.schedule.maxActive) ? options.schedule.maxActive : null,
  })
}
