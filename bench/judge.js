#!/usr/bin/env node
// bench/judge: what `webgym judge` sends to the model per trajectory, beside a judge that sends every screenshot
// (microsoft/webgym's judge caps at 48 images), on fixture-web trajectories from the oracle with noise.
//  1. N fixture tasks (--tasks, default 16; --quick 8), medium and hard first, rolled out twice in real Chromium:
//     the noiseless oracle (its screens are the evidence a good selection model would pick: see judge-standin.js),
//     then the oracle with --oracle-noise 0.35 (the trajectories to judge).
//  2. `webgym judge` on the noisy trajectories against bench/judge-standin.js, which records every request and the
//     images it carried. Per trajectory: verdict images, selection images (at 640 px), requests.
//  3. The send-everything baseline per trajectory: one request with every step's screenshot, at most 48.
// Target: on trajectories longer than 10 steps, at most half the baseline's images reach the verdict model.
// Prints one summary line on stdout (details on stderr); exits 0 whether the target is met or not, 1 when a
// measurement could not be made.
import {spawn} from 'node:child_process'
import {existsSync} from 'node:fs'
import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {parseArgs} from 'node:util'
import {imageKey, startJudgeStandin} from './judge-standin.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const BASELINE_CAP = 48
const LONG = 10
const NOISE = '0.35'
const TARGET_RATIO = 0.5
// The judge's default --select-image-width.
const SELECT_WIDTH = 640

const {values: flags} = parseArgs({
  options: {tasks: {type: 'string'}, quick: {type: 'boolean', default: false}, seed: {type: 'string', default: '1'}},
})
const N = Number(flags.tasks ?? (flags.quick ? 8 : 16))
if (!Number.isInteger(N) || N < 1) {
  console.error(`bench/judge: --tasks must be a positive integer, got ${JSON.stringify(flags.tasks)}`)
  process.exit(2)
}
const log = (line) => console.error(`bench/judge: ${line}`)

function runCli(args, {input} = {}) {
  const child = spawn(process.execPath, [join(root, 'bin', 'run.js'), ...args], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {...process.env, NODE_ENV: 'production'},
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20_000)))
  child.stdin.end(input ?? '')
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code, signal) => {
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

const readNdjson = async (path) =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line))
const mean = (values) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length)

/** Medium and hard tasks first (longer solutions), spread over families; deterministic. */
function pickTasks(all, n) {
  const rank = {hard: 0, medium: 1, easy: 2}
  const sorted = [...all].sort(
    (a, b) =>
      (rank[a.level] ?? 1) - (rank[b.level] ?? 1) ||
      String(a.meta?.family).localeCompare(String(b.meta?.family)) ||
      a.id.localeCompare(b.id),
  )
  const families = new Map()
  for (const task of sorted) {
    const family = String(task.meta?.family)
    if (!families.has(family)) families.set(family, [])
    families.get(family).push(task)
  }
  const picked = []
  for (let round = 0; picked.length < n && round < sorted.length; round++) {
    for (const tasks of families.values()) if (tasks[round] && picked.length < n) picked.push(tasks[round])
  }
  return picked
}

async function main() {
  if (!existsSync(join(root, 'dist', 'commands', 'judge', 'index.js')))
    throw new Error('dist/ has no judge command: build first (npm run build)')
  const work = await mkdtemp(join(tmpdir(), 'webgym-bench-judge-'))
  let standin
  try {
    const {stdout} = await runCli(['sites', 'tasks', '-q'])
    const tasks = pickTasks(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
      N,
    )
    const tasksFile = join(work, 'tasks.ndjson')
    await writeFile(tasksFile, tasks.map((task) => `${JSON.stringify(task)}\n`).join(''))
    const shots = join(work, 'shots')
    const rollout = (out, noise) =>
      runCli([
        'rollout',
        '--policy',
        'oracle',
        '--oracle-noise',
        noise,
        '--seed',
        flags.seed,
        '--horizon',
        '10,20,30',
        '--concurrency',
        '4',
        '--browsers',
        '2',
        '--shots',
        shots,
        '-q',
        '-o',
        out,
        tasksFile,
      ])
    log(`${tasks.length} tasks; rolling out the noiseless oracle, then the oracle with noise ${NOISE}`)
    await rollout(join(work, 'clean.ndjson'), '0')
    await rollout(join(work, 'noisy.ndjson'), NOISE)
    const clean = await readNdjson(join(work, 'clean.ndjson'))
    const noisy = await readNdjson(join(work, 'noisy.ndjson'))
    // The clean run's screens as the selection model receives them: read and resized by the judge's own reader.
    const {ScreenshotReader} = await import(
      pathToFileURL(join(root, 'dist', 'lib', 'judge', 'screenshot-images.js')).href
    )
    const reader = new ScreenshotReader({shots, inputDir: work})
    const evidence = new Map()
    for (const trajectory of clean) {
      const keys = await Promise.all(
        trajectory.steps
          .filter((step) => step.screenshot)
          .map(async (step) => imageKey(await reader.dataUrl(step.screenshot, SELECT_WIDTH))),
      )
      evidence.set(trajectory.task.intent, new Set(keys))
    }

    standin = await startJudgeStandin(evidence)
    await runCli([
      'judge',
      '--base-url',
      standin.url,
      '--model',
      'bench-judge',
      '--no-cache',
      '--shots',
      shots,
      '-q',
      '-o',
      join(work, 'judged.ndjson'),
      join(work, 'noisy.ndjson'),
    ])
    const judged = await readNdjson(join(work, 'judged.ndjson'))

    // What reached the model, per trajectory, from the stand-in's own record of requests (matched by intent).
    const byIntent = new Map()
    for (const request of standin.requests) {
      const entry = byIntent.get(request.intent) ?? {requests: 0, verdictImages: 0, selectionImages: 0}
      entry.requests++
      if (request.kind === 'trajectory_verdict') entry.verdictImages += request.images
      if (request.kind === 'screenshot_relevance') entry.selectionImages += request.images
      byIntent.set(request.intent, entry)
    }
    const rows = judged.map((record) => {
      const sent = byIntent.get(record.task.intent) ?? {requests: 0, verdictImages: 0, selectionImages: 0}
      const steps = record.steps.length
      const baseline = Math.min(BASELINE_CAP, record.steps.filter((step) => step.screenshot).length)
      return {steps, baseline, ...sent, error: record.judgment.error}
    })
    const errors = rows.filter((row) => row.error)
    if (errors.length > 0) throw new Error(`${errors.length} trajectories failed to judge: ${errors[0].error}`)
    const long = rows.filter((row) => row.steps > LONG)
    const figures = (set) => ({
      steps: mean(set.map((row) => row.steps)),
      baseline: mean(set.map((row) => row.baseline)),
      verdict: mean(set.map((row) => row.verdictImages)),
      selection: mean(set.map((row) => row.selectionImages)),
      requests: mean(set.map((row) => row.requests)),
    })
    const all = figures(rows)
    const longFigures = figures(long)
    for (const row of rows)
      log(
        `${row.steps} steps: baseline ${row.baseline} images, ours ${row.verdictImages} verdict + ${row.selectionImages} selection images, ${row.requests} requests`,
      )
    const ratio = long.length > 0 ? longFigures.verdict / longFigures.baseline : Number.NaN
    const verdictLine =
      long.length === 0
        ? 'no trajectory longer than 10 steps: target not measured'
        : `ratio ${ratio.toFixed(2)} (target <= ${TARGET_RATIO} ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'})`
    console.log(
      `judge: ${rows.length} trajectories, ${long.length} longer than ${LONG} steps (mean ${longFigures.steps.toFixed(1)} steps) | those: send-everything ${longFigures.baseline.toFixed(1)} images 1 request, ours ${longFigures.verdict.toFixed(1)} verdict images + ${longFigures.selection.toFixed(1)} selection images at 640px, ${longFigures.requests.toFixed(1)} requests; ${verdictLine} | all: send-everything ${all.baseline.toFixed(1)} images, ours ${all.verdict.toFixed(1)} + ${all.selection.toFixed(1)} selection, ${all.requests.toFixed(1)} requests per trajectory`,
    )
  } finally {
    await standin?.close()
    await rm(work, {recursive: true, force: true})
  }
}

main().catch((error) => {
  console.error(`bench/judge: ${error.message}`)
  process.exit(1)
})
