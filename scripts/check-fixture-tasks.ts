// Follows every fixture task's reference solution in real Chromium and checks the verdicts (the full run of what
// test/sites.solutions.test.ts does on a stratified sample). Prints one line per failing task and a summary line.
//
//   npx tsx scripts/check-fixture-tasks.ts [--sites N] [--family ID] [--module FILE] [--shots DIR] [--concurrency N] [--seed N]
import {mkdir} from 'node:fs/promises'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {parseArgs} from 'node:util'
import {launchChromium} from '../src/lib/browser/chromium.js'
import {FAMILIES} from '../src/lib/sites/families/index.js'
import {startSites} from '../src/lib/sites/server.js'
import type {SiteFamily} from '../src/lib/sites/types.js'
import {VIEWPORT, verifyTask, type TaskVerification} from '../src/lib/sites/verify-tasks.js'
import type {TaskInput} from '../src/lib/schema/task.js'

const {values} = parseArgs({
  options: {
    sites: {type: 'string'},
    family: {type: 'string'},
    module: {type: 'string'},
    shots: {type: 'string'},
    concurrency: {type: 'string', default: '2'},
    seed: {type: 'string', default: '0'},
  },
})

let families: readonly SiteFamily<any, any>[] = FAMILIES
if (values.module) {
  const loaded = (await import(pathToFileURL(resolve(values.module)).href)) as Record<string, unknown>
  families = Object.values(loaded).filter(
    (value): value is SiteFamily<any, any> =>
      typeof value === 'object' && value !== null && 'handle' in value && 'tasks' in value,
  )
}
if (values.family) families = families.filter((family) => family.id === values.family)
if (families.length === 0) throw new Error('no family selected')

const started = Date.now()
const server = await startSites({
  seed: Number(values.seed),
  families,
  variantsPerFamily: values.sites ? Number(values.sites) : undefined,
})
const browser = await launchChromium({hostResolverRules: server.hostResolverRules})
const tasks: TaskInput[] = [...server.catalog.taskRecords()]
const results: TaskVerification[] = []
let next = 0
try {
  if (values.shots) await screenshots(values.shots)
  await Promise.all(
    Array.from({length: Number(values.concurrency)}, async () => {
      while (next < tasks.length) {
        const task = tasks[next++]!
        const result = await verifyTask(browser, server, task)
        results.push(result)
        if (!result.ok)
          process.stdout.write(
            `FAIL ${task.id} [${task.level}, ${task.difficulty} facts]: ${result.problems.join(' | ')}\n`,
          )
      }
    }),
  )
} finally {
  await browser.close()
  await server.stop()
}
const failed = results.filter((result) => !result.ok).length
const byLevel = new Map<string, number>()
for (const task of tasks) byLevel.set(task.level ?? 'none', (byLevel.get(task.level ?? 'none') ?? 0) + 1)
const levels = [...byLevel].map(([level, count]) => `${level} ${count}`)
process.stdout.write(
  `check-fixture-tasks: ${results.length} tasks on ${server.catalog.sites.length} sites (${levels.join(', ')}) | ${results.length - failed} pass, ${failed} fail | ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
)
process.exitCode = failed === 0 ? 0 : 1

async function screenshots(dir: string): Promise<void> {
  await mkdir(dir, {recursive: true})
  const context = await browser.newContext({viewport: VIEWPORT})
  const page = await context.newPage()
  for (const site of server.catalog.sites) {
    await page.goto(`http://${site.host}/`, {waitUntil: 'load'})
    await page.screenshot({path: join(dir, `${site.family}-${site.slug}.jpg`), type: 'jpeg', quality: 80})
  }
  await context.close()
}
