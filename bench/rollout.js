#!/usr/bin/env node
// bench/rollout: how close `webgym rollout` comes to the browsers' limit, and what async buys over sync, at one
// concurrency C (--concurrency, default 8) on the same N tasks of the fixture web (--episodes, default 32; --quick 16):
//  (a) the limit: a bare playwright-core loop, no rollout machinery. As many Chromium processes as the rollout uses
//      (min(4, C)), the fixture web in this process, C workers taking tasks from one list: a fresh context per
//      episode, the start page, then HORIZON steps of (mouse click at a random point + JPEG screenshot, quality 80).
//  (b) `webgym rollout --policy random --random-actions left_click --mode async --horizon HORIZON`: random clicks,
//      the bare loop's one action, so that the ratio measures the rollout's machinery and not a costlier mix of
//      actions. Its rate counts from the first episode's start to the last one's end, the window the bare loop is
//      timed over (neither counts launching browsers); the rate from spawn to exit is reported on stderr.
//      Efficiency = (b) / (a) in steps/s. Target >= 0.90. (a) and (b) alternate --repeats times (default 3) and the
//      best of each counts, because this machine's speed drifts by 20% and more over minutes. For reference it also
//      runs the random policy over all its action kinds once (typing and going back cost more than a click).
//  (c) paper-like: `webgym sites serve --faults latency=150/1200` and a policy stand-in that answers like a batching
//      GPU server (bench/policy-standin.js), rolled out with --mode async and with --mode sync (--horizon 10,20,30).
//      Speedup = async / sync in steps/s. Target >= 5x; the paper reports 4-5x. Beside it, the lock-step bound: how
//      much longer the async run's own steps would take in sync batches with no other cost (lockStepBound), the most
//      any async rollout could gain at this C; the barriers cost more as C grows (each waits for the slowest of C),
//      so it also projects the bound of a long run's steady state at C = 8 to 128 from the async run's own episodes
//      (projectedBound): the concurrency this workload needs before any scheduler can show the target.
// Prints one summary line on stdout (details on stderr) and exits 0 whether the targets are met or not; 1 when a
// measurement could not be made. Browsers, child processes and the temporary directory are cleaned up in any case.
import {spawn} from 'node:child_process'
import {createHash} from 'node:crypto'
import {existsSync, openSync, closeSync} from 'node:fs'
import {mkdtemp, readFile, rm, stat, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {parseArgs} from 'node:util'
import {startPolicyStandin} from './policy-standin.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const HORIZON = 15
const VIEWPORT = {width: 1280, height: 768}
const JPEG_QUALITY = 80
const TARGET_EFFICIENCY = 0.9
const TARGET_SPEEDUP = 5
// Concurrencies at which the paper-like workload's steady-state lock-step bound is projected (projectedBound).
const PROJECTED_CONCURRENCIES = [8, 16, 32, 64, 128]

// What makes (c) paper-like. The paper's rollouts: 1,800 trajectories, 23,760 steps (13.2 steps per episode) with
// step caps of 10/20/30 by task difficulty, Qwen3-VL-8B served by vLLM, live websites.
// - Websites: every request to the fixture web (documents and assets) waits a log-normal time, median 150 ms and
//   p95 1200 ms, like live pages with a long tail; no errors or blocks, so both modes do the same work.
// - Policy: a batching GPU server. 300 ms per reply plus 40 ms per request in flight (a short reply from an 8B model
//   on one GPU), so a full batch is slower per request but much faster per step than one request at a time, as with
//   vLLM's continuous batching. Sync sends its whole batch at once and gets that batching for free.
// - Episodes: heavy-tailed, as real tasks are. Each task's level caps it at 10/20/30 steps; a share of episodes
//   (25% easy, 30% medium, 40% hard) never answers and runs to the cap, as failed attempts do; the rest answer at a
//   step drawn uniformly from 4-9, 6-19 or 10-29. Over the fixture web's level mix that averages about 13 steps.
// Nothing here is tuned to reach the target.
const PAPER_FAULTS = 'latency=150/1200'
const PAPER_HORIZONS = [10, 20, 30]
const POLICY_BASE_MS = 300
const POLICY_PER_INFLIGHT_MS = 40
const EPISODE_SHAPE = {
  easy: {cap: 10, fail: 0.25, from: 4},
  medium: {cap: 20, fail: 0.3, from: 6},
  hard: {cap: 30, fail: 0.4, from: 10},
}

const {values: flags} = parseArgs({
  options: {
    concurrency: {type: 'string', default: '8'},
    episodes: {type: 'string'},
    quick: {type: 'boolean', default: false},
    repeats: {type: 'string', default: '3'},
    only: {type: 'string'},
  },
})
const C = positiveInteger('--concurrency', flags.concurrency)
const N = positiveInteger('--episodes', flags.episodes ?? (flags.quick ? '16' : '32'))
const BROWSERS = Math.min(4, C)
const REPEATS = positiveInteger('--repeats', flags.repeats)
if (flags.only !== undefined && !['efficiency', 'speedup'].includes(flags.only)) {
  console.error(`bench/rollout: --only must be efficiency or speedup, got ${JSON.stringify(flags.only)}`)
  process.exit(2)
}

function positiveInteger(flag, text) {
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1) {
    console.error(`bench/rollout: ${flag} must be a positive integer, got ${JSON.stringify(text)}`)
    process.exit(2)
  }
  return n
}

// Everything opened is registered here and closed in reverse order, on success, failure or a signal.
const open = []
function hold(name, close) {
  let closing = null
  const entry = () => (closing ??= Promise.resolve().then(close).catch((error) => console.error(`bench/rollout: closing ${name}: ${error.message}`)))
  open.push(entry)
  return async () => {
    const at = open.indexOf(entry)
    if (at !== -1) open.splice(at, 1)
    await entry()
  }
}
// One drain for every caller: a signal's handler and main's finally must not race each other to process.exit.
let draining = null
function closeAll() {
  draining ??= (async () => {
    while (open.length > 0) await open.pop()()
  })()
  return draining
}
let stoppedBy = null
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  process.once(signal, () => {
    stoppedBy = signal
    console.error(`bench/rollout: ${signal}: cleaning up`)
    void closeAll().finally(() => process.exit(code))
  })
}

const log = (line) => console.error(`bench/rollout: ${line}`)
const rate = (steps, seconds) => steps / Math.max(seconds, 1e-3)

/** Runs the built CLI; resolves with its wall time from spawn to exit, and the tail of its stderr. */
function runCli(args, {stdoutFile} = {}) {
  const out = stdoutFile ? openSync(stdoutFile, 'w') : 'pipe'
  const started = performance.now()
  const child = spawn(process.execPath, [join(root, 'bin', 'run.js'), ...args], {cwd: root, stdio: ['ignore', out, 'pipe'], env: {...process.env, NODE_ENV: 'production'}})
  if (typeof out === 'number') closeSync(out)
  const release = hold(`webgym ${args[0]}`, () => stopChild(child))
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20_000)))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      const wall = (performance.now() - started) / 1000
      const exitedAt = Date.now()
      void release()
      if (code === 0) resolve({wall, exitedAt, stdout, stderr})
      else reject(new Error(`webgym ${args[0]} exited ${code ?? signal}\nwebgym ${args.join(' ')}\n${stderr.trim().split('\n').slice(-15).join('\n')}`))
    })
  })
}

// A rollout takes SIGTERM as "finish the episodes in flight", a second one as "stop now": send both, then kill.
async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timers = [setTimeout(() => child.kill('SIGTERM'), 1000), setTimeout(() => child.kill('SIGKILL'), 20_000)]
  await exited
  timers.forEach(clearTimeout)
}

/**
 * N tasks spread over levels and families in proportion to the fixture web's: evenly spaced picks from the list
 * sorted by level and family, then put in a fixed pseudo-random order so that every stretch of it (every sync batch)
 * mixes levels and families.
 */
function sampleTasks(all, n) {
  const rank = {easy: 0, medium: 1, hard: 2}
  const key = (task) => `${rank[task.level] ?? 1}\0${task.meta?.family ?? ''}\0${task.id}`
  const sorted = [...all].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
  const count = Math.min(n, sorted.length)
  const picked = Array.from({length: count}, (_, i) => sorted[Math.floor(((i + 0.5) * sorted.length) / count)])
  const order = (task) => createHash('sha256').update(task.id).digest('hex')
  return picked.sort((a, b) => (order(a) < order(b) ? -1 : 1))
}

/** The step at which the paper-like policy answers for a task (past the cap: never); deterministic in the intent. */
function plannedLength(intent, level) {
  const shape = EPISODE_SHAPE[level] ?? EPISODE_SHAPE.medium
  const hash = createHash('sha256').update(`bench/rollout\0${intent}`).digest()
  const u = hash.readUInt32BE(0) / 2 ** 32
  if (u < shape.fail) return shape.cap + 1
  return shape.from + (hash.readUInt32BE(4) % (shape.cap - shape.from))
}

/** (a) The limit: the same browsers and pages, driven by a bare loop. */
async function measureBare(tasks) {
  const {launchChromium} = await import(pathToFileURL(join(root, 'dist', 'lib', 'browser', 'chromium.js')).href)
  const {startSites} = await import(pathToFileURL(join(root, 'dist', 'lib', 'sites', 'server.js')).href)
  const sites = await startSites({port: 0})
  const stopSites = hold('the fixture web', () => sites.stop())
  const browsers = []
  const closeBrowsers = hold('the bare loop browsers', () => Promise.all(browsers.map((browser) => browser.close().catch(() => {}))))
  try {
    for (const browser of await Promise.allSettled(Array.from({length: BROWSERS}, () => launchChromium({
          hostResolverRules: sites.hostResolverRules,
          // Playwright would exit on a signal before the rest is cleaned up: the bench handles signals itself.
          launch: {handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false},
        })))) {
      if (browser.status === 'fulfilled') browsers.push(browser.value)
      else throw browser.reason
    }
    const rng = new dist.SeededRandom(0x2545f491)
    const random = () => rng.nextFloat()
    let next = 0
    let steps = 0
    const failures = []
    const started = performance.now()
    await Promise.all(
      Array.from({length: Math.min(C, tasks.length)}, async (_, worker) => {
        const browser = browsers[worker % browsers.length]
        while (next < tasks.length) {
          const task = tasks[next++]
          const context = await browser.newContext({viewport: VIEWPORT, deviceScaleFactor: 1})
          try {
            const page = await context.newPage()
            await page.goto(task.start_url, {waitUntil: 'load', timeout: 30_000})
            for (let i = 0; i < HORIZON; i++) {
              await page.mouse.click(Math.floor(random() * VIEWPORT.width), Math.floor(random() * VIEWPORT.height))
              // A click that starts a navigation can make the capture fail while the document is swapped: once more.
              await page.screenshot({type: 'jpeg', quality: JPEG_QUALITY, timeout: 30_000}).catch(async () => {
                await page.waitForLoadState('load', {timeout: 5000}).catch(() => {})
                return page.screenshot({type: 'jpeg', quality: JPEG_QUALITY, timeout: 30_000})
              })
              steps++
            }
          } catch (error) {
            failures.push(`${task.id}: ${error.message.split('\n')[0]}`)
          } finally {
            await context.close().catch(() => {})
          }
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    if (failures.length > 0) log(`bare loop: ${failures.length} episodes failed, first: ${failures[0]}`)
    return {steps, seconds, stepsPerSecond: rate(steps, seconds)}
  } finally {
    await closeBrowsers()
    await stopSites()
  }
}

/** One `webgym rollout` run: steps/s over the whole command (spawn to exit) and the rate it reports itself. */
async function measureRollout(work, name, tasksFile, args) {
  const summaryFile = join(work, `${name}.summary.json`)
  const trajectoriesFile = join(work, `${name}.ndjson`)
  const {wall, exitedAt, stderr} = await runCli(['rollout', tasksFile, '--json', summaryFile, '--shots', join(work, `shots-${name}`), '--concurrency', String(C), ...args], {stdoutFile: trajectoriesFile})
  const summary = JSON.parse(await readFile(summaryFile, 'utf8'))
  const trajectories = (await readFile(trajectoriesFile, 'utf8')).trim().split('\n').filter(Boolean).map((line) => JSON.parse(line))
  const exitLag = (exitedAt - (await stat(summaryFile)).mtimeMs) / 1000
  const statuses = Object.entries(summary.by_status).filter(([, n]) => n > 0).map(([status, n]) => `${n} ${status}`).join(', ')
  const timings = Object.entries(summary.timings_ms).map(([kind, t]) => `${kind} ${t ? `${t.p50}/${t.p95}` : '-'}`).join(', ')
  log(`${name}: ${summary.steps} steps in ${wall.toFixed(1)} s from spawn to exit = ${rate(summary.steps, wall).toFixed(2)} steps/s; in-run ${summary.steps_per_second.toFixed(2)} steps/s over ${summary.seconds.toFixed(1)} s; start ${(wall - summary.seconds - exitLag).toFixed(1)} s, exit ${exitLag.toFixed(1)} s after the summary`)
  log(`${name}: ${trajectories.length} trajectories (${statuses}), ${(summary.steps / Math.max(1, summary.episodes)).toFixed(1)} steps/episode, p50/p95 ms: ${timings}, ${summary.browser_restarts} browser restarts, ${summary.episode_retries} retries`)
  const checkErrors = trajectories.filter((t) => t.check?.error).map((t) => t.check.error)
  if (checkErrors.length > 0) log(`${name}: ${checkErrors.length} fixture-web checks failed, first: ${checkErrors[0]}`)
  const early = rateUntilLastStart(trajectories)
  log(`${name}: ${sessionUse(trajectories)}, ${early.toFixed(2)} steps/s until then; mean act ms by action: ${actByAction(trajectories)}`)
  const last = stderr.trim().split('\n').filter((line) => line.startsWith('rollout:')).at(-1)
  if (last) log(`${name}: ${last}`)
  if (trajectories.length !== summary.total) throw new Error(`${name}: ${trajectories.length} trajectories written for ${summary.total} tasks`)
  const window = episodeWindow(trajectories)
  log(`${name}: ${rate(summary.steps, window).toFixed(2)} steps/s from the first episode's start to the last one's end (${window.toFixed(1)} s), the bare loop's window`)
  return {steps: summary.steps, wall, stepsPerSecond: rate(summary.steps, wall), inRun: summary.steps_per_second, early, windowRate: rate(summary.steps, window), trajectories}
}

/**
 * What lock step alone would cost this workload at this concurrency: the async run's own episodes, cut into the sync
 * scheduler's batches (C tasks in input order), each step taking as long as the slowest of its batch and each batch
 * as long as its longest episode (its start page and end included). Divided by the async run's window, it bounds the
 * speedup any async rollout can show over a sync one on these steps.
 */
function lockStepBound(trajectories, taskOrder) {
  const byId = new Map(trajectories.map((t) => [t.task.id, t]))
  const ordered = taskOrder.map((id) => byId.get(id)).filter(Boolean)
  let lockStepTotal = 0
  for (let first = 0; first < ordered.length; first += C) lockStepTotal += lockStepMs(ordered.slice(first, first + C).map(episodeTimes))
  return lockStepTotal / 1000 / episodeWindow(trajectories)
}

/** What a batch of episodes takes in lock step, in ms: its longest start and end, and each round's slowest step. */
function lockStepMs(batch) {
  let ms = Math.max(...batch.map((episode) => episode.outside))
  for (let step = 0; step < Math.max(...batch.map((episode) => episode.steps.length)); step++) ms += Math.max(...batch.map((episode) => episode.steps[step] ?? 0))
  return ms
}

/** One episode's times in ms: each step's (observe + policy + act), and the rest (start page, end-of-episode check). */
function episodeTimes(trajectory) {
  const steps = trajectory.steps.map((step) => step.observe_ms + step.policy_ms + step.act_ms)
  const total = Date.parse(trajectory.run.ended_at) - Date.parse(trajectory.run.started_at)
  return {steps, outside: Math.max(0, total - steps.reduce((a, b) => a + b, 0))}
}

/**
 * The lock-step bound in a long run's steady state at concurrency K, projected from this run's episodes: batches of
 * K episodes drawn (with replacement, fixed seed) from the async run's own, each costing what lock step costs (the
 * slowest step of every round, the longest start and end), against the same episodes packed without gaps over K
 * sessions (their total time / K: no end-of-run drain, as in the paper's 1,800 episodes). What it leaves out grows
 * with K and works both ways: a fuller policy batch in sync (slower per request, yet faster per step) and more CPU
 * contention in both modes. It says what concurrency a workload like this needs before any scheduler can show 5x.
 */
function projectedBound(trajectories, K, draws = 400) {
  const episodes = trajectories.map(episodeTimes)
  const rng = new dist.SeededRandom(K)
  let lockStep = 0
  let packed = 0
  for (let draw = 0; draw < draws; draw++) {
    const batch = Array.from({length: K}, () => episodes[rng.below(episodes.length)])
    lockStep += lockStepMs(batch)
    packed += batch.reduce((sum, episode) => sum + episode.outside + episode.steps.reduce((a, b) => a + b, 0), 0) / K
  }
  return lockStep / packed
}

/** Seconds from the first episode's start to the last one's end. */
function episodeWindow(trajectories) {
  const starts = trajectories.map((t) => Date.parse(t.run.started_at))
  const ends = trajectories.map((t) => Date.parse(t.run.ended_at))
  return (Math.max(...ends) - Math.min(...starts)) / 1000
}

/** How busy the C sessions were between the first episode's start and the last one's end (idle: barriers, drain). */
function sessionUse(trajectories) {
  const spans = trajectories.map((t) => [Date.parse(t.run.started_at), Date.parse(t.run.ended_at)])
  const first = Math.min(...spans.map(([start]) => start))
  const end = Math.max(...spans.map(([, stop]) => stop))
  const lastStart = Math.max(...spans.map(([start]) => start))
  const busy = spans.reduce((sum, [start, stop]) => sum + (stop - start), 0)
  return `sessions busy ${((100 * busy) / (C * Math.max(1, end - first))).toFixed(0)}% of ${((end - first) / 1000).toFixed(1)} s, last episode started ${((end - lastStart) / 1000).toFixed(1)} s before the end`
}

/**
 * Steps/s from the first episode's start to the last one's, each episode's steps spread evenly over its time: the
 * rate before the end-of-run drain, which a long run (the paper's 1,800 episodes) is nearly all made of.
 */
function rateUntilLastStart(trajectories) {
  const spans = trajectories.map((t) => [Date.parse(t.run.started_at), Date.parse(t.run.ended_at), t.steps.length])
  const first = Math.min(...spans.map(([start]) => start))
  const lastStart = Math.max(...spans.map(([start]) => start))
  let steps = 0
  for (const [start, stop, n] of spans) {
    const overlap = Math.max(0, Math.min(stop, lastStart) - Math.max(start, first))
    if (stop > start) steps += (n * overlap) / (stop - start)
  }
  return rate(steps, (lastStart - first) / 1000)
}

function actByAction(trajectories) {
  const byName = new Map()
  for (const step of trajectories.flatMap((t) => t.steps)) {
    const name = step.action?.name ?? 'none'
    const entry = byName.get(name) ?? {n: 0, ms: 0}
    entry.n++
    entry.ms += step.act_ms
    byName.set(name, entry)
  }
  return [...byName].map(([name, {n, ms}]) => `${name} ${(ms / n).toFixed(0)} (${n})`).join(', ')
}

/** Starts `webgym sites serve` with the given faults; resolves with its JSON line (url, token, ...). */
async function serveSites(faults) {
  const child = spawn(process.execPath, [join(root, 'bin', 'run.js'), 'sites', 'serve', '--port', '0', '--faults', faults, '-q'], {cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: {...process.env, NODE_ENV: 'production'}})
  const stop = hold('webgym sites serve', () => stopChild(child))
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-5000)))
  const info = await new Promise((resolve, reject) => {
    let text = ''
    child.stdout.on('data', (chunk) => {
      text += chunk
      if (text.includes('\n')) resolve(JSON.parse(text.slice(0, text.indexOf('\n'))))
    })
    child.on('error', reject)
    child.on('exit', (code) => reject(new Error(`webgym sites serve exited ${code}: ${stderr.trim()}`)))
  })
  return {info, stop}
}

/** (c) The paper-like workload, async then sync. */
async function measurePaperLike(work, tasks, tasksFile) {
  const levels = new Map(tasks.map((task) => [task.intent, task.level ?? 'medium']))
  const lengths = tasks.map((task) => Math.min(plannedLength(task.intent, task.level), EPISODE_SHAPE[task.level ?? 'medium'].cap))
  log(`paper-like: planned ${(lengths.reduce((a, b) => a + b, 0) / lengths.length).toFixed(1)} steps/episode over ${tasks.length} tasks (lengths ${[...lengths].sort((a, b) => a - b).join(' ')})`)
  const {info, stop: stopSites} = await serveSites(PAPER_FAULTS)
  const standin = await startPolicyStandin({
    baseMs: POLICY_BASE_MS,
    perInflightMs: POLICY_PER_INFLIGHT_MS,
    episodeLength: (intent) => plannedLength(intent, levels.get(intent)),
  })
  const closeStandin = hold('the policy stand-in', () => standin.close())
  try {
    const common = ['--policy', 'openai', '--base-url', standin.url, '--model', 'standin', '--sites', info.url, '--sites-token', info.token, '--horizon', PAPER_HORIZONS.join(',')]
    const result = {}
    for (const mode of ['async', 'sync']) {
      const before = {...standin.state}
      result[mode] = await measureRollout(work, `paper-${mode}`, tasksFile, [...common, '--mode', mode])
      const requests = standin.state.requests - before.requests
      const busy = (standin.state.busyMs - before.busyMs) / 1000
      log(`paper-${mode}: stand-in answered ${requests} requests (${standin.state.answers - before.answers} answers, ${standin.state.badRequests - before.badRequests} bad), GPU busy ${((100 * busy) / result[mode].wall).toFixed(0)}% of the wall time, peak ${standin.state.peakInflight} in flight`)
    }
    log(`paper-like: speedup until the last episode started (no end-of-run drain) ${(result.async.early / result.sync.early).toFixed(1)}x`)
    result.bound = lockStepBound(result.async.trajectories, tasks.map((task) => task.id))
    log(`paper-like: lock step on the async run's own step times would take ${result.bound.toFixed(1)}x its window: the most any async rollout can gain over sync on this workload at C=${C}`)
    result.projected = PROJECTED_CONCURRENCIES.map((K) => [K, projectedBound(result.async.trajectories, K)])
    log(`paper-like: lock-step bound in a long run's steady state, projected from the async run's episodes: ${result.projected.map(([K, bound]) => `C=${K} ${bound.toFixed(1)}x`).join(', ')}`)
    return result
  } finally {
    await closeStandin()
    await stopSites()
  }
}

// The built project's modules the bench uses itself (loaded once dist/ is known to be there).
const dist = {}

async function main() {
  if (!existsSync(join(root, 'dist', 'commands', 'rollout.js'))) throw new Error('dist/ has no rollout command: build first (npm run build)')
  ;({SeededRandom: dist.SeededRandom} = await import(pathToFileURL(join(root, 'dist', 'lib', 'random', 'seeded-random.js')).href))
  const work = await mkdtemp(join(tmpdir(), 'webgym-bench-rollout-'))
  hold('the temporary directory', () => rm(work, {recursive: true, force: true}))
  const {stdout} = await runCli(['sites', 'tasks', '-q'])
  const tasks = sampleTasks(stdout.trim().split('\n').map((line) => JSON.parse(line)), N)
  const tasksFile = join(work, 'tasks.ndjson')
  await writeFile(tasksFile, tasks.map((task) => `${JSON.stringify(task)}\n`).join(''))
  const levels = tasks.reduce((count, task) => ({...count, [task.level]: (count[task.level] ?? 0) + 1}), {})
  log(`C=${C}, ${BROWSERS} browsers, ${tasks.length} tasks (${Object.entries(levels).map(([level, n]) => `${n} ${level}`).join(', ')}), horizon ${HORIZON}`)

  let line = `bench/rollout: C=${C}, ${tasks.length} episodes`
  if (flags.only !== 'speedup') {
    // (a) and (b) alternate, REPEATS times each, and the best of each counts: the machine's speed drifts over minutes
    // (other tenants), and the fastest run of each is the one least slowed by it.
    const bares = []
    const randoms = []
    for (let round = 0; round < REPEATS; round++) {
      const bare = await measureBare(tasks)
      log(`bare: ${bare.steps} steps in ${bare.seconds.toFixed(1)} s = ${bare.stepsPerSecond.toFixed(2)} steps/s`)
      bares.push(bare.stepsPerSecond)
      randoms.push((await measureRollout(work, 'random-async', tasksFile, ['--policy', 'random', '--random-actions', 'left_click', '--mode', 'async', '--horizon', String(HORIZON)])).windowRate)
    }
    const randomMixed = await measureRollout(work, 'random-async-all-kinds', tasksFile, ['--policy', 'random', '--mode', 'async', '--horizon', String(HORIZON)])
    const bare = Math.max(...bares)
    const random = Math.max(...randoms)
    const efficiency = random / bare
    line +=
      ` | bare ${bare.toFixed(1)} steps/s, random-click async ${random.toFixed(1)} steps/s (best of ${REPEATS} each, alternating; ` +
      `efficiency ${efficiency.toFixed(2)}, target >= ${TARGET_EFFICIENCY.toFixed(2)} ${met(efficiency >= TARGET_EFFICIENCY)}; all action kinds ${randomMixed.stepsPerSecond.toFixed(1)} steps/s, ${(randomMixed.stepsPerSecond / bare).toFixed(2)} of bare)`
  }
  if (flags.only !== 'efficiency') {
    const paper = await measurePaperLike(work, tasks, tasksFile)
    const speedup = paper.async.stepsPerSecond / paper.sync.stepsPerSecond
    line +=
      ` | paper-like async ${paper.async.stepsPerSecond.toFixed(1)} vs sync ${paper.sync.stepsPerSecond.toFixed(1)} steps/s ` +
      `(speedup ${speedup.toFixed(1)}x, target >= ${TARGET_SPEEDUP}x ${met(speedup >= TARGET_SPEEDUP)}; lock-step bound of this workload at C=${C}: ${paper.bound.toFixed(1)}x; ` +
      `steady-state bound projected from its episodes: ${paper.projected.map(([K, bound]) => `${bound.toFixed(1)}x at C=${K}`).join(', ')})`
  }
  console.log(line)
}

const met = (ok) => (ok ? 'met' : 'NOT met')

try {
  await main()
} catch (error) {
  console.log(`bench/rollout: C=${C}, ${N} episodes | FAILED: ${stoppedBy ? `stopped by ${stoppedBy}` : error.message.split('\n')[0]}`)
  console.error(error.stack ?? error)
  process.exitCode = 1
} finally {
  await closeAll()
}
