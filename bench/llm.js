#!/usr/bin/env node
// bench/llm: `webgym rubric gen --concurrency 64` over 10,000 tasks against an OpenAI-compatible server with a fixed
// 100 ms latency and a fresh reply cache, then the same run again from the cache. Prints one summary line: wall time,
// its ratio to the ideal (tasks x latency / concurrency), and the requests the cached rerun made.
// Targets: ratio <= 1.15; 0 requests on the cached rerun (with byte-identical output). Exit 1 when one is missed.
import {spawn} from 'node:child_process'
import {createWriteStream} from 'node:fs'
import {once} from 'node:events'
import {mkdir, readFile, rm} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {startBenchStandin} from './llm-standin.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const work = join(root, 'bench', 'out', 'llm')
const TASKS = Number(process.env.BENCH_TASKS ?? 10_000)
const CONCURRENCY = 64
const LATENCY_MS = 100
const TARGET_RATIO = 1.15

async function writeTasks(path) {
  const out = createWriteStream(path)
  for (let i = 0; i < TASKS; i++) {
    const task = {
      id: `bench:${i}`,
      source: 'bench',
      intent: `Find the price of item ${i} in the catalogue and report it`,
      website: `site${i % 997}.com`,
      start_url: `https://site${i % 997}.com/`,
      reference_answer: i % 3 === 0 ? `$${i}.99` : null,
    }
    if (!out.write(`${JSON.stringify(task)}\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'close')
}

/** Runs the built CLI; resolves with its wall time in seconds. */
function timed(args) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn(process.execPath, [join(root, 'bin', 'run.js'), ...args], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`webgym ${args.join(' ')} exited ${code}: ${stderr.trim()}`))
      else resolve(Number(process.hrtime.bigint() - started) / 1e9)
    })
  })
}

await rm(work, {recursive: true, force: true})
await mkdir(work, {recursive: true})
const input = join(work, 'tasks.ndjson')
const cache = join(work, 'cache')
await writeTasks(input)

const server = await startBenchStandin({latencyMs: LATENCY_MS, model: 'bench-model'})
const run = (output) =>
  timed([
    'rubric',
    'gen',
    '--quiet',
    '--base-url',
    server.url,
    '--model',
    'bench-model',
    '--concurrency',
    String(CONCURRENCY),
    '--cache',
    cache,
    input,
    '-o',
    output,
  ])
let wall, firstRequests, rerunRequests, identical
try {
  wall = await run(join(work, 'rubric.ndjson'))
  firstRequests = server.state.requests
  server.state.requests = 0
  await run(join(work, 'rubric-cached.ndjson'))
  rerunRequests = server.state.requests
  identical = (await readFile(join(work, 'rubric.ndjson'))).equals(await readFile(join(work, 'rubric-cached.ndjson')))
} finally {
  await server.close()
}

const ideal = (TASKS * LATENCY_MS) / 1000 / CONCURRENCY
const ratio = wall / ideal
const met = ratio <= TARGET_RATIO && rerunRequests === 0 && identical && firstRequests === TASKS
console.log(
  `bench/llm: ${TASKS} tasks, concurrency ${CONCURRENCY}, latency ${LATENCY_MS} ms | ` +
    `wall ${wall.toFixed(1)} s, ideal ${ideal.toFixed(1)} s, ratio ${ratio.toFixed(3)} (target <= ${TARGET_RATIO}) | ` +
    `cached rerun: ${rerunRequests} requests (target 0), output ${identical ? 'identical' : 'DIFFERENT'} | ` +
    `${met ? 'targets met' : 'TARGETS MISSED'}`,
)
if (firstRequests !== TASKS) console.error(`bench/llm: the first run made ${firstRequests} requests for ${TASKS} tasks`)
process.exitCode = met ? 0 : 1
