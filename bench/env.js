#!/usr/bin/env node
// bench/env: what driving episodes through `webgym env serve` costs a trainer, against `webgym rollout` owning the loop.
// Prints one summary line on stdout (details on stderr); exits 0 whether the target is met or not, 1 when a
// measurement could not be made. Servers, browsers, sockets and the temporary directory are cleaned up in any case.
//
// The same N fixture tasks (--tasks, default 2 x C, spread over levels and families), the same step cap (--horizon,
// default 10) and the fixture web without faults, at concurrency C (--concurrency, default 16), min(4, C) browsers:
//  (a) `webgym rollout --policy random` at --concurrency C: the random policy decides in-process.
//  (b) `webgym env serve --max-sessions C` driven by C WebSocket sessions from this process (OpenEnv's messages, the
//      `ws` package): each session resets to the next task and steps with the random policy's actions, drawn with the
//      seed rollout gives that task (so both runs act alike), screenshots inline (base64 JPEG, as a trainer takes them)
//      until done.
// Rates are steps over the episodes' window (the first episode's start to the last one's end, from the trajectories'
// run blocks), so server and client start-up do not count. (a) and (b) alternate --repeats times (default 2) and the
// best of each counts, since this machine's speed drifts. Target: (b) >= 0.90 x (a).
import {spawn} from 'node:child_process'
import {createHash} from 'node:crypto'
import {closeSync, existsSync, openSync} from 'node:fs'
import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {parseArgs} from 'node:util'
import WebSocket from 'ws'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const TARGET_SHARE = 0.9

const {values: flags} = parseArgs({
  options: {
    concurrency: {type: 'string', default: '16'},
    tasks: {type: 'string'},
    horizon: {type: 'string', default: '10'},
    repeats: {type: 'string', default: '2'},
    keep: {type: 'string'},
  },
})
const C = positiveInteger('--concurrency', flags.concurrency)
const N = positiveInteger('--tasks', flags.tasks ?? String(2 * C))
const HORIZON = positiveInteger('--horizon', flags.horizon)
const REPEATS = positiveInteger('--repeats', flags.repeats)

function positiveInteger(flag, text) {
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1) {
    console.error(`bench/env: ${flag} must be a positive integer, got ${JSON.stringify(text)}`)
    process.exit(2)
  }
  return n
}

// Everything opened is registered here and closed in reverse order, on success, failure or a signal.
const open = []
function hold(name, close) {
  let closing = null
  const entry = () =>
    (closing ??= Promise.resolve()
      .then(close)
      .catch((error) => console.error(`bench/env: closing ${name}: ${error.message}`)))
  open.push(entry)
  return async () => {
    const at = open.indexOf(entry)
    if (at !== -1) open.splice(at, 1)
    await entry()
  }
}
let draining = null
function closeAll() {
  draining ??= (async () => {
    while (open.length > 0) await open.pop()()
  })()
  return draining
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => {
    console.error(`bench/env: ${signal}: cleaning up`)
    void closeAll().finally(() => process.exit(code))
  })
}

const log = (line) => console.error(`bench/env: ${line}`)

/** Starts the built CLI; `exited` resolves with its stderr's tail when it exits 0, and rejects otherwise. */
function startCli(args, {stdoutFile} = {}) {
  const out = stdoutFile ? openSync(stdoutFile, 'w') : 'pipe'
  const child = spawn(process.execPath, [join(root, 'bin', 'run.js'), ...args], {
    cwd: root,
    stdio: ['ignore', out, 'pipe'],
    env: {...process.env, NODE_ENV: 'production'},
  })
  if (typeof out === 'number') closeSync(out)
  const release = hold(`webgym ${args.slice(0, 2).join(' ')}`, () => stopChild(child))
  const seen = {stderr: ''}
  child.stderr.on('data', (chunk) => (seen.stderr = (seen.stderr + chunk).slice(-20_000)))
  const exited = new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      void release()
      if (code === 0) resolve(seen.stderr)
      else
        reject(
          new Error(
            `webgym ${args.join(' ')} exited ${code ?? signal}\n${seen.stderr.trim().split('\n').slice(-15).join('\n')}`,
          ),
        )
    })
  })
  return {child, seen, exited}
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timers = [setTimeout(() => child.kill('SIGTERM'), 1000), setTimeout(() => child.kill('SIGKILL'), 20_000)]
  await exited
  timers.forEach(clearTimeout)
}

/** N tasks evenly spaced over the fixture tasks sorted by level and family, in a fixed pseudo-random order. */
function sampleTasks(all, n) {
  const rank = {easy: 0, medium: 1, hard: 2}
  const key = (task) => `${rank[task.level] ?? 1}\0${task.meta?.family ?? ''}\0${task.id}`
  const sorted = [...all].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
  const count = Math.min(n, sorted.length)
  const picked = Array.from({length: count}, (_, i) => sorted[Math.floor(((i + 0.5) * sorted.length) / count)])
  const order = (task) => createHash('sha256').update(task.id).digest('hex')
  return picked.sort((a, b) => (order(a) < order(b) ? -1 : 1))
}

async function readTrajectories(file) {
  return (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
}

/** Steps/s from the first episode's start to the last one's end, and what the run was made of. */
function windowRate(name, trajectories) {
  const starts = trajectories.map((t) => Date.parse(t.run.started_at))
  const ends = trajectories.map((t) => Date.parse(t.run.ended_at))
  const seconds = (Math.max(...ends) - Math.min(...starts)) / 1000
  const steps = trajectories.reduce((sum, t) => sum + t.steps.length, 0)
  const statuses = {}
  for (const t of trajectories) statuses[t.status] = (statuses[t.status] ?? 0) + 1
  const observe = trajectories.flatMap((t) => t.steps.map((s) => s.observe_ms)).sort((a, b) => a - b)
  const act = trajectories.flatMap((t) => t.steps.map((s) => s.act_ms)).sort((a, b) => a - b)
  const p50 = (values) => values[Math.floor(values.length / 2)]?.toFixed(0) ?? '-'
  const rate = steps / Math.max(seconds, 1e-3)
  log(
    `${name}: ${trajectories.length} episodes (${Object.entries(statuses)
      .map(([s, n]) => `${n} ${s}`)
      .join(
        ', ',
      )}), ${steps} steps in ${seconds.toFixed(1)} s = ${rate.toFixed(2)} steps/s; observe p50 ${p50(observe)} ms, act p50 ${p50(act)} ms`,
  )
  return {rate, steps, episodes: trajectories.length}
}

const common = (work, name) => [
  '--horizon',
  String(HORIZON),
  '--fixture-faults',
  'none',
  '--shots',
  join(work, `shots-${name}`),
]

/** (a) rollout with the random policy at concurrency C. */
async function measureRollout(work, tasksFile, round) {
  const name = `rollout-${round}`
  const out = join(work, `${name}.ndjson`)
  const run = startCli(
    [
      'rollout',
      tasksFile,
      '--policy',
      'random',
      '--concurrency',
      String(C),
      '--browsers',
      String(Math.min(4, C)),
      ...common(work, name),
      '-q',
    ],
    {stdoutFile: out},
  )
  await run.exited
  return windowRate(name, await readTrajectories(out))
}

/** (b) env serve driven by C sessions of this process, with the random policy's actions. */
async function measureEnv(work, tasksFile, tasks, round) {
  const name = `env-${round}`
  const out = join(work, `${name}.ndjson`)
  const server = startCli([
    'env',
    'serve',
    tasksFile,
    '--port',
    '0',
    '--max-sessions',
    String(C),
    '--browsers',
    String(Math.min(4, C)),
    ...common(work, name),
    '-o',
    out,
  ])
  let url = null
  for (let waited = 0; !url; waited += 100) {
    url = /listening on http:\/\/(\S+) /.exec(server.seen.stderr)?.[1] ?? null
    if (waited > 120_000) throw new Error(`env serve did not start:\n${server.seen.stderr}`)
    if (server.child.exitCode !== null) await server.exited
    if (!url) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const queue = [...tasks]
  const sessions = Array.from({length: Math.min(C, queue.length)}, () => session(`ws://${url}/ws`, queue))
  await Promise.all(sessions)
  // One SIGTERM: env serve drains (nothing runs by now), closes its browsers and exits 0; a second would stop it now.
  server.child.kill('SIGTERM')
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 120_000)
  await server.exited.finally(() => clearTimeout(killer))
  return windowRate(name, await readTrajectories(out))
}

/** One session: the next task until none are left, each stepped with the random policy's actions until done. */
async function session(url, queue) {
  const socket = new WebSocket(url, {maxPayload: 256 * 1024 * 1024})
  const release = hold('a session', () => socket.terminate())
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const replies = []
  const waiting = []
  socket.on('message', (data) => {
    const reply = JSON.parse(String(data))
    const taker = waiting.shift()
    if (taker) taker(reply)
    else replies.push(reply)
  })
  const ask = (message) => {
    socket.send(JSON.stringify(message))
    return new Promise((resolve) => (replies.length > 0 ? resolve(replies.shift()) : waiting.push(resolve)))
  }
  const answer = (reply) => {
    if (reply.type === 'error') throw new Error(`env serve answered ${reply.data.code}: ${reply.data.message}`)
    return reply.data
  }
  while (queue.length > 0) {
    const task = queue.shift()
    const random = new dist.SeededRandom(dist.taskSeed(0, task.id, 1))
    let turn = answer(await ask({type: 'reset', data: {task_id: task.id}}))
    while (!turn.done) turn = answer(await ask({type: 'step', data: {action: dist.randomAction(random)}}))
  }
  socket.close()
  await release()
}

const dist = {}

async function main() {
  if (!existsSync(join(root, 'dist', 'commands', 'env', 'serve.js')))
    throw new Error('dist/ has no env serve command: build first (npm run build)')
  const load = (path) => import(pathToFileURL(join(root, 'dist', 'lib', ...path.split('/'))).href)
  ;({SeededRandom: dist.SeededRandom} = await load('random/seeded-random.js'))
  ;({taskSeed: dist.taskSeed} = await load('rollout/episode.js'))
  ;({randomAction: dist.randomAction} = await load('rollout/policies/random.js'))
  const work = flags.keep ?? (await mkdtemp(join(tmpdir(), 'webgym-bench-env-')))
  if (flags.keep) await mkdir(work, {recursive: true})
  else hold('the temporary directory', () => rm(work, {recursive: true, force: true}))
  const listing = startCli(['sites', 'tasks', '-q'], {stdoutFile: join(work, 'all.ndjson')})
  await listing.exited
  const tasks = sampleTasks(await readTrajectories(join(work, 'all.ndjson')), N)
  const tasksFile = join(work, 'tasks.ndjson')
  await writeFile(tasksFile, tasks.map((task) => JSON.stringify(task)).join('\n') + '\n')
  log(`${tasks.length} tasks, C=${C}, horizon ${HORIZON}, ${REPEATS} rounds of rollout then env serve`)
  let rollout = null
  let env = null
  for (let round = 1; round <= REPEATS; round++) {
    const a = await measureRollout(work, tasksFile, round)
    const b = await measureEnv(work, tasksFile, tasks, round)
    if (!rollout || a.rate > rollout.rate) rollout = a
    if (!env || b.rate > env.rate) env = b
  }
  const share = env.rate / rollout.rate
  console.log(
    `bench/env: at C=${C}, ${tasks.length} tasks x horizon ${HORIZON}, best of ${REPEATS}: rollout --policy random ${rollout.rate.toFixed(2)} steps/s (${rollout.steps} steps), env serve driven by ${C} WebSocket sessions with the random policy's actions ${env.rate.toFixed(2)} steps/s (${env.steps} steps): share ${share.toFixed(2)} (target >= ${TARGET_SHARE.toFixed(2)} ${share >= TARGET_SHARE ? 'met' : 'NOT met'})`,
  )
}

try {
  await main()
} catch (error) {
  console.error(`bench/env: ${error.stack ?? error}`)
  process.exitCode = 1
} finally {
  await closeAll()
}
