#!/usr/bin/env node
// bench/view: `webgym view` over 100,000 synthetic judged trajectories (BENCH_TRAJECTORIES; 1-4 steps each, no
// screenshots, tasks over about 40,000 websites, a rubric of two facts). With BENCH_RUNS=2 they are two runs of the
// same tasks (half each), so the comparison page is built too. Prints one summary line: the report's build time,
// trajectories/s and peak RSS, then what it wrote: files, bytes, the largest file of all, the largest outside the trajectory
// pages (what the index and comparison pages load: data/ chunks), and index.html itself; then the index opened in
// headless Chromium from file://: time to its first rows, to every row loaded, and for one filter over all of them.
// Target: no file the index loads over a few hundred KB.
import {spawn} from 'node:child_process'
import {createWriteStream} from 'node:fs'
import {mkdir, readdir, readFile, rm, stat} from 'node:fs/promises'
import {once} from 'node:events'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const work = join(root, 'bench', 'out', 'view')
const TRAJECTORIES = Number(process.env.BENCH_TRAJECTORIES ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 1)
const WEBSITES = Math.max(1, Math.round(TRAJECTORIES * 0.4))
const LEVELS = ['easy', 'medium', 'hard']
const STATUSES = ['answered', 'answered', 'horizon', 'stuck', 'error']

/** Writes run r's trajectories: tasks 0..perRun-1, deterministic, rewards differing a little between runs. */
async function writeRun(path, r, perRun) {
  const out = createWriteStream(path)
  for (let i = 0; i < perRun; i++) {
    const website = `site${(i * 7919) % WEBSITES}.example`
    const steps = 1 + ((i + r) % 4)
    const reward = (i * 31 + r * 17) % 100 < 40 + 10 * r ? 1 : 0
    const record = {
      task: {
        id: `bench:${i}`,
        source: i % 5 === 0 ? 'mind2web' : 'webvoyager',
        intent: `Find the opening hours of the museum listed on ${website} (case ${i})`,
        website,
        start_url: `https://${website}/`,
        domain: null,
        level: LEVELS[i % 3],
        rubric: {fact_groups: [{id: 'g1', description: 'Hours', facts: ['museum page open', 'hours shown']}]},
      },
      run: {
        policy: 'oracle',
        model: null,
        prompt_version: null,
        viewport: {width: 1280, height: 768},
        horizon: 10,
        seed: 0,
        webgym_version: '0.1.0',
        started_at: new Date(Date.UTC(2025, 0, 1 + r, 0, 0, i % 86_400)).toISOString(),
      },
      status: STATUSES[i % STATUSES.length],
      answer: reward ? '9-5' : null,
      error: null,
      steps: Array.from({length: steps}, (_, index) => ({
        index,
        url: `https://${website}/p${index}`,
        screenshot: null,
        response: null,
        action: {name: 'left_click', coordinate: [500, 300]},
        observe_ms: 20,
        policy_ms: 800,
        act_ms: 40,
      })),
      judgment: {
        reward,
        facts: [],
        key_screenshots: [],
        answer_supported: null,
        reference_match: null,
        blocked: false,
        judge: 'programmatic',
        model: null,
        prompt_version: null,
        webgym_version: '0.1.0',
        error: null,
      },
    }
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
}

/** Runs the built CLI, sampling its peak RSS (VmHWM) from /proc until it exits. */
function timedView(args) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn(process.execPath, [join(root, 'bin', 'run.js'), 'view', ...args], {
      cwd: work,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {...process.env, NODE_ENV: 'production'},
    })
    let stderr = ''
    let peakKb = 0
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const timer = setInterval(async () => {
      try {
        peakKb = Math.max(
          peakKb,
          Number(/VmHWM:\s+(\d+)/.exec(await readFile(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0),
        )
      } catch {}
    }, 50)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearInterval(timer)
      if (code !== 0) reject(new Error(`webgym view exited ${code}: ${stderr.trim()}`))
      else resolve({seconds: Number(process.hrtime.bigint() - started) / 1e9, peakMb: peakKb / 1024})
    })
  })
}

/** Every file under a folder with its size. */
async function files(folder) {
  const found = []
  for (const entry of await readdir(folder, {withFileTypes: true})) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) found.push(...(await files(path)))
    else found.push({path: relative(join(work, 'report'), path), bytes: (await stat(path)).size})
  }
  return found
}

/** Opens the index in headless Chromium from file://: ms to the first rows, to every row loaded, and for one filter. */
async function openTimes() {
  const {launchChromium} = await import(pathToFileURL(join(root, 'dist', 'lib', 'browser', 'chromium.js')).href)
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const started = Date.now()
    await page.goto(pathToFileURL(join(work, 'report', 'index.html')).href, {waitUntil: 'commit'})
    await page.locator('#trajectories tbody tr').first().waitFor()
    const firstRows = Date.now() - started
    await page.locator('#trajectories[data-complete=true]').waitFor({timeout: 120_000})
    const allRows = Date.now() - started
    const filtering = Date.now()
    await page.selectOption('select[data-filter=status]', 'error')
    await page.locator('#shown').textContent()
    return {firstRows, allRows, filter: Date.now() - filtering}
  } finally {
    await browser.close()
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const largest = (list) => list.reduce((most, file) => (file.bytes > most.bytes ? file : most), {path: '-', bytes: 0})

await rm(work, {recursive: true, force: true})
await mkdir(work, {recursive: true})
const perRun = Math.ceil(TRAJECTORIES / RUNS)
const inputs = []
for (let r = 0; r < RUNS; r++) {
  inputs.push(`run${r + 1}.ndjson`)
  await writeRun(join(work, inputs[r]), r, perRun)
}
const {seconds, peakMb} = await timedView([...inputs, '--out', 'report'])
const written = await files(join(work, 'report'))
// What the index and the comparison pages load: everything but the trajectory pages and screenshots.
const tablePages = written.filter((file) => !file.path.startsWith('t/') && !file.path.startsWith('shots/'))
const chunks = written.filter((file) => file.path.startsWith('data/')).length
const all = largest(written)
const loaded = largest(tablePages)
const index = written.find((file) => file.path === 'index.html')
const opened = await openTimes()
console.log(
  `view: ${(perRun * RUNS).toLocaleString('en')} trajectories (${RUNS} run${RUNS === 1 ? '' : 's'}) in ${seconds.toFixed(1)} s (${Math.round((perRun * RUNS) / seconds).toLocaleString('en')}/s), peak RSS ${Math.round(peakMb)} MB; ` +
    `${written.length.toLocaleString('en')} files, ${(written.reduce((sum, file) => sum + file.bytes, 0) / 2 ** 20).toFixed(0)} MB; largest file ${kb(all.bytes)} (${all.path}); ` +
    `largest outside t/ ${kb(loaded.bytes)} (${loaded.path}), ${chunks} chunk files; index.html ${kb(index.bytes)}; ` +
    `in Chromium: first rows ${opened.firstRows} ms, all rows ${opened.allRows} ms, a filter ${opened.filter} ms`,
)
