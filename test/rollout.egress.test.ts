import {lookup} from 'node:dns/promises'
import {createServer as createHttpServer, type Server as HttpServer} from 'node:http'
import {createServer as createTcpServer, type AddressInfo, type Server as TcpServer} from 'node:net'
import {hostname} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {NavigationGuard} from '../src/lib/rollout/navigation-guard.js'
import {assertBuilt} from './helpers/cli.js'
import {chromiumProcesses, ndjson, readNdjson, spawnWebgym, waitFor} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

// The rollout's egress guard end to end: the built CLI, its own Chromium and proxy, a page on an allowed local host
// that opens a WebSocket and fetches to another loopback port (a canary counting TCP connections), a start URL whose
// name this machine's resolver maps to loopback (/etc/hosts), and a data: start URL.

let canary: TcpServer
let canaryPort: number
let connections = 0
let page: HttpServer
let pageHost: string
/** The same page on IPv6 loopback ([::1]:PORT), or null where this machine has none. */
let page6: HttpServer | null = null
let page6Host: string | null = null
const machine = hostname().toLowerCase()
let machineIsLocal = false

beforeAll(async () => {
  assertBuilt()
  canary = createTcpServer((socket) => {
    connections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve))
  canaryPort = (canary.address() as AddressInfo).port
  const html = `<!doctype html><title>sockets</title><body style="margin:0"><p style="font-size:40px">hello</p><script>
    new WebSocket('ws://127.0.0.1:${canaryPort}/'); new WebSocket('ws://${machine}:${canaryPort}/')
    fetch('http://${machine}:${canaryPort}/', {mode: 'no-cors'}).catch(function () {})
  </script></body>`
  page = createHttpServer((_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(html))
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  pageHost = `127.0.0.1:${(page.address() as AddressInfo).port}`
  const six = createHttpServer(
    (_request, response) =>
      void response.writeHead(200, {'content-type': 'text/html'}).end('<!doctype html><title>six</title><p>on ::1</p>'),
  )
  page6Host = await new Promise<string | null>((resolve) => {
    six.once('error', () => resolve(null))
    six.listen(0, '::1', () => resolve(`[::1]:${(six.address() as AddressInfo).port}`))
  })
  if (page6Host) page6 = six
  machineIsLocal = await lookup(machine, {all: true}).then(
    (entries) => entries.some((entry) => new NavigationGuard().checkAddress(machine, 80, entry.address) !== null),
    () => false,
  )
})
afterAll(async () => {
  page?.closeAllConnections()
  await new Promise((resolve) => page?.close(resolve))
  page6?.closeAllConnections()
  await new Promise((resolve) => (page6 ? page6.close(resolve) : resolve(undefined)))
  await new Promise((resolve) => canary?.close(resolve))
})

const task = (id: string, startUrl: string) => ({
  id: `test:${id}`,
  source: 'test',
  intent: `Egress ${id}`,
  website: 'egress.test',
  start_url: startUrl,
  reference_answer: null,
})

async function rollout(tasks: unknown[], args: string[], exitCode: number) {
  const dir = workdir().dir
  const out = join(dir, 'traj.ndjson')
  const result = await spawnWebgym(
    ['rollout', '--concurrency', '1', '--browsers', '1', '--shots', join(dir, 'shots'), '-o', out, ...args, '-'],
    {input: ndjson(tasks), tmp: dir},
  )
  expect(result.stderr).not.toMatch(/internal error/)
  expect(result.exitCode, result.stderr).toBe(exitCode)
  await waitFor(() => chromiumProcesses(dir).length === 0, 10_000, 'no Chromium left')
  return readNdjson(out)
}

describe('rollout egress guard', () => {
  it("records a page's refused WebSocket and fetch to loopback in the step, and nothing reaches it", async () => {
    const [trajectory] = await rollout(
      [task('sockets', `http://${pageHost}/`)],
      ['--policy', 'random', '--random-actions', 'left_click', '--horizon', '2', '--allow-host', pageHost],
      0,
    )
    expect(trajectory.steps.length).toBeGreaterThan(0)
    expect(connections).toBe(0)
    // The page's own sockets and fetch are not the click's doing: the step's `refused`, one entry per host with the
    // first URL and how many, never its action_error.
    type Refused = {host: string; count: number; reason: string; url: string}
    const steps = trajectory.steps as {action_error: string | null; refused?: Refused[]}[]
    expect(steps.map((step) => step.action_error)).toEqual(steps.map(() => null))
    const refused = steps[0]!.refused ?? []
    expect(refused).toContainEqual({
      host: '127.0.0.1',
      count: 1,
      reason: 'blocked: 127.0.0.1 is a loopback address (use --allow-host to allow it)',
      url: `ws://127.0.0.1:${canaryPort}/`,
    })
    if (machineIsLocal) {
      const machineEntry = refused.find((entry) => entry.host === machine)
      expect(machineEntry?.reason).toMatch(new RegExp(`^blocked: ${machine} resolves to `))
      expect(machineEntry?.count).toBe(2)
    }
  }, 120_000)

  it('refuses a start URL whose name resolves to this machine, and a data: start URL, naming why', async (context) => {
    const tasks = [
      task('data', 'data:text/html,<h1>hi</h1>'),
      ...(machineIsLocal ? [task('machine', `http://${machine}:${canaryPort}/`)] : []),
    ]
    const trajectories = await rollout(tasks, ['--policy', 'random'], 1)
    const byId = new Map(trajectories.map((t: {id: string}) => [t.id, t]))
    expect(byId.get('test:data#1')).toMatchObject({status: 'error', cause: {kind: 'guard-refused'}, steps: []})
    expect(JSON.stringify(byId.get('test:data#1'))).toContain('blocked: data: URLs are not allowed')
    expect(connections).toBe(0)
    if (!machineIsLocal) return context.skip(`${machine} does not resolve to a local address here`)
    const refused = byId.get('test:machine#1') as unknown as {cause: {kind: string}; steps: unknown[]}
    expect(refused).toMatchObject({status: 'error', cause: {kind: 'guard-refused'}, steps: []})
    expect(JSON.stringify(refused)).toMatch(new RegExp(`${machine} resolves to 127\\.0\\.0\\.1, a loopback address`))
  }, 120_000)

  it("allows an IPv6 literal with --allow-host '[::1]:PORT', and names why it refuses another port of [::1]", async (context) => {
    if (!page6Host) return context.skip('this machine has no IPv6 loopback')
    const other = `[::1]:${canaryPort}`
    const trajectories = await rollout(
      [task('six', `http://${page6Host}/`), task('six-other', `http://${other}/`)],
      ['--policy', 'random', '--random-actions', 'scroll', '--horizon', '1', '--allow-host', page6Host],
      0,
    )
    const byId = new Map(trajectories.map((t: {id: string}) => [t.id, t]))
    // Chromium hands the proxy [::1] as the name "::1": the page loads only if the proxy reads it as the literal.
    expect(byId.get('test:six#1'), JSON.stringify(byId.get('test:six#1'))).toMatchObject({
      status: 'horizon',
      error: null,
      steps: [{url: `http://${page6Host}/`, title: 'six'}],
    })
    expect(byId.get('test:six-other#1')).toMatchObject({status: 'error', cause: {kind: 'guard-refused'}, steps: []})
    expect((byId.get('test:six-other#1') as unknown as {error: string}).error).toBe(
      `the start page http://${other}/ was refused: blocked: [::1] is a loopback address (use --allow-host to allow it)`,
    )
    expect(connections).toBe(0)
  }, 120_000)
})
