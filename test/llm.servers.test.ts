// Several policy servers (vLLM replicas) behind one --base-url list: requests go to the least loaded, a server that
// dies mid-run is taken out and its requests in flight go to the other, and the summaries say so. The built CLI
// against two stand-ins over real HTTP; the rollout on a local page in real Chromium.
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {dump} from './helpers/cli.js'
import {startStandin, type Standin, type StandinReply, type StandinRequest} from './helpers/openai-standin.js'
import {ndjson} from './helpers/rollout.js'
import {jsonReply} from './helpers/structured.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

const PAGE = `<!doctype html><html><head><title>replicas</title></head><body style="margin:0;font:16px sans-serif">
<p>Policy replicas test page</p></body></html>`

let page: Server
let pageHost: string
beforeAll(async () => {
  page = createServer((_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(PAGE))
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  pageHost = `127.0.0.1:${(page.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => page?.close(resolve))
})

const call = (args: Record<string, unknown>) =>
  `Thought: next.\nAction: ${String(args.action)}\n<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: args})}\n</tool_call>`

/** Two scrolls, then the answer: three policy requests per episode (the step is the number of screenshots sent). */
function policyReply(request: StandinRequest): StandinReply {
  const step = request.images
  return {
    content:
      step >= 3
        ? call({action: 'answer', text: 'done'})
        : call({action: 'scroll', coordinate: [500, 500], direction: step === 1 ? 'down' : 'up'}),
    delayMs: 150,
  }
}

describe('rollout with two policy servers', () => {
  it('loses no episode when one server dies mid-run: its requests go to the other, and the summary shows the failover', async () => {
    const wd = workdir()
    let b: Standin | undefined
    let bChats = 0
    const a = await startStandin({models: ['vl'], handler: policyReply})
    b = await startStandin({
      models: ['vl'],
      handler: (request) => {
        // The server goes away while this request (and others) are in flight: their connections are reset.
        if (request.path === '/v1/chat/completions' && ++bChats === 4) void b!.close()
        return policyReply(request)
      },
    })
    try {
      const tasks = Array.from({length: 8}, (_, i) => ({
        id: `t:${i}`,
        source: 't',
        intent: `Look at the page ${i}`,
        website: '127.0.0.1',
        start_url: `http://${pageHost}/`,
      }))
      wd.write('tasks.ndjson', ndjson(tasks))
      const result = await wd.run(
        [
          'rollout',
          '--base-url',
          `${a.url},${b.url}`,
          '--model',
          'vl',
          '--allow-host',
          pageHost,
          '--concurrency',
          '4',
          '--browsers',
          '2',
          '--horizon',
          '6',
          '--shots',
          'shots',
          '--summary',
          'summary.json',
          'tasks.ndjson',
          '-o',
          'traj.ndjson',
        ],
        {cleanEnv: true},
      )
      expect(result.exitCode, dump(result)).toBe(0)
      const trajectories = wd
        .read('traj.ndjson')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
      expect(trajectories.map((t) => t.task.id).sort()).toEqual(tasks.map((t) => t.id).sort())
      expect(trajectories.map((t) => t.status)).toEqual(Array(8).fill('answered'))
      for (const trajectory of trajectories) expect(trajectory.steps).toHaveLength(3)
      const summary = JSON.parse(wd.read('summary.json'))
      const [first, second] = summary.policy_servers
      expect(first.base_url).toBe(a.url)
      expect(second).toMatchObject({base_url: b.url, taken_out: 1, out: true})
      // The requests in flight on the server that died were sent to the other at once.
      expect(second.failovers).toBeGreaterThanOrEqual(1)
      expect(second.errors).toBeGreaterThanOrEqual(second.failovers)
      // 24 steps were decided; the server that died answered at most 3 of them, the other the rest.
      expect(a.requests.filter((r) => r.path === '/v1/chat/completions').length).toBeGreaterThanOrEqual(21)
      expect(first.requests).toBeGreaterThan(second.requests)
      expect(first.latency_p50_ms).toBeGreaterThanOrEqual(150)
      expect(result.stderr).toContain(`model server ${b.url} taken out (ECONNRESET)`)
      expect(result.stderr).toMatch(
        new RegExp(`rollout: policy servers: ${a.url.replaceAll('.', '\\.')} \\d+ requests, 0 errors`),
      )
    } finally {
      await a.close()
      await b?.close()
    }
  }, 180_000)
})

describe('a model-backed stage with two servers (tasks classify)', () => {
  it('sends every request to the server that answers when the other refuses connections, and says so', async () => {
    const wd = workdir()
    const up = await startStandin({handler: () => jsonReply({subdomain: 'News'})})
    // A port nothing listens on: a closed stand-in's.
    const gone = await startStandin()
    await gone.close()
    try {
      const tasks = Array.from({length: 12}, (_, i) => ({
        id: `t:${i}`,
        source: 't',
        intent: `Case ${i}: read the news`,
        website: 'example.com',
        start_url: 'https://example.com/',
      }))
      wd.write('tasks.ndjson', ndjson(tasks))
      // The list from OPENAI_BASE_URL, comma-separated, the dead server first.
      const result = await wd.run(
        ['tasks', 'classify', '--model', 'm', '--no-cache', '--concurrency', '4', 'tasks.ndjson'],
        {cleanEnv: true, env: {OPENAI_BASE_URL: `${gone.url},${up.url}`}},
      )
      expect(result.exitCode, dump(result)).toBe(0)
      expect(result.stdout.trim().split('\n')).toHaveLength(12)
      expect(up.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(12)
      expect(result.stderr).toContain(`model server ${gone.url} taken out (ECONNREFUSED)`)
      expect(result.stderr).toMatch(
        /tasks classify: 12 model requests \(\d+ HTTP, 0 retries, 0 repairs\), 0 cache hits, 0 failures/,
      )
      expect(result.stderr).toMatch(
        new RegExp(
          `servers: ${gone.url.replaceAll('.', '\\.')} [1-9]\\d* requests, [1-9]\\d* errors, [1-9]\\d* failed over, taken out 1x`,
        ),
      )
      // Both dead: one line naming both, after the retries.
      const dead = await wd.run(
        ['tasks', 'classify', '--model', 'm', '--no-cache', '--max-retries', '1', 'tasks.ndjson'],
        {cleanEnv: true, env: {OPENAI_BASE_URL: `${gone.url},${gone.url.replace('127.0.0.1', 'localhost')}`}},
      )
      expect(dead.exitCode).toBe(1)
      expect(dead.stderr).toContain(
        `cannot reach any of the model servers (${gone.url}, ${gone.url.replace('127.0.0.1', 'localhost')}) (ECONNREFUSED) (after 1 retry)`,
      )
    } finally {
      await up.close()
    }
  }, 120_000)
})
