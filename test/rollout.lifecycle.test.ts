import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {Catalog} from '../src/lib/sites/catalog.js'
import {assertBuilt} from './helpers/cli.js'
import {
  chromiumBrowsers,
  chromiumProcesses,
  firstLine,
  fixtureSample,
  ndjson,
  readNdjson,
  spawnWebgym,
  waitFor,
} from './helpers/rollout.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'
import {workdir} from './helpers/workdir.js'

// Crashes, signals, resumption, the sync scheduler, remote browsers and the blocklist, with the built CLI as a child
// process, real Chromium (the headless shell: what is under test is webgym's handling, not what Chromium draws) and
// the fixture web.
driveHeadlessShell()
const sample = fixtureSample(2)
const lines = (path: string) =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => line.trim()).length
    : 0

beforeAll(() => assertBuilt())

describe('rollout lifecycle', () => {
  it('replaces a browser killed mid-run and still writes exactly one record per task', async () => {
    const {dir} = workdir()
    const out = join(dir, 'traj.ndjson')
    const summary = join(dir, 'summary.json')
    writeFileSync(join(dir, 'tasks.ndjson'), ndjson(sample))
    const child = spawnWebgym(
      [
        'rollout',
        '--policy',
        'random',
        '--horizon',
        '6',
        '--concurrency',
        '4',
        '--browsers',
        '2',
        '--shots',
        join(dir, 'shots'),
        '--summary',
        summary,
        '-o',
        out,
        join(dir, 'tasks.ndjson'),
      ],
      {tmp: dir},
    )
    await waitFor(() => lines(out) >= 2, 240_000, 'two trajectories')
    const browsers = chromiumBrowsers(dir)
    expect(browsers).toHaveLength(2)
    process.kill(browsers[0]!, 'SIGKILL')
    const result = await child
    expect(result.stderr).toMatch(/disconnected: starting a new one/)
    expect(result.exitCode).toBe(0)
    const ids = readNdjson(out).map((t) => t.task.id)
    expect(ids.sort()).toEqual(sample.map((t) => t.id).sort())
    const stats = JSON.parse(readFileSync(summary, 'utf8'))
    expect(stats.browser_restarts).toBe(1)
    expect(stats.episode_retries + stats.by_status.error).toBeGreaterThanOrEqual(1)
    expect(chromiumProcesses(dir)).toEqual([])
  }, 600_000)

  it('replaces a hung browser (stopped with SIGSTOP) and retries its episodes elsewhere', async () => {
    const {dir} = workdir()
    const out = join(dir, 'traj.ndjson')
    const summary = join(dir, 'summary.json')
    // Enough tasks that the stopped browser is certain to hold or get an episode after the stop.
    const tasks = sample.slice(0, 10)
    const child = spawnWebgym(
      [
        'rollout',
        '--policy',
        'random',
        '--horizon',
        '4',
        '--concurrency',
        '2',
        '--browsers',
        '2',
        '--step-timeout',
        '4',
        '--shots',
        join(dir, 'shots'),
        '--summary',
        summary,
        '-o',
        out,
        '-',
      ],
      {input: ndjson(tasks), tmp: dir},
    )
    await waitFor(() => lines(out) >= 1, 240_000, 'a trajectory')
    const browsers = chromiumBrowsers(dir)
    expect(browsers).toHaveLength(2)
    process.kill(browsers[0]!, 'SIGSTOP')
    const result = await child
    expect(result.stderr).toMatch(/does not answer: replacing it/)
    expect(result.exitCode).toBe(0)
    expect(
      readNdjson(out)
        .map((t) => t.task.id)
        .sort(),
    ).toEqual(tasks.map((t) => t.id).sort())
    expect(JSON.parse(readFileSync(summary, 'utf8')).browser_restarts).toBeGreaterThanOrEqual(1)
    await waitFor(() => chromiumProcesses(dir).length === 0, 10_000, 'no Chromium left')
  }, 600_000)

  it('stops on SIGINT with in-flight episodes aborted, and --resume finishes with every task exactly once', async () => {
    const {dir} = workdir()
    const out = join(dir, 'traj.ndjson')
    const tasks = join(dir, 'tasks.ndjson')
    writeFileSync(tasks, ndjson(sample))
    const args = [
      'rollout',
      '--policy',
      'random',
      '--horizon',
      '5',
      '--concurrency',
      '3',
      '--browsers',
      '1',
      '--grace',
      '0',
      '--shots',
      join(dir, 'shots'),
      tasks,
    ]
    const first = spawnWebgym([...args, '-o', out], {tmp: dir})
    await waitFor(() => lines(out) >= 2, 240_000, 'two trajectories')
    first.kill('SIGINT')
    const stopped = await first
    expect(stopped.exitCode).toBe(130)
    expect(stopped.stderr).toMatch(/stopped by SIGINT.*\n.*|rerun with --resume/)
    expect(stopped.stderr).toContain(`--resume ${out}`)
    const partial = readNdjson(out)
    // Every task has its one record: those in flight aborted (stopped), those never started written as not started.
    expect(partial.map((t) => t.task.id).sort()).toEqual(sample.map((t) => t.id).sort())
    expect(partial.some((t) => t.status === 'aborted' && t.cause?.kind === 'stopped')).toBe(true)
    expect(partial.some((t) => t.status === 'aborted' && t.cause?.kind === 'not-started')).toBe(true)
    expect(partial.filter((t) => t.status !== 'aborted').length).toBeGreaterThanOrEqual(2)
    expect(chromiumProcesses(dir)).toEqual([])

    const resumed = await spawnWebgym([...args, '--resume', out], {tmp: dir})
    expect(resumed.exitCode).toBe(0)
    const all = readNdjson(out)
    expect(all.map((t) => t.task.id).sort()).toEqual(sample.map((t) => t.id).sort())
    expect(all.filter((t) => t.status === 'aborted')).toEqual([])
    expect(chromiumProcesses(dir)).toEqual([])
  }, 600_000)

  it('runs lock-step batches in --mode sync with the same episode code (random actions of the kinds asked for)', async () => {
    const {dir} = workdir()
    const result = await spawnWebgym(
      [
        'rollout',
        '--policy',
        'random',
        '--random-actions',
        'left_click,scroll',
        '--mode',
        'sync',
        '--concurrency',
        '2',
        '--horizon',
        '4',
        '--shots',
        join(dir, 'shots'),
        '-',
      ],
      {input: ndjson(sample.slice(0, 4)), tmp: dir},
    )
    expect(result.exitCode).toBe(0)
    const trajectories = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(trajectories.map((t) => t.task.id).sort()).toEqual(
      sample
        .slice(0, 4)
        .map((t) => t.id)
        .sort(),
    )
    for (const trajectory of trajectories) {
      expect(trajectory.run.horizon).toBe(4)
      expect(trajectory.steps.length).toBeGreaterThan(0)
      for (const step of trajectory.steps) expect(['left_click', 'scroll']).toContain(step.action.name)
    }
    expect(chromiumProcesses(dir)).toEqual([])
  }, 300_000)

  it('--mode sync starts a batch only when the whole previous one has ended; --mode async starts the next task as soon as a session is free', async () => {
    const {dir} = workdir()
    const easy = sample.filter((task) => task.level === 'easy')
    const longer = sample.find((task) => task.level !== 'easy')!
    expect(easy.length).toBeGreaterThanOrEqual(3)
    // The first batch (C=2, input order) pairs a 1-step episode with a 6-step one: random clicks never answer.
    const tasks = [easy[0]!, longer, easy[1]!, easy[2]!]
    const run = async (mode: string) => {
      const result = await spawnWebgym(
        [
          'rollout',
          '--policy',
          'random',
          '--random-actions',
          'left_click',
          '--mode',
          mode,
          '--concurrency',
          '2',
          '--horizon',
          '1,6,6',
          '--shots',
          join(dir, `shots-${mode}`),
          '-',
        ],
        {input: ndjson(tasks), tmp: dir},
      )
      expect(result.exitCode).toBe(0)
      const byId = new Map<string, any>(
        result.stdout
          .trim()
          .split('\n')
          .map((line) => [JSON.parse(line).task.id, JSON.parse(line)]),
      )
      const [short, long, third, fourth] = tasks.map((task) => byId.get(task.id))
      expect([short.steps.length, long.steps.length]).toEqual([1, 6])
      return {
        longEnded: Date.parse(long.run.ended_at),
        shortEnded: Date.parse(short.run.ended_at),
        nextStarted: Math.min(Date.parse(third.run.started_at), Date.parse(fourth.run.started_at)),
      }
    }
    const sync = await run('sync')
    expect(sync.nextStarted).toBeGreaterThanOrEqual(sync.longEnded)
    const async = await run('async')
    expect(async.nextStarted).toBeGreaterThanOrEqual(async.shortEnded)
    expect(async.nextStarted).toBeLessThan(async.longEnded)
    expect(chromiumProcesses(dir)).toEqual([])
  }, 300_000)
})

describe('reproducibility', () => {
  it('gives the same actions for the same --seed, and --policy replay re-executes them to the same pages', async () => {
    const {dir} = workdir()
    const tasks = ndjson(sample.slice(0, 3))
    const run = async (args: string[], input = tasks) => {
      const result = await spawnWebgym(
        ['rollout', '--horizon', '6', '--concurrency', '3', '--shots', join(dir, 'shots'), ...args, '-'],
        {input, tmp: dir},
      )
      expect(result.exitCode).toBe(0)
      const byId = new Map<string, any>(
        result.stdout
          .trim()
          .split('\n')
          .map((line) => [JSON.parse(line).task.id, JSON.parse(line)]),
      )
      return sample.slice(0, 3).map((task) => byId.get(task.id))
    }
    const actions = (trajectories: any[]) => trajectories.map((t) => t.steps.map((step: any) => step.action))
    const urls = (trajectories: any[]) => trajectories.map((t) => t.steps.map((step: any) => step.url))
    const first = await run(['--policy', 'random', '--seed', '3'])
    const second = await run(['--policy', 'random', '--seed', '3'])
    const other = await run(['--policy', 'random', '--seed', '4'])
    expect(actions(second)).toEqual(actions(first))
    expect(actions(other)).not.toEqual(actions(first))
    const recorded = join(dir, 'first.ndjson')
    writeFileSync(recorded, ndjson(first))
    const replayed = await run(['--policy', 'replay', '--replay', recorded])
    expect(actions(replayed)).toEqual(actions(first))
    expect(urls(replayed)).toEqual(urls(first))
    expect(replayed.map((t) => t.run.policy)).toEqual(['replay', 'replay', 'replay'])
    expect(chromiumProcesses(dir)).toEqual([])
  }, 300_000)
})

describe('remote browsers and a running fixture web', () => {
  it('rolls out through `webgym browsers serve` against `webgym sites serve`', async () => {
    const {dir} = workdir()
    const sites = spawnWebgym(['sites', 'serve', '--port', '0'])
    const sitesInfo = JSON.parse(await firstLine(sites))
    const browsers = spawnWebgym(['browsers', 'serve', '--host-resolver-rules', sitesInfo.host_resolver_rules], {
      tmp: dir,
    })
    const browserInfo = JSON.parse(await firstLine(browsers))
    expect(browserInfo.ws_endpoint).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\//)
    try {
      const result = await spawnWebgym(
        [
          'rollout',
          '--policy',
          'oracle',
          '--horizon',
          '60',
          '--browser-ws',
          browserInfo.ws_endpoint,
          '--sites',
          sitesInfo.url,
          '--sites-token',
          sitesInfo.token,
          '--shots',
          join(dir, 'shots'),
          '-',
        ],
        {input: ndjson(sample.slice(0, 2))},
      )
      expect(result.exitCode).toBe(0)
      expect(result.stderr).not.toMatch(/fixture web started/)
      const trajectories = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
      expect(trajectories.map((t) => [t.status, t.check?.pass])).toEqual([
        ['answered', true],
        ['answered', true],
      ])
      expect(result.stderr).not.toMatch(/checks could not be made/)
      // Without the fixture web's token its checks cannot be made: the trajectories say so, and so does stderr.
      const untokened = await spawnWebgym(
        [
          'rollout',
          '--policy',
          'oracle',
          '--horizon',
          '60',
          '--browser-ws',
          browserInfo.ws_endpoint,
          '--sites',
          sitesInfo.url,
          '--shots',
          join(dir, 'shots'),
          '-',
        ],
        {input: ndjson(sample.slice(0, 1)), env: {WEBGYM_SITES_TOKEN: ''}},
      )
      expect(untokened.exitCode).toBe(0)
      expect(JSON.parse(untokened.stdout).check).toEqual({
        error: 'no token for the fixture web check endpoint (pass --sites-token with --sites)',
      })
      expect(untokened.stderr).toContain(
        'webgym: 1 fixture-web checks could not be made (first: no token for the fixture web check endpoint (pass --sites-token with --sites)); those trajectories hold check.error, and webgym judge --judge programmatic cannot score them',
      )
    } finally {
      browsers.kill('SIGINT')
      sites.kill('SIGINT')
    }
    expect((await browsers).exitCode).toBe(0)
    expect((await sites).exitCode).toBe(0)
    expect(chromiumProcesses(dir)).toEqual([])
  }, 300_000)
})

describe('rollout --blocklist', () => {
  it('blocklists a website after --block-after blocked pages and ends its remaining tasks as blocked', async () => {
    const {dir} = workdir()
    const catalog = new Catalog({seed: 0})
    const tasks = [...catalog.taskRecords()]
    const blockedSite = tasks[0]!.website!
    const ofBlocked = tasks.filter((t) => t.website === blockedSite).slice(0, 4)
    const other = tasks.find((t) => t.website !== blockedSite)!
    const listFile = join(dir, 'blocklist.txt')
    writeFileSync(listFile, '# websites not to visit\nexample-never-used.test\n')
    const sites = spawnWebgym([
      'sites',
      'serve',
      '--port',
      '0',
      '--fault-site',
      `${blockedSite}=block=1,block-kind=403`,
    ])
    const info = JSON.parse(await firstLine(sites))
    try {
      const result = await spawnWebgym(
        [
          'rollout',
          '--policy',
          'random',
          '--horizon',
          '2',
          '--concurrency',
          '1',
          '--sites',
          info.url,
          '--sites-token',
          info.token,
          '--blocklist',
          listFile,
          '--block-after',
          '2',
          '--shots',
          join(dir, 'shots'),
          '-',
        ],
        {input: ndjson([...ofBlocked, other]), tmp: dir},
      )
      expect(result.exitCode).toBe(0)
      const byId = new Map(
        result.stdout
          .trim()
          .split('\n')
          .map((line) => [JSON.parse(line).task.id, JSON.parse(line)]),
      )
      expect(ofBlocked.map((t) => byId.get(t.id).status)).toEqual(['blocked', 'blocked', 'blocked', 'blocked'])
      expect(byId.get(ofBlocked[0]!.id).error).toMatch(/403|blocked page/i)
      expect(byId.get(ofBlocked[2]!.id).error).toMatch(/on the blocklist/)
      expect(byId.get(ofBlocked[2]!.id).steps).toEqual([])
      expect(byId.get(other.id).status).not.toBe('blocked')
      expect(readFileSync(listFile, 'utf8')).toMatch(new RegExp(`^${blockedSite.replace(/\./g, '\\.')}\\b`, 'm'))
      expect(result.stderr).toContain(`added to the blocklist: ${blockedSite}`)
    } finally {
      sites.kill('SIGINT')
      await sites
    }
    expect(chromiumProcesses(dir)).toEqual([])
  }, 300_000)
})
