#!/usr/bin/env node
// bench/scale: what the rollout orchestrator itself costs per step, and what the paper's workload needs. Prints one
// summary line on stdout (details and the sizing table on stderr); exits 0 whether the target is met or not, 1 when a
// measurement could not be made. Every child process and the temporary directory are cleaned up in any case.
//
// Each piece runs in its own process so that its CPU can be read from /proc alone (utime + stime + the reaped
// children's cutime + cstime, of the process and all its live descendants, in clock ticks of `getconf CLK_TCK`):
//  - the fixture web, `webgym sites serve --faults F` (default none: no latency, faults or hazards);
//  - --browser-servers (default 2) `webgym browsers serve`, each a Node process driving one Chromium (its zygote,
//    GPU, network and renderer processes are its descendants);
//  - the policy stand-in (bench/policy-standin.js) in a child of this script: a batching OpenAI-compatible server
//    whose requests take --standin-ms (default 20) + 0.5 ms per request in flight, so that the orchestrator is rarely
//    idle waiting for it; episodes answer at a step drawn from 7-19 (13 on average, the paper's 13.2 steps/episode);
//  - the orchestrator, `webgym rollout --policy openai --base-url STANDIN --browser-ws WS... --sites URL` at
//    --concurrency C (default 16, quick 12): the real policy client path (prompt with the last --window screenshots
//    as base64, HTTP, reply parsing), settling, screenshots into the store, trajectories to a file.
// Its CPU and the others' are read every 100 ms and interpolated to the episodes' window (first episode's start to
// last one's end, from the trajectories), the steps counted from its --summary. The full run (or --quick
// --random-policy) does the same for `--policy random --horizon 13` (no policy client) as a second line of details.
//
// Sizing, for the paper's rollout (1,800 trajectories x 13.2 steps = 23,760 steps) in --minutes (default 20):
//   steps/s needed        = 23,760 / (60 x minutes)
//   orchestrator cores    = steps/s x orchestrator CPU ms/step / 1000
//   browser cores         = steps/s x browser servers' CPU ms/step / 1000 (Chromium's own work on the fixture web's
//                           light pages: the live web's heavier pages cost more)
//   policy replicas       = steps/s x requests/step x --policy-latency-ms / 1000 / --replica-concurrency
// The policy latency (default 1,500 ms a request, Qwen3-VL-8B on one GPU with a screenshot window and a reply of a
// few dozen tokens) and the requests one replica serves at once (default 64) are assumptions, not measurements.
// Target: one orchestrator core drives >= 50 steps/s, i.e. <= 20 ms of orchestrator CPU per step.
//
// --profile DIR runs the rollout once more under `node --cpu-prof` and prints where its CPU time goes (self
// time by function and by module) on stderr; the profile's own overhead makes that run's CPU/step a little higher.
import {execFileSync, fork, spawn} from 'node:child_process'
import {closeSync, existsSync, openSync, readFileSync} from 'node:fs'
import {mkdir, mkdtemp, readFile, readdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {createHash} from 'node:crypto'
import {cpuAt, readProcTree, reportProfile, TICK_MS, treeTicks} from './cpu.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const self = fileURLToPath(import.meta.url)

const PAPER = {trajectories: 1800, stepsPerTrajectory: 13.2}
const TARGET_STEPS_PER_CORE = 50
const SAMPLE_MS = 100
const ANSWER_FROM = 7
const ANSWER_TO = 19
const HORIZON = 30

/** Child mode: starts the policy stand-in, sends its URL, answers `state` messages, stops on `stop`. */
async function serveStandin({baseMs, perInflightMs}) {
  const {startPolicyStandin} = await import('./policy-standin.js')
  const standin = await startPolicyStandin({baseMs, perInflightMs, episodeLength: plannedLength})
  process.on('message', async (message) => {
    if (message === 'state') process.send({state: standin.state})
    if (message === 'stop') {
      await standin.close()
      process.exit(0)
    }
  })
  process.on('disconnect', () => process.exit(0))
  process.send({url: standin.url})
}

/** The step (1-based) at which the stand-in answers a task: uniform in ANSWER_FROM..ANSWER_TO, from its intent. */
function plannedLength(intent) {
  const hash = createHash('sha256').update(`bench/scale\0${intent}`).digest()
  return ANSWER_FROM + (hash.readUInt32BE(0) % (ANSWER_TO - ANSWER_FROM + 1))
}

async function runBench() {
  const {values: flags} = parseFlags({
    options: {
      quick: {type: 'boolean', default: false},
      concurrency: {type: 'string'},
      episodes: {type: 'string'},
      'browser-servers': {type: 'string', default: '2'},
      'standin-ms': {type: 'string', default: '20'},
      faults: {type: 'string', default: 'none'},
      'random-policy': {type: 'boolean', default: false},
      'replica-concurrency': {type: 'string', default: '64'},
      'policy-latency-ms': {type: 'string', default: '1500'},
      minutes: {type: 'string', default: '20'},
      profile: {type: 'string'},
      keep: {type: 'string'},
    },
  })
  const C = positiveNumber('--concurrency', flags.concurrency ?? (flags.quick ? '12' : '16'), true)
  const EPISODES = positiveNumber('--episodes', flags.episodes ?? (flags.quick ? '36' : '64'), true)
  const SERVERS = positiveNumber('--browser-servers', flags['browser-servers'], true)
  const STANDIN_MS = positiveNumber('--standin-ms', flags['standin-ms'])
  const REPLICA_CONCURRENCY = positiveNumber('--replica-concurrency', flags['replica-concurrency'], true)
  const POLICY_LATENCY_MS = positiveNumber('--policy-latency-ms', flags['policy-latency-ms'])
  const MINUTES = positiveNumber('--minutes', flags.minutes)

  // Everything opened is registered here and closed in reverse order, on success, failure or a signal.
  const open = []
  const hold = (name, close) => {
    let closing = null
    const entry = () =>
      (closing ??= Promise.resolve()
        .then(close)
        .catch((error) => log(`closing ${name}: ${error.message}`)))
    open.push(entry)
    return async () => {
      const at = open.indexOf(entry)
      if (at !== -1) open.splice(at, 1)
      await entry()
    }
  }
  let draining = null
  const closeAll = () =>
    (draining ??= (async () => {
      while (open.length > 0) await open.pop()()
    })())
  let stoppedBy = null
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ]) {
    process.once(signal, () => {
      stoppedBy = signal
      log(`${signal}: cleaning up`)
      void closeAll().finally(() => process.exit(code))
    })
  }

  /** Starts the built CLI as a long-running server; resolves with its first stdout line (JSON) and the child. */
  async function serveCli(name, args) {
    const child = spawn(process.execPath, [join(root, 'bin', 'run.js'), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {...process.env, NODE_ENV: 'production'},
    })
    hold(name, () => stopChild(child))
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-5000)))
    const info = await new Promise((resolve, reject) => {
      let text = ''
      child.stdout.on('data', (chunk) => {
        text += chunk
        if (text.includes('\n')) resolve(JSON.parse(text.slice(0, text.indexOf('\n'))))
      })
      child.on('error', reject)
      child.on('exit', (code, signal) =>
        reject(
          new Error(`${name} exited ${code ?? signal} before it was up: ${stderr.trim().split('\n').at(-1) ?? ''}`),
        ),
      )
    })
    return {info, pid: child.pid}
  }

  /** The policy stand-in in a child of this script; `state()` asks it for its counters. */
  async function forkStandin() {
    const child = fork(self, ['--serve-standin', JSON.stringify({baseMs: STANDIN_MS, perInflightMs: 0.5})], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    hold('the policy stand-in', () => stopChild(child, 'stop'))
    const url = await new Promise((resolve, reject) => {
      child.once('message', (message) => resolve(message.url))
      child.on('error', reject)
      child.once('exit', (code) => reject(new Error(`the policy stand-in exited ${code} before it was up`)))
    })
    const state = () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message.state))
        child.send('state')
      })
    return {url, pid: child.pid, state}
  }

  /** Runs `webgym rollout` while sampling the CPU of it and of the servers; resolves with the samples and its exit. */
  async function runRollout(name, args, servers, nodeArgs = []) {
    const out = openSync(join(work, `${name}.ndjson`), 'w')
    const child = spawn(process.execPath, [...nodeArgs, join(root, 'bin', 'run.js'), 'rollout', ...args], {
      cwd: root,
      stdio: ['ignore', out, 'pipe'],
      env: {...process.env, NODE_ENV: 'production'},
    })
    closeSync(out)
    const release = hold(`webgym rollout (${name})`, () => stopChild(child))
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20_000)))
    const groups = {orchestrator: [child.pid], ...servers}
    const samples = []
    const sample = () => {
      const tree = readProcTree()
      const at = Date.now()
      const cpu = {}
      for (const [group, pids] of Object.entries(groups))
        cpu[group] = pids.reduce((sum, pid) => sum + treeTicks(tree, pid), 0)
      // The browser servers' Node processes alone (Playwright's server side), without their Chromium.
      cpu.browserNode = servers.browsers.reduce((sum, pid) => sum + (tree.get(pid)?.ticks ?? 0), 0)
      // The orchestrator's time in the kernel (stime): socket writes on loopback run the receiver's side too.
      cpu.orchestratorSys = tree.get(child.pid)?.sys ?? 0
      if (tree.has(child.pid)) samples.push({at, cpu})
    }
    sample()
    const timer = setInterval(sample, SAMPLE_MS)
    const started = Date.now()
    const code = await new Promise((resolve, reject) => {
      child.on('error', reject)
      // The last sample before the exit: a zombie's times are still in /proc until it is reaped.
      child.on('exit', (exitCode, signal) => resolve(exitCode ?? signal))
    })
    clearInterval(timer)
    await release()
    if (code !== 0)
      throw new Error(
        `webgym rollout (${name}) exited ${code}\nwebgym rollout ${args.join(' ')}\n${stderr.trim().split('\n').slice(-15).join('\n')}`,
      )
    return {samples, started, wall: (Date.now() - started) / 1000, stderr}
  }

  const log = (line) => console.error(`bench/scale: ${line}`)

  async function measure(name, policyArgs, {profileDir} = {}) {
    const summaryFile = join(work, `${name}.summary.json`)
    const beforeRequests = (await standin.state()).requests
    // Node refuses --cpu-prof in NODE_OPTIONS: it goes on the command line.
    const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
    const {samples, started, wall} = await runRollout(
      name,
      [
        tasksFile,
        '--summary',
        summaryFile,
        '--shots',
        join(work, `shots-${name}`),
        '--concurrency',
        String(C),
        ...browserWs.flatMap((ws) => ['--browser-ws', ws]),
        '--sites',
        sites.info.url,
        '--sites-token',
        sites.info.token,
        '-q',
        ...policyArgs,
      ],
      {browsers: browserServers.map((server) => server.pid), sites: [sites.pid], standin: [standin.pid]},
      nodeArgs,
    )
    const requests = (await standin.state()).requests - beforeRequests
    const summary = JSON.parse(await readFile(summaryFile, 'utf8'))
    const trajectories = (await readFile(join(work, `${name}.ndjson`), 'utf8'))
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
    if (trajectories.length !== summary.total)
      throw new Error(`${name}: ${trajectories.length} trajectories written for ${summary.total} tasks`)
    const from = Math.min(...trajectories.map((t) => Date.parse(t.run.started_at)))
    const to = Math.max(...trajectories.map((t) => Date.parse(t.run.ended_at)))
    const window = (to - from) / 1000
    const inWindow = (group) => cpuAt(samples, group, to) - cpuAt(samples, group, from)
    const steps = summary.steps
    const total = (group) => (samples.at(-1).cpu[group] - samples[0].cpu[group]) * TICK_MS
    const result = {
      name,
      steps,
      window,
      episodes: summary.episodes,
      requests,
      orchestrator: inWindow('orchestrator') / steps,
      orchestratorWhole: total('orchestrator') / steps,
      orchestratorSys: inWindow('orchestratorSys') / steps,
      orchestratorOutside: total('orchestrator') - inWindow('orchestrator'),
      browsers: inWindow('browsers') / steps,
      browserNode: inWindow('browserNode') / steps,
      sites: inWindow('sites') / steps,
      standin: requests > 0 ? inWindow('standin') / requests : null,
      stepsPerSecond: steps / window,
      // Mean time a step spends in the browser (observe, settle included, and act), for the sessions row.
      browserMsPerStep: mean(
        trajectories.flatMap((t) => t.steps.map((step) => (step.observe_ms ?? 0) + (step.act_ms ?? 0))),
      ),
      orchestratorBusy: inWindow('orchestrator') / 1000 / window,
    }
    const statuses = Object.entries(summary.by_status)
      .filter(([, n]) => n > 0)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ')
    const timings = Object.entries(summary.timings_ms)
      .map(([kind, t]) => `${kind} ${t ? `${t.p50}/${t.p95}` : '-'}`)
      .join(', ')
    log(
      `${name}: ${steps} steps, ${summary.episodes} episodes (${statuses}), ${(steps / Math.max(1, summary.episodes)).toFixed(1)} steps/episode, ${result.stepsPerSecond.toFixed(2)} steps/s over the episodes' ${window.toFixed(1)} s (${wall.toFixed(1)} s from spawn to exit); p50/p95 ms: ${timings}`,
    )
    log(
      `${name}: orchestrator ${result.orchestrator.toFixed(2)} ms CPU/step in the window (${result.orchestratorSys.toFixed(2)} of it in the kernel; ${(100 * result.orchestratorBusy).toFixed(0)}% of a core), ${result.orchestratorWhole.toFixed(2)} ms/step over its whole life (${(result.orchestratorOutside / 1000).toFixed(2)} s CPU outside the window: start-up, connecting, writing the summary)`,
    )
    log(
      `${name}: browser servers ${result.browsers.toFixed(1)} ms CPU/step (${((result.browsers * result.stepsPerSecond) / 10).toFixed(0)}% of a core; their Node processes ${result.browserNode.toFixed(1)} of it, Chromium the rest), fixture web ${result.sites.toFixed(2)} ms CPU/step` +
        (requests > 0
          ? `, policy stand-in ${result.standin.toFixed(2)} ms CPU/request over ${requests} requests (${(requests / steps).toFixed(3)} requests/step)`
          : ''),
    )
    if (summary.browser_restarts > 0 || summary.episode_retries > 0)
      log(`${name}: ${summary.browser_restarts} browser restarts, ${summary.episode_retries} episode retries`)
    return result
  }

  // Phase 0: nothing is open yet; everything after is closed by closeAll.
  if (!existsSync(join(root, 'dist', 'commands', 'rollout.js')))
    throw new Error('dist/ has no rollout command: build first (npm run build)')
  const work = flags.keep ?? (await mkdtemp(join(tmpdir(), 'webgym-bench-scale-')))
  if (flags.keep) await mkdir(work, {recursive: true})
  else hold('the temporary directory', () => rm(work, {recursive: true, force: true}))

  let sites, standin, browserServers, browserWs, tasksFile
  try {
    const taskLines = execFileSync(process.execPath, [join(root, 'bin', 'run.js'), 'sites', 'tasks', '-q'], {
      cwd: root,
      maxBuffer: 1 << 28,
      env: {...process.env, NODE_ENV: 'production'},
    })
      .toString('utf8')
      .trim()
      .split('\n')
    // Evenly spaced over the list (every family and level), in a fixed order.
    const picked = Array.from(
      {length: Math.min(EPISODES, taskLines.length)},
      (_, i) => taskLines[Math.floor(((i + 0.5) * taskLines.length) / Math.min(EPISODES, taskLines.length))],
    )
    tasksFile = join(work, 'tasks.ndjson')
    await writeFile(tasksFile, picked.map((line) => `${line}\n`).join(''))

    sites = await serveCli('webgym sites serve', ['sites', 'serve', '--port', '0', '--faults', flags.faults, '-q'])
    browserServers = []
    for (let i = 0; i < SERVERS; i++)
      browserServers.push(
        await serveCli(`webgym browsers serve #${i + 1}`, [
          'browsers',
          'serve',
          '--port',
          '0',
          '--host-resolver-rules',
          sites.info.host_resolver_rules,
          '-q',
        ]),
      )
    browserWs = browserServers.map((server) => server.info.ws_endpoint)
    standin = await forkStandin()
    log(
      `${picked.length} fixture tasks (answered at step ${ANSWER_FROM}-${ANSWER_TO}, horizon ${HORIZON}), concurrency ${C}, ${SERVERS} browser servers, fixture web --faults ${flags.faults}, stand-in ${STANDIN_MS} ms + 0.5 ms/request in flight; ${process.env.NODE_OPTIONS ? `NODE_OPTIONS=${process.env.NODE_OPTIONS}; ` : ''}${
        readFileSync('/proc/cpuinfo', 'utf8')
          .split('\n')
          .filter((line) => line.startsWith('processor')).length
      } cores, CLK_TCK ${1000 / TICK_MS}`,
    )

    const openai = [
      '--policy',
      'openai',
      '--base-url',
      standin.url,
      '--model',
      'standin',
      '--api-key',
      'bench',
      '--horizon',
      String(HORIZON),
    ]
    const main = await measure('openai', openai)
    // The random policy never answers: at horizon 13 its episodes are as long as the paper's (13.2 steps).
    const random =
      flags['random-policy'] || !flags.quick
        ? await measure('random', ['--policy', 'random', '--seed', '1', '--horizon', '13'])
        : null
    if (random)
      log(
        `the policy client (prompt, screenshots as base64, HTTP, parsing) costs ${(main.orchestrator - random.orchestrator).toFixed(2)} ms of orchestrator CPU per step (openai ${main.orchestrator.toFixed(2)} - random ${random.orchestrator.toFixed(2)})`,
      )
    if (flags.profile) {
      await mkdir(flags.profile, {recursive: true})
      const known = new Set(await readdir(flags.profile))
      const profiled = await measure('openai-profiled', openai, {profileDir: flags.profile})
      const files = (await readdir(flags.profile)).filter((file) => file.endsWith('.cpuprofile') && !known.has(file))
      for (const file of files)
        reportProfile(JSON.parse(await readFile(join(flags.profile, file), 'utf8')), file, profiled, log)
    }

    // The sizing table, for the paper's workload.
    const stepsTotal = PAPER.trajectories * PAPER.stepsPerTrajectory
    const needed = stepsTotal / (MINUTES * 60)
    const orchestratorCores = (needed * main.orchestrator) / 1000
    const browserCores = (needed * main.browsers) / 1000
    const requestsPerStep = main.requests / main.steps
    const policyInFlight = (needed * requestsPerStep * POLICY_LATENCY_MS) / 1000
    const replicas = policyInFlight / REPLICA_CONCURRENCY
    const perCore = 1000 / main.orchestrator
    const table = [
      [
        'workload',
        `${fmt(PAPER.trajectories)} trajectories x ${PAPER.stepsPerTrajectory} steps = ${fmt(stepsTotal)} steps in ${MINUTES} min`,
        `${needed.toFixed(1)} steps/s`,
      ],
      [
        'orchestrator',
        `${needed.toFixed(1)} steps/s x ${main.orchestrator.toFixed(2)} ms CPU/step (measured)`,
        `${orchestratorCores.toFixed(2)} cores -> ${Math.ceil(orchestratorCores)}`,
      ],
      [
        'browsers',
        `${needed.toFixed(1)} steps/s x ${main.browsers.toFixed(1)} ms CPU/step (measured, fixture pages)`,
        `${browserCores.toFixed(1)} cores -> ${Math.ceil(browserCores)}`,
      ],
      [
        'policy',
        `${needed.toFixed(1)} steps/s x ${requestsPerStep.toFixed(2)} requests/step x ${fmt(POLICY_LATENCY_MS)} ms (assumed) = ${policyInFlight.toFixed(1)} requests in flight / ${REPLICA_CONCURRENCY} per replica (assumed)`,
        `${replicas.toFixed(2)} replicas -> ${Math.ceil(replicas)}`,
      ],
      [
        'sessions',
        `${needed.toFixed(1)} steps/s x (${fmt(POLICY_LATENCY_MS)} ms policy (assumed) + ${main.browserMsPerStep.toFixed(0)} ms observe + act (measured here)) per step`,
        `${Math.ceil((needed * (POLICY_LATENCY_MS + main.browserMsPerStep)) / 1000)} episodes at once`,
      ],
      [
        'per-server',
        `fixture web ${main.sites.toFixed(2)} ms CPU/step; policy stand-in (HTTP + JSON of the request) ${main.standin?.toFixed(2) ?? '-'} ms CPU/request`,
        '',
      ],
    ]
    const widths = [0, 1, 2].map((i) => Math.max(...table.map((row) => row[i].length)))
    console.error('')
    for (const row of table) console.error(`  ${row.map((cell, i) => cell.padEnd(widths[i])).join('   ')}`.trimEnd())
    console.error('')
    const met = perCore >= TARGET_STEPS_PER_CORE ? 'met' : 'NOT met'
    console.log(
      `bench/scale: orchestrator ${main.orchestrator.toFixed(1)} ms CPU/step (${perCore.toFixed(0)} steps/s per core, target >= ${TARGET_STEPS_PER_CORE}: ${met})` +
        (random ? `, ${random.orchestrator.toFixed(1)} with --policy random` : '') +
        `; browsers ${main.browsers.toFixed(0)} ms CPU/step; fixture web ${main.sites.toFixed(1)} ms CPU/step; policy stand-in ${main.standin?.toFixed(1) ?? '-'} ms CPU/request; ` +
        `for ${fmt(stepsTotal)} steps in ${MINUTES} min (${needed.toFixed(1)} steps/s): ${Math.ceil(orchestratorCores)} orchestrator core${Math.ceil(orchestratorCores) === 1 ? '' : 's'}, ${Math.ceil(browserCores)} browser cores, ${Math.ceil(replicas)} policy replica${Math.ceil(replicas) === 1 ? '' : 's'} (assumed ${fmt(POLICY_LATENCY_MS)} ms/request, ${REPLICA_CONCURRENCY} at once) ` +
        `[C=${C}, ${main.steps} steps, ${main.stepsPerSecond.toFixed(1)} steps/s on ${SERVERS} browser servers]`,
    )
  } catch (error) {
    console.log(`bench/scale: FAILED: ${stoppedBy ? `stopped by ${stoppedBy}` : error.message.split('\n')[0]}`)
    console.error(error.stack ?? error)
    process.exitCode = 1
  } finally {
    await closeAll()
  }
}

/** A child stopped by SIGTERM (or an IPC message), SIGKILL after 20 s. */
async function stopChild(child, message) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  if (message && child.connected) child.send(message)
  else child.kill('SIGTERM')
  const timers = [setTimeout(() => child.kill('SIGTERM'), 2000), setTimeout(() => child.kill('SIGKILL'), 20_000)]
  await exited
  timers.forEach(clearTimeout)
}

/** parseArgs, with a bad flag as one line and exit 2 (the flags are listed in the header above). */
function parseFlags(config) {
  try {
    return parseArgs(config)
  } catch (error) {
    console.error(
      `bench/scale: ${error.message} (flags: ${Object.keys(config.options)
        .map((name) => `--${name}`)
        .join(', ')})`,
    )
    process.exit(2)
  }
}

function positiveNumber(flag, text, integer = false) {
  const n = Number(text)
  if (!(n > 0) || (integer && !Number.isInteger(n))) {
    console.error(
      `bench/scale: ${flag} must be a positive ${integer ? 'integer' : 'number'}, got ${JSON.stringify(text)}`,
    )
    process.exit(2)
  }
  return n
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)
const fmt = (n) => n.toLocaleString('en-US')

// The stand-in runs in a child of this script (forked with --serve-standin), so its CPU is not the bench's own.
if (process.argv[2] === '--serve-standin') await serveStandin(JSON.parse(process.argv[3]))
else await runBench()
