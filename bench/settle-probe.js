#!/usr/bin/env node
// bench/settle-probe: what settle's in-page probe (SETTLE_PROBE in src/lib/rollout/settle.ts: a MutationObserver over
// the whole document, a layout-shift observer, event listeners, fetch and XHR counted as they are made) costs the
// pages it runs in, on the saved real pages and on the fixture web. Prints one summary line on stdout (details on
// stderr); exits 0 whatever the figures, 1 when the measurement could not be made.
//
// One Chromium (webgym's flags), one page at a time, no egress proxy or guard (hosts outside the fixture web do not
// resolve). Every page of --pages (default fixtures/real-pages) and --fixture pages (default 33) of the fixture web
// without faults, each visited three ways in a rotating order: without the probe; with the probe installed (as the
// rollout installs it: an init script of the context); with the probe installed and asked every 250 ms, as settling
// polls it. A visit: a fresh context with the rollout's viewport, the page loaded (its `load` event), half a second,
// then two wheel scrolls of 500 px 600 ms apart. Measured per visit: the browser's CPU (every Chromium process, from
// /proc, the load included) and the page's main thread after its load (CDP Performance: tasks, script, layout, style).
// Repeated --repeats times (default 2); per page the least of its visits' figures counts for each way.
import {spawn} from 'node:child_process'
import {join, dirname} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {parseArgs} from 'node:util'
import {readProcTree, treeTicks, TICK_MS} from './cpu.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const VIEWPORT = {width: 1280, height: 768}
const POLL_MS = 250
const SCROLLS = 2
const SCROLL_GAP_MS = 600
const WAYS = ['none', 'probe', 'polled']

const {values: flags} = parseArgs({
  options: {
    pages: {type: 'string', default: join(root, 'fixtures', 'real-pages')},
    fixture: {type: 'string', default: '33'},
    repeats: {type: 'string', default: '2'},
  },
})
const FIXTURE = count('--fixture', flags.fixture, 0)
const REPEATS = count('--repeats', flags.repeats, 1)

function count(flag, text, least) {
  const n = Number(text)
  if (!Number.isInteger(n) || n < least) {
    console.error(`bench/settle-probe: ${flag} must be an integer >= ${least}, got ${JSON.stringify(text)}`)
    process.exit(2)
  }
  return n
}

const log = (line) => console.error(`bench/settle-probe: ${line}`)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const lib = (path) => import(pathToFileURL(join(root, 'dist', 'lib', path)).href)

/** Runs the built CLI to its end and resolves with its stdout. */
function cli(args) {
  const child = spawn(process.execPath, [join(root, 'bin', 'run.js'), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)))
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`webgym ${args.join(' ')} exited ${code}: ${stderr.trim()}`)),
    ),
  )
}

/** `webgym sites serve` with the saved pages; resolves with its JSON line and a stop function. */
async function serve() {
  const child = spawn(
    process.execPath,
    [join(root, 'bin', 'run.js'), 'sites', 'serve', '--port', '0', '--faults', 'none', '--pages', flags.pages, '-q'],
    {cwd: root, stdio: ['ignore', 'pipe', 'inherit']},
  )
  const info = await new Promise((resolve, reject) => {
    let text = ''
    child.stdout.on('data', (chunk) => {
      text += chunk
      if (text.includes('\n')) resolve(JSON.parse(text.slice(0, text.indexOf('\n'))))
    })
    child.on('exit', (code) => reject(new Error(`webgym sites serve exited ${code}`)))
  })
  return {info, pid: child.pid, stop: () => child.kill('SIGTERM')}
}

/** The start pages: every saved page, then FIXTURE fixture start pages spread evenly over the task list. */
async function startPages() {
  const {PageSites} = await lib('sites/pages/page-sites.js')
  const real = (await PageSites.open(flags.pages)).pages.map(({host}) => ({kind: 'real', url: `http://${host}/`}))
  const urls = [
    ...new Set(
      (await cli(['sites', 'tasks', '-q']))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).start_url),
    ),
  ].sort()
  const fixture = Array.from({length: Math.min(FIXTURE, urls.length)}, (_, i) => ({
    kind: 'fixture',
    url: urls[Math.floor(((i + 0.5) * urls.length) / Math.min(FIXTURE, urls.length))],
  }))
  return [...real, ...fixture]
}

const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration']

async function mainThread(cdp) {
  const {metrics} = await cdp.send('Performance.getMetrics')
  return Object.fromEntries(METRICS.map((name) => [name, (metrics.find((m) => m.name === name)?.value ?? 0) * 1000]))
}

/** One visit of `url` the given way: the page's main-thread ms after its load, and how often the probe was asked. */
async function visit(browser, url, way, probe) {
  const context = await browser.newContext({viewport: VIEWPORT, deviceScaleFactor: 1, locale: 'en-US'})
  try {
    if (way !== 'none') await context.addInitScript(probe)
    const page = await context.newPage()
    await page.goto(url, {waitUntil: 'load', timeout: 60_000}).catch(() => {})
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    const loaded = await mainThread(cdp)
    let polling = way === 'polled'
    let polls = 0
    const poller = (async () => {
      while (polling) {
        await page.evaluate('window.__webgymSettle && window.__webgymSettle()').catch(() => {})
        polls++
        await sleep(POLL_MS)
      }
    })()
    await sleep(500)
    for (let i = 0; i < SCROLLS; i++) {
      await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2).catch(() => {})
      await page.mouse.wheel(0, 500).catch(() => {})
      await sleep(SCROLL_GAP_MS)
    }
    polling = false
    await poller
    const after = await mainThread(cdp).catch(() => loaded)
    return {...Object.fromEntries(METRICS.map((name) => [name, after[name] - loaded[name]])), polls}
  } finally {
    await context.close().catch(() => {})
  }
}

async function main() {
  const {launchChromium} = await lib('browser/chromium.js')
  const {SETTLE_PROBE} = await lib('rollout/settle.js')
  const sites = await serve()
  let browser
  try {
    const pages = await startPages()
    browser = await launchChromium({hostResolverRules: `${sites.info.host_resolver_rules}, MAP * ~NOTFOUND`})
    // Chromium's processes: the children of this one that Playwright started, and theirs.
    const chromium = [...readProcTree()]
      .filter(([pid, {ppid}]) => ppid === process.pid && pid !== sites.pid)
      .map(([pid]) => pid)
    log(`${pages.length} pages (${pages.filter((p) => p.kind === 'real').length} saved real pages), ${REPEATS} rounds`)
    const best = pages.map(() => Object.fromEntries(WAYS.map((way) => [way, null])))
    for (let round = 0; round < REPEATS; round++)
      for (const [i, {url}] of pages.entries())
        for (let k = 0; k < WAYS.length; k++) {
          const way = WAYS[(i + round + k) % WAYS.length]
          const figures = await visitTree(browser, chromium, url, way, SETTLE_PROBE)
          const held = best[i][way]
          best[i][way] = held
            ? Object.fromEntries(Object.keys(figures).map((key) => [key, Math.min(held[key], figures[key])]))
            : figures
        }
    report(pages, best)
  } finally {
    await browser?.close().catch(() => {})
    sites.stop()
  }
}

/** visit() with the CPU of every Chromium process this one started (the browser and its descendants). */
async function visitTree(browser, chromium, url, way, probe) {
  const ticks = () => {
    const tree = readProcTree()
    return chromium.reduce((sum, pid) => sum + treeTicks(tree, pid), 0)
  }
  const before = ticks()
  const figures = await visit(browser, url, way, probe)
  return {...figures, browserMs: (ticks() - before) * TICK_MS}
}

function report(pages, best) {
  const sum = (kind, way, key) =>
    pages.reduce((total, page, i) => total + (kind === 'all' || page.kind === kind ? best[i][way][key] : 0), 0)
  const parts = []
  for (const kind of ['real', 'fixture']) {
    const n = pages.filter((page) => page.kind === kind).length
    if (n === 0) continue
    const per = (way, key) => sum(kind, way, key) / n
    const share = (way, key) => `${(100 * (per(way, key) / Math.max(1e-9, per('none', key)) - 1)).toFixed(1)}%`
    parts.push(
      `${kind} pages (${n}): browser CPU ms per visit none ${per('none', 'browserMs').toFixed(0)}, probe ${per('probe', 'browserMs').toFixed(0)} (${share('probe', 'browserMs')}), polled ${per('polled', 'browserMs').toFixed(0)} (${share('polled', 'browserMs')}); ` +
        `main thread after load ms none ${per('none', 'TaskDuration').toFixed(1)}, probe ${per('probe', 'TaskDuration').toFixed(1)} (script ${per('probe', 'ScriptDuration').toFixed(1)} vs ${per('none', 'ScriptDuration').toFixed(1)}, layout ${per('probe', 'LayoutDuration').toFixed(1)} vs ${per('none', 'LayoutDuration').toFixed(1)}), polled ${per('polled', 'TaskDuration').toFixed(1)} (${(sum(kind, 'polled', 'polls') / n).toFixed(1)} polls)`,
    )
  }
  const worst = pages
    .map((page, i) => ({url: page.url, extra: best[i].probe.TaskDuration - best[i].none.TaskDuration}))
    .sort((a, b) => b.extra - a.extra)
    .slice(0, 5)
  for (const {url, extra} of worst) log(`most probe main-thread time after load: ${url} +${extra.toFixed(1)} ms`)
  console.log(`bench/settle-probe: ${parts.join('; ')}`)
}

main().catch((error) => {
  console.error(`bench/settle-probe: ${error.message}`)
  process.exit(1)
})
