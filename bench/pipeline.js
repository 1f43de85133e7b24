#!/usr/bin/env node
// bench/pipeline: 300,000 synthetic tasks over ~128,000 websites through `tasks build --source generic` and
// `split`, against a baseline that only parses and re-serialises each line. Prints one summary line: records/s
// of each stage (the best of BENCH_RUNS runs, default 3, to damp the noise of a shared machine), each stage's ratio
// to the baseline, and peak RSS (the largest seen). Targets: every ratio >= 0.5, split RSS < 1 GiB.
import {spawn} from 'node:child_process'
import {mkdir, readFile, rm} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {generateTasks} from './generate-tasks.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const work = join(root, 'bench', 'out')
const TASKS = Number(process.env.BENCH_TASKS ?? 300_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const WEBSITES = Math.round((TASKS * 128_000) / 300_000)

/** Runs a node script, sampling the child's peak RSS (VmHWM) from /proc until it exits. */
function timed(args) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn(process.execPath, args, {cwd: root, stdio: ['ignore', 'ignore', 'pipe']})
    let stderr = ''
    let peakKb = 0
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const sample = async () => {
      try {
        const status = await readFile(`/proc/${child.pid}/status`, 'utf8')
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0))
      } catch {}
    }
    const timer = setInterval(sample, 20)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearInterval(timer)
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}: ${stderr.trim()}`))
      else resolve({seconds, peakMb: peakKb / 1024})
    })
  })
}

await rm(work, {recursive: true, force: true})
await mkdir(work, {recursive: true})
const raw = join(work, 'synthetic.jsonl')
const tasks = join(work, 'tasks.ndjson')
await generateTasks(raw, {tasks: TASKS, websites: WEBSITES})

/** The fastest of RUNS runs, with the largest peak RSS seen. */
async function best(args) {
  let fastest
  let peakMb = 0
  for (let run = 0; run < RUNS; run++) {
    const result = await timed(args)
    peakMb = Math.max(peakMb, result.peakMb)
    if (!fastest || result.seconds < fastest.seconds) fastest = result
  }
  return {seconds: fastest.seconds, peakMb}
}

const baseline = await best(['bench/baseline.js', raw, join(work, 'baseline.ndjson')])
const build = await best([
  'bin/run.js',
  'tasks',
  'build',
  '--quiet',
  '--source',
  'generic',
  '--map',
  'intent=question,website=site,answer=gold,id=qid,level=level,domain=taxonomy.domain,subdomain=taxonomy.subdomain',
  raw,
  '-o',
  tasks,
])
const split = await best([
  'bin/run.js',
  'split',
  '--quiet',
  tasks,
  '--train',
  join(work, 'train.ndjson'),
  '--test',
  join(work, 'test.ndjson'),
])

const rate = (result) => Math.round(TASKS / result.seconds)
const ratio = (result) => (rate(result) / rate(baseline)).toFixed(2)
const pass = ratio(build) >= 0.5 && ratio(split) >= 0.5 && split.peakMb < 1024
console.log(
  `bench/pipeline: ${TASKS} tasks / ${WEBSITES} websites, best of ${RUNS} | baseline ${rate(baseline)} rec/s, rss ${baseline.peakMb.toFixed(0)} MB | ` +
    `tasks build ${rate(build)} rec/s (${ratio(build)}x baseline), rss ${build.peakMb.toFixed(0)} MB | ` +
    `split ${rate(split)} rec/s (${ratio(split)}x baseline), rss ${split.peakMb.toFixed(0)} MB | targets ${pass ? 'met' : 'NOT met'}`,
)
await rm(work, {recursive: true, force: true})
process.exitCode = pass ? 0 : 1
