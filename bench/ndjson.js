#!/usr/bin/env node
// bench/ndjson: the project's NDJSON reader (src/lib/io/read-records.ts, as built) against the `ndjson` package's
// parse stream on 300k task rows: records/s (best of 3 each), and what each says about a bad line in the middle
// (the project's reader must name file:line; we check whether the package can). Prints one summary line.
import {createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import ndjson from 'ndjson'
import {generateTasks} from './generate-tasks.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const {readJsonLines} = await import(join(root, 'dist/lib/io/read-records.js'))
const {InvalidRecords} = await import(join(root, 'dist/lib/io/invalid-records.js'))

const TASKS = Number(process.env.BENCH_TASKS ?? 300_000)
const dir = mkdtempSync(join(tmpdir(), 'webgym-bench-ndjson-'))
const quietReporter = {info() {}, warn() {}, quiet: true}

async function ours(path) {
  let count = 0
  for await (const _ of readJsonLines(path, {invalid: new InvalidRecords('fail', quietReporter)})) count++
  return count
}

function theirs(path) {
  return new Promise((resolve, reject) => {
    let count = 0
    createReadStream(path)
      .pipe(ndjson.parse())
      .on('data', () => count++)
      .on('error', reject)
      .on('end', () => resolve(count))
  })
}

async function bestRate(read, path) {
  let best = 0
  for (let run = 0; run < 3; run++) {
    const started = performance.now()
    const count = await read(path)
    if (count !== TASKS) throw new Error(`read ${count} records, expected ${TASKS}`)
    best = Math.max(best, count / ((performance.now() - started) / 1000))
  }
  return best
}

async function errorOf(read, path) {
  try {
    await read(path)
    return 'no error'
  } catch (error) {
    return String(error.message).split('\n')[0].slice(0, 80)
  }
}

try {
  const path = join(dir, 'tasks.ndjson')
  await generateTasks(path, {tasks: TASKS, websites: Math.floor(TASKS * 0.4)})
  const oursRate = await bestRate(ours, path)
  const theirsRate = await bestRate(theirs, path)
  const lines = readFileSync(path, 'utf8').split('\n')
  const badLine = Math.floor(TASKS / 2) + 1
  lines[badLine - 1] = lines[badLine - 1].slice(0, -5)
  const bad = join(dir, 'bad.ndjson')
  writeFileSync(bad, lines.join('\n'))
  const oursError = await errorOf(ours, bad)
  const theirsError = await errorOf(theirs, bad)
  const named = (message) => (message.includes(`bad.ndjson:${badLine}`) ? 'names file:line' : 'does not name file:line')
  console.log(
    `ndjson ${TASKS} rows: webgym reader ${Math.round(oursRate)} records/s, ndjson package ${Math.round(theirsRate)} records/s (${(oursRate / theirsRate).toFixed(2)}x); ` +
      `bad line ${badLine}: webgym ${named(oursError)} ("${oursError}"), ndjson ${named(theirsError)} ("${theirsError}")`,
  )
} finally {
  rmSync(dir, {recursive: true, force: true})
}
