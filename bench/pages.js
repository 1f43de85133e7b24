#!/usr/bin/env node
// bench/pages: what a rollout shows and records on pages nobody here built, beside the fixture web's. Prints one
// summary line on stdout (details on stderr); exits 0 whatever the figures, 1 when a run could not be made. The
// temporary directory and every child are cleaned up in any case.
//
// Tasks: one per saved real page of --pages (default fixtures/real-pages; its first question from `sites tasks
// --pages`, else a plain visit), and as many fixture tasks, evenly spread over the fixture web's task list. For each
// observation mode of --modes (default all five), one `webgym rollout --policy random` (every action kind) over all of
// them at --concurrency (default 4), --horizon steps (default 6), settling on, the fixture web started by the rollout
// with --pages. Printed, per mode: steps/s (over the episodes' window), observe p50, observation text size p50/p95
// (bytes of the step's `observation.text`; none in screenshot mode); over every mode, for the real pages and the
// fixture tasks apart: settle p50/p95, the share of settle waits that ended at the bound, a step's record size
// p50/p95 (its JSON bytes) and the share of observations that are not `ok` pages.
import {spawn} from 'node:child_process'
import {closeSync, existsSync, openSync} from 'node:fs'
import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {parseArgs} from 'node:util'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const ALL_MODES = ['screenshot', 'som', 'axtree', 'screenshot+axtree', 'som+axtree']

const {values: flags} = parseArgs({
  options: {
    pages: {type: 'string', default: join(root, 'fixtures', 'real-pages')},
    modes: {type: 'string', default: ALL_MODES.join(',')},
    concurrency: {type: 'string', default: '4'},
    horizon: {type: 'string', default: '6'},
    keep: {type: 'string'},
  },
})
const C = positiveInteger('--concurrency', flags.concurrency)
const HORIZON = positiveInteger('--horizon', flags.horizon)
const MODES = flags.modes.split(',').map((mode) => mode.trim())
for (const mode of MODES)
  if (!ALL_MODES.includes(mode)) {
    console.error(`bench/pages: --modes takes ${ALL_MODES.join(', ')}; got ${JSON.stringify(mode)}`)
    process.exit(2)
  }

function positiveInteger(flag, text) {
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1) {
    console.error(`bench/pages: ${flag} must be a positive integer, got ${JSON.stringify(text)}`)
    process.exit(2)
  }
  return n
}

const log = (line) => console.error(`bench/pages: ${line}`)
const children = new Set()

/** Runs the built CLI to its end; stdout to a file when given. */
function runCli(args, {stdoutFile} = {}) {
  const out = stdoutFile ? openSync(stdoutFile, 'w') : 'pipe'
  const child = spawn(process.execPath, [join(root, 'bin', 'run.js'), ...args], {
    cwd: root,
    stdio: ['ignore', out, 'pipe'],
    env: {...process.env, NODE_ENV: 'production'},
  })
  if (typeof out === 'number') closeSync(out)
  children.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20_000)))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      children.delete(child)
      if (code === 0) resolve({stdout, stderr})
      else
        reject(
          new Error(
            `webgym ${args.join(' ')} exited ${code ?? signal}\n${stderr.trim().split('\n').slice(-10).join('\n')}`,
          ),
        )
    })
  })
}

const lines = (text) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))

/** The p-th percentile (0-100) of numbers, nearest rank; null for none. */
function percentile(values, p) {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

const bytes = (text) => Buffer.byteLength(text, 'utf8')
const share = (part, whole) => (whole === 0 ? 0 : part / whole)
const pct = (x) => `${(100 * x).toFixed(1)}%`
const fmt = (n) => (n === null ? '-' : String(Math.round(n)))

/** One task per saved page (its first question, else a visit) and as many fixture tasks, spread evenly. */
async function buildTasks(work) {
  const {PageSites} = await import(pathToFileURL(join(root, 'dist', 'lib', 'sites', 'pages', 'page-sites.js')).href)
  const questions = lines((await runCli(['sites', 'tasks', '--pages', flags.pages, '--family', 'pages', '-q'])).stdout)
  const byPage = new Map()
  for (const task of questions) if (!byPage.has(task.start_url)) byPage.set(task.start_url, task)
  for (const {host} of (await PageSites.open(flags.pages)).pages) {
    const startUrl = `http://${host}/`
    if (!byPage.has(startUrl))
      byPage.set(startUrl, {
        id: `pages:${host}:visit`,
        source: 'pages',
        intent: 'Read the page.',
        website: host,
        start_url: startUrl,
        reference_answer: null,
      })
  }
  const pages = [...byPage.values()]
  const fixture = lines((await runCli(['sites', 'tasks', '-q'])).stdout)
  const every = fixture.length / pages.length
  const picked = pages.map((_, i) => fixture[Math.floor(i * every)])
  const file = join(work, 'tasks.ndjson')
  await writeFile(file, [...pages, ...picked].map((task) => `${JSON.stringify(task)}\n`).join(''))
  return {file, pages: pages.length, fixture: picked.length}
}

/** One rollout in one mode: its summary and its trajectories. */
async function rolloutIn(work, tasksFile, mode) {
  const name = mode.replace('+', '-')
  const summaryFile = join(work, `${name}.summary.json`)
  const trajectoriesFile = join(work, `${name}.ndjson`)
  await runCli(
    [
      'rollout',
      tasksFile,
      '--policy',
      'random',
      '--observe',
      mode,
      '--pages',
      flags.pages,
      '--horizon',
      String(HORIZON),
      '--concurrency',
      String(C),
      '--summary',
      summaryFile,
      '--shots',
      join(work, `shots-${name}`),
      '-q',
    ],
    {stdoutFile: trajectoriesFile},
  )
  const summary = JSON.parse(await readFile(summaryFile, 'utf8'))
  const trajectories = lines(await readFile(trajectoriesFile, 'utf8'))
  const starts = trajectories.map((t) => Date.parse(t.run.started_at))
  const ends = trajectories.map((t) => Date.parse(t.run.ended_at))
  const window = (Math.max(...ends) - Math.min(...starts)) / 1000
  return {summary, trajectories, rate: summary.steps / Math.max(window, 1e-3)}
}

async function main() {
  if (!existsSync(join(root, 'dist', 'commands', 'rollout.js')))
    throw new Error('dist/ has no rollout command: build first (npm run build)')
  const work = flags.keep ?? (await mkdtemp(join(tmpdir(), 'webgym-bench-pages-')))
  try {
    const tasks = await buildTasks(work)
    log(`${tasks.pages} real pages and ${tasks.fixture} fixture tasks, horizon ${HORIZON}, concurrency ${C}`)
    const perMode = []
    const steps = {pages: [], fixture: []}
    let waits = 0
    let atBound = 0
    for (const mode of MODES) {
      const {summary, trajectories, rate} = await rolloutIn(work, tasks.file, mode)
      const texts = []
      for (const trajectory of trajectories) {
        const kind = trajectory.task.id.startsWith('pages:') ? 'pages' : 'fixture'
        for (const step of trajectory.steps) {
          steps[kind].push(step)
          if (step.observation?.text !== undefined) texts.push(bytes(step.observation.text))
        }
      }
      waits += summary.settle?.waits ?? 0
      atBound += summary.settle?.hit_bound ?? 0
      const entry = {mode, rate, steps: summary.steps, observeP50: summary.timings_ms.observe?.p50 ?? null, texts}
      perMode.push(entry)
      log(
        `${mode}: ${summary.steps} steps, ${rate.toFixed(2)} steps/s, observe p50/p95 ${summary.timings_ms.observe?.p50}/${summary.timings_ms.observe?.p95} ms, text p50/p95 ${fmt(percentile(texts, 50))}/${fmt(percentile(texts, 95))} B; ${Object.entries(
          summary.by_status,
        )
          .filter(([, n]) => n > 0)
          .map(([status, n]) => `${n} ${status}`)
          .join(', ')}`,
      )
    }
    const part = (kind) => {
      const all = steps[kind]
      const settle = all.map((step) => step.settle_ms).filter((ms) => typeof ms === 'number')
      const sizes = all.map((step) => bytes(JSON.stringify(step)))
      const notOk = all.filter((step) => step.page !== undefined && step.page !== 'ok').length
      return `${kind === 'pages' ? 'real pages' : 'fixture tasks'}: ${all.length} steps, settle p50/p95 ${fmt(percentile(settle, 50))}/${fmt(percentile(settle, 95))} ms, record p50/p95 ${fmt(percentile(sizes, 50))}/${fmt(percentile(sizes, 95))} B, not ok pages ${pct(share(notOk, all.length))}`
    }
    console.log(
      `bench/pages: random policy, ${tasks.pages} real pages + ${tasks.fixture} fixture tasks, horizon ${HORIZON}, C=${C}; ` +
        perMode
          .map(
            (m) =>
              `${m.mode} ${m.rate.toFixed(2)} steps/s, observe p50 ${fmt(m.observeP50)} ms, text p50/p95 ${m.texts.length > 0 ? `${fmt(percentile(m.texts, 50))}/${fmt(percentile(m.texts, 95))} B` : '-'}`,
          )
          .join('; ') +
        ` | ${part('pages')} | ${part('fixture')} | settle waits at the bound ${pct(share(atBound, waits))} of ${waits}`,
    )
  } finally {
    if (!flags.keep) await rm(work, {recursive: true, force: true})
  }
}

let stopped = false
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    stopped = true
    for (const child of children) child.kill('SIGTERM')
  })

try {
  await main()
} catch (error) {
  console.log(`bench/pages: FAILED: ${stopped ? 'stopped by a signal' : error.message.split('\n')[0]}`)
  console.error(error.stack ?? error)
  process.exitCode = 1
}
