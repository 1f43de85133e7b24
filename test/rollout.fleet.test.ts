// A browser fleet: `--browser-ws` naming a file of `webgym browsers serve` endpoints that changes during the run, and
// a DNS name whose addresses are the fleet. A server that dies mid-run loses only its episodes in flight, which are
// tried again on the others; a server added to the file joins. Real processes: fixture web, browser servers, rollout.
import {appendFileSync, existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt, dump} from './helpers/cli.js'
import {
  chromiumProcesses,
  firstLine,
  fixtureSample,
  ndjson,
  readNdjson,
  spawnWebgym,
  waitFor,
} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

beforeAll(() => assertBuilt())

const lineCount = (path: string) =>
  existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean).length : 0

describe('rollout --browser-ws with a fleet', () => {
  it('keeps every task when a browser server dies mid-run, and takes in a server added to the file', async () => {
    const wd = workdir()
    const sites = spawnWebgym(['sites', 'serve', '--port', '0'])
    const info = JSON.parse(await firstLine(sites))
    const serve = (name: string) =>
      spawnWebgym(['browsers', 'serve', '--host-resolver-rules', info.host_resolver_rules], {tmp: wd.mkdir(name)})
    const servers = {a: serve('a'), b: serve('b')}
    // Listening from the start: a line printed before anyone listens is gone.
    const started = [firstLine(servers.a), firstLine(servers.b)]
    let c: ReturnType<typeof spawnWebgym> | undefined
    try {
      const [a, b] = (await Promise.all(started)).map((line) => JSON.parse(line).ws_endpoint as string)
      writeFileSync(wd.path('fleet.txt'), `# the fleet\n${a}\n${b}\n`)
      const tasks = fixtureSample(2)
      wd.write('tasks.ndjson', ndjson(tasks))
      const rollout = wd.spawn(
        [
          'rollout',
          '--policy',
          'oracle',
          '--horizon',
          '60',
          '--browser-ws',
          'fleet.txt',
          '--sites',
          info.url,
          '--sites-token',
          info.token,
          '--concurrency',
          '4',
          '--retries',
          '3',
          '--shots',
          'shots',
          '--summary',
          'summary.json',
          'tasks.ndjson',
          '-o',
          'traj.ndjson',
        ],
        {tmp: wd.mkdir('rollout')},
      )
      // Server b dies (its Chromium killed) while episodes run on it; server c is added to the file.
      await waitFor(() => lineCount(wd.path('traj.ndjson')) >= 2, 120_000, 'two trajectories')
      for (const pid of chromiumProcesses(wd.path('b'))) process.kill(pid, 'SIGKILL')
      c = serve('c')
      const cEndpoint = JSON.parse(await firstLine(c)).ws_endpoint as string
      appendFileSync(wd.path('fleet.txt'), `${cEndpoint}\n`)
      const result = await rollout
      expect(result.exitCode, dump(result)).toBe(0)
      const trajectories = readNdjson(wd.path('traj.ndjson'))
      expect(trajectories.map((t) => t.task.id).sort()).toEqual(tasks.map((t) => t.id).sort())
      // Every episode ran to its end somewhere: those on b were tried again on the others.
      const ends = JSON.stringify(
        trajectories.filter((t) => t.status !== 'answered').map((t) => [t.id, t.status, t.cause, t.error]),
      )
      expect(
        trajectories.map((t) => [t.task.id, t.status, t.check?.pass]),
        ends,
      ).toEqual(trajectories.map((t) => [t.task.id, 'answered', true]))
      const summary = JSON.parse(wd.read('summary.json'))
      expect(summary.episode_retries).toBeGreaterThanOrEqual(1)
      expect(summary.browser_restarts).toBeGreaterThanOrEqual(1)
      // Told when it disconnected, or when an episode's failure led to a check that it no longer answers.
      expect(result.stderr).toMatch(
        new RegExp(
          `browser server ${b.replaceAll('.', '\\.')} (disconnected: its episodes in flight are retried on the others, and it is tried again|does not answer: connecting again)`,
        ),
      )
      expect(result.stderr).toContain(`browser server ${cEndpoint} joined the fleet`)
      expect((await servers.b).exitCode).not.toBeNull()
    } finally {
      for (const child of [servers.a, servers.b, c, sites]) child?.kill('SIGINT')
      await Promise.allSettled([servers.a, servers.b, c, sites])
    }
    for (const name of ['a', 'b', 'c', 'rollout']) expect(chromiumProcesses(wd.path(name))).toEqual([])
  }, 300_000)

  it('finds the fleet from a DNS name (dns+ws://NAME:PORT/PATH with browsers serve --ws-path)', async () => {
    const wd = workdir()
    const sites = spawnWebgym(['sites', 'serve', '--port', '0'])
    const info = JSON.parse(await firstLine(sites))
    const server = spawnWebgym(
      ['browsers', 'serve', '--ws-path', '/fleet-secret', '--host-resolver-rules', info.host_resolver_rules],
      {tmp: wd.mkdir('server')},
    )
    try {
      const endpoint = JSON.parse(await firstLine(server)).ws_endpoint as string
      expect(endpoint).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/fleet-secret$/)
      const port = new URL(endpoint).port
      const tasks = fixtureSample(1).slice(0, 2)
      wd.write('tasks.ndjson', ndjson(tasks))
      // localhost: the addresses it resolves to are the fleet (127.0.0.1 answers; ::1, where there is one, does not).
      const result = await wd.run([
        'rollout',
        '--policy',
        'oracle',
        '--horizon',
        '60',
        '--browser-ws',
        `dns+ws://localhost:${port}/fleet-secret`,
        '--sites',
        info.url,
        '--sites-token',
        info.token,
        '--shots',
        'shots',
        'tasks.ndjson',
        '-o',
        'traj.ndjson',
      ])
      expect(result.exitCode, dump(result)).toBe(0)
      expect(readNdjson(wd.path('traj.ndjson')).map((t) => t.status)).toEqual(['answered', 'answered'])
      // A file that is not there and is not an endpoint: one line, before anything starts.
      const missing = await wd.run([
        'rollout',
        '--policy',
        'oracle',
        '--browser-ws',
        'no-such-fleet.txt',
        'tasks.ndjson',
      ])
      expect(missing.exitCode).toBe(2)
      expect(missing.stderr).toMatch(
        /^webgym: --browser-ws no-such-fleet\.txt: no such file \(and not a ws:\/\/ endpoint\)/,
      )
      expect(join(wd.dir, 'traj.ndjson')).toBeTruthy()
    } finally {
      server.kill('SIGINT')
      sites.kill('SIGINT')
      await Promise.allSettled([server, sites])
    }
  }, 300_000)
})
