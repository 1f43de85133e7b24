import {existsSync, readdirSync} from 'node:fs'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {Catalog} from '../src/lib/sites/catalog.js'
import {startSites, type SitesServer} from '../src/lib/sites/server.js'
import {assertBuilt} from './helpers/cli.js'
import {startStandin, type Standin} from './helpers/openai-standin.js'
import {chromiumBrowsers, chromiumProcesses, ndjson, readNdjson, spawnWebgym, waitFor} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

// Why an episode ended is typed: status and cause {kind, stage}. Each end is brought about for real (a killed browser,
// a page that never answers, a renderer stuck in a script, a model server that fails, a start URL the guard refuses)
// and told by those fields alone, never by matching the error text.

// A page whose button sends the renderer into an endless script: the next observation cannot be taken.
const STUCK_PAGE = `<!doctype html><html><head><title>stuck</title></head><body style="margin:0">
<button id="spin" onclick="for (;;) {}" style="position:absolute;left:0;top:0;width:1280px;height:768px">spin</button></body></html>`

let page: Server
let pageUrl: string
let pageHost: string
let standin: Standin
let sites: SitesServer
const shop = [...new Catalog({seed: 0}).taskRecords()].filter((task) => task.meta?.family === 'shop')

beforeAll(async () => {
  assertBuilt()
  page = createServer(
    (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(STUCK_PAGE),
  )
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  pageHost = `127.0.0.1:${(page.address() as AddressInfo).port}`
  pageUrl = `http://${pageHost}/`
  standin = await startStandin({models: ['standin-vl']})
  sites = await startSites({port: 0, faults: 'none'})
})
afterAll(async () => {
  await standin?.close()
  await sites?.stop()
  page?.closeAllConnections()
  await new Promise((resolve) => page?.close(resolve))
})

const task = (id: string, startUrl: string) => ({
  id: `test:${id}`,
  source: 'test',
  intent: `Outcome ${id}`,
  website: new URL(startUrl).hostname,
  start_url: startUrl,
  reference_answer: null,
})
const click = `Action: click\n<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: {action: 'left_click', coordinate: [500, 500]}})}\n</tool_call>`

async function rollout(
  tasks: unknown[],
  args: string[],
  options: {exitCode?: number; during?: (dir: string) => Promise<void>} = {},
) {
  const dir = workdir().dir
  const out = join(dir, 'traj.ndjson')
  const child = spawnWebgym(
    ['rollout', '--concurrency', '1', '--browsers', '1', '--shots', join(dir, 'shots'), '-o', out, ...args, '-'],
    {input: ndjson(tasks), tmp: dir},
  )
  await options.during?.(dir)
  const result = await child
  expect(result.stderr).not.toMatch(/internal error/)
  expect(result.exitCode, result.stderr).toBe(options.exitCode ?? 0)
  await waitFor(() => chromiumProcesses(dir).length === 0, 10_000, 'no Chromium left')
  return readNdjson(out)
}

describe('typed episode ends', () => {
  it('a browser killed under an episode, with no retries left: error, browser-lost', async () => {
    const [first, second] = shop
    const trajectories = await rollout(
      [first, second],
      [
        '--policy',
        'random',
        '--random-actions',
        'scroll',
        '--horizon',
        '40',
        '--retries',
        '0',
        '--fixture-faults',
        'none',
      ],
      {
        during: async (dir) => {
          await waitFor(
            () => existsSync(join(dir, 'shots')) && readdirSync(join(dir, 'shots')).length >= 3,
            120_000,
            'the first steps',
          )
          process.kill(chromiumBrowsers(dir)[0]!, 'SIGKILL')
        },
      },
    )
    const byTask = new Map(trajectories.map((t) => [t.task.id, t]))
    expect(byTask.get(first!.id)).toMatchObject({status: 'error', cause: {kind: 'browser-lost'}})
    // The next episode runs on the browser started in its place.
    expect(byTask.get(second!.id)).toMatchObject({status: 'horizon', cause: {kind: 'horizon'}})
  }, 300_000)

  it('a start page that never answers: error, timeout in stage start', async () => {
    const [target] = shop
    sites.setFaults('hang=1', new URL(target!.start_url!).hostname)
    try {
      const [trajectory] = await rollout(
        [target],
        [
          '--policy',
          'random',
          '--sites',
          sites.url,
          '--sites-token',
          sites.token,
          '--navigation-timeout',
          '2',
          '--step-timeout',
          '2',
        ],
        {exitCode: 1},
      )
      expect(trajectory).toMatchObject({status: 'error', cause: {kind: 'timeout', stage: 'start'}, steps: []})
    } finally {
      sites.setFaults('none', new URL(target!.start_url!).hostname)
    }
  }, 120_000)

  it('a renderer stuck in a script: error, timeout in stage observe; the settle wait ended at its bound first', async () => {
    standin.reset()
    standin.setHandler(() => ({content: click}))
    const [trajectory] = await rollout(
      [task('stuck', pageUrl)],
      [
        '--base-url',
        standin.url,
        '--model',
        'standin-vl',
        '--allow-host',
        pageHost,
        '--step-timeout',
        '4',
        '--settle-timeout',
        '1',
      ],
      {exitCode: 1},
    )
    expect(trajectory).toMatchObject({status: 'error', cause: {kind: 'timeout', stage: 'observe'}})
    expect(trajectory.steps).toHaveLength(1)
  }, 120_000)

  it('a model server that answers 500 after its retries: error, policy-failed', async () => {
    standin.reset()
    standin.setHandler(() => ({status: 500}))
    const [trajectory] = await rollout(
      [task('five-hundred', pageUrl)],
      ['--base-url', standin.url, '--model', 'standin-vl', '--allow-host', pageHost, '--max-retries', '1'],
      {exitCode: 1},
    )
    expect(trajectory).toMatchObject({status: 'error', cause: {kind: 'policy-failed'}, steps: []})
    expect(standin.requests).toHaveLength(2)
  }, 120_000)

  it('a start URL the navigation guard refuses: error, guard-refused, and the page is never asked for', async () => {
    let hits = 0
    const local = createServer((_request, response) => {
      hits++
      response.end('secret')
    })
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}/`
      const [trajectory] = await rollout([task('guarded', url)], ['--policy', 'random'], {exitCode: 1})
      expect(trajectory).toMatchObject({status: 'error', cause: {kind: 'guard-refused'}, steps: []})
      expect(hits).toBe(0)
    } finally {
      await new Promise((resolve) => local.close(resolve))
    }
  }, 120_000)

  it('ends of their own: answered, horizon, and stuck after --max-repeats (no-effect)', async () => {
    standin.reset()
    standin.script([
      {
        match: 'Outcome answered',
        reply: {
          content: `Action: answer\n<tool_call>\n{"name": "computer_use", "arguments": {"action": "answer", "text": "done"}}\n</tool_call>`,
        },
      },
    ])
    // The same scroll on a page that cannot scroll: no effect, three times in a row.
    // Otherwise a new address each step: never the same action twice, so only the cap ends it.
    const navigate = (index: number) =>
      `Action: navigate\n<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: {action: 'navigate', url: `${pageUrl}?n=${index}`}})}\n</tool_call>`
    standin.setHandler((request) => ({
      content: request.text.includes('Outcome stuck')
        ? `Action: scroll\n<tool_call>\n{"name": "computer_use", "arguments": {"action": "scroll", "direction": "up"}}\n</tool_call>`
        : navigate(request.index),
    }))
    const trajectories = await rollout(
      [task('answered', pageUrl), task('stuck', pageUrl), task('capped', pageUrl)],
      [
        '--base-url',
        standin.url,
        '--model',
        'standin-vl',
        '--allow-host',
        pageHost,
        '--horizon',
        '8',
        '--max-repeats',
        '3',
      ],
    )
    const byTask = new Map(trajectories.map((t) => [t.task.id, t]))
    expect(byTask.get('test:answered')).toMatchObject({status: 'answered', cause: {kind: 'answered'}})
    expect(byTask.get('test:stuck')).toMatchObject({status: 'stuck', cause: {kind: 'no-effect'}})
    expect(byTask.get('test:capped')).toMatchObject({status: 'horizon', cause: {kind: 'horizon'}})
  }, 120_000)
})
